import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { company } from "../schema/business";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson, newCartSession, outboxMentioning, putInCart, query } from "./helpers/factories-commerce";

const form = {
  customerName: "Jane Smith",
  customerEmail: "  Jane.Smith@Example.com ",
  customerPhone: "0161 496 0456",
  shippingAddress: "12 Example Street, Sale, M33 1AA",
  notes: "Please ring the bell",
};

/** A cart of two valves at £129.99 and one fan at £50.00: £309.98. */
async function cartWithItems() {
  const session = newCartSession();
  const valve = await createProduct({ name: "Gas Valve VK4105", brand: "Honeywell", pricePence: 12999 });
  const fan = await createProduct({ name: "Fan Assembly", brand: "Baxi", pricePence: 5000, editedImage: "/img/fan-edited.png" });
  await putInCart(session, valve.id, 2);
  await putInCart(session, fan.id, 1);
  return { session, valve, fan };
}

const ordersOf = (session: string) => query<Record<string, any>>("SELECT * FROM orders WHERE session_id = ?1", session);
const linesOfOrder = (orderId: string) =>
  query<Record<string, any>>(
    "SELECT product_id, name, brand, image, unit_price_pence, quantity FROM order_lines WHERE order_id = ?1 ORDER BY id",
    orderId,
  );
const cartOf = (session: string) =>
  query("SELECT product_id, quantity FROM cart_items WHERE session_id = ?1 ORDER BY id", session);

describe("POST /api/orders", () => {
  it("places the order from the session's cart and D1 prices, snapshots the lines and empties the cart", async () => {
    const { session, valve, fan } = await cartWithItems();
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      json: { ...form, sessionId: session, totalAmount: "309.98" },
    });
    expect(status).toBe(201);
    expect(body.order).toEqual({
      id: expect.stringMatching(/^ord_[a-z2-7]{24}$/),
      number: expect.stringMatching(/^NS-1\d{4,}$/),
      totalAmount: "309.98",
      paymentStatus: "unpaid",
      fulfilmentStatus: "new",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lines: [
        { name: "Gas Valve VK4105", brand: "Honeywell", quantity: 2, unitPrice: "129.99" },
        { name: "Fan Assembly", brand: "Baxi", quantity: 1, unitPrice: "50.00" },
      ],
    });

    const [order] = await ordersOf(session);
    expect(order).toMatchObject({
      id: body.order.id,
      customer_name: "Jane Smith",
      customer_email: "jane.smith@example.com",
      customer_phone: "0161 496 0456",
      shipping_address: "12 Example Street, Sale, M33 1AA",
      notes: "Please ring the bell",
      total_pence: 30998,
      payment_method: "order_form",
      payment_status: "unpaid",
      stripe_session_id: null,
    });
    expect(await linesOfOrder(body.order.id)).toEqual([
      {
        product_id: valve.id,
        name: "Gas Valve VK4105",
        brand: "Honeywell",
        image: valve.image,
        unit_price_pence: 12999,
        quantity: 2,
      },
      {
        product_id: fan.id,
        name: "Fan Assembly",
        brand: "Baxi",
        image: "/img/fan-edited.png",
        unit_price_pence: 5000,
        quantity: 1,
      },
    ]);
    expect(await cartOf(session)).toEqual([]);
  });

  it("e-mails the owner the order through the mail adapter (the outbox locally)", async () => {
    const { session } = await cartWithItems();
    const { body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, customerName: "Bob <b>Builder</b>", totalAmount: "309.98" },
    });
    const mails = await outboxMentioning(body.order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order", to: company.email });
    expect(mails[0]!.subject).toContain("£309.98");
    expect(mails[0]!.text).toContain("2 × Gas Valve VK4105 (Honeywell) @ £129.99");
    expect(mails[0]!.text).toContain("0161 496 0456");
    expect(mails[0]!.html).toContain("Bob &lt;b&gt;Builder&lt;/b&gt;");
    expect(mails[0]!.html).not.toContain("<b>Builder</b>");
  });

  it("sends the owner's copy to OWNER_EMAIL when it is set", async () => {
    const { session } = await cartWithItems();
    const { body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "309.98" },
      env: { OWNER_EMAIL: "owner@example.org" },
    });
    expect((await outboxMentioning(body.order.id)).map((m) => m.to)).toEqual(["owner@example.org"]);
  });

  it.each([["£309.98"], [309.98], [" 309.98 "]])("accepts the total written as %j", async (totalAmount) => {
    const { session } = await cartWithItems();
    const { status } = await callAppJson("/api/orders", { method: "POST", session, json: { ...form, totalAmount } });
    expect(status).toBe(201);
  });

  it("refuses a tampered total with 409 and the current total, and writes nothing", async () => {
    const { session } = await cartWithItems();
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "0.01" },
    });
    expect(status).toBe(409);
    const error = "The prices in your cart have changed. Your total is now £309.98.";
    expect(body).toEqual({
      code: "CONFLICT",
      error,
      requestId: expect.any(String),
      details: [{ path: "totalAmount", message: error, value: "309.98" }],
    });
    expect(await ordersOf(session)).toEqual([]);
    expect(await cartOf(session)).toHaveLength(2);
  });

  it("refuses the old total after a price change, so nobody pays a price they did not see", async () => {
    const { session, valve } = await cartWithItems();
    await env.DB.prepare("UPDATE products SET price_pence = 13999 WHERE id = ?1").bind(valve.id).run();
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "309.98" },
    });
    expect(status).toBe(409);
    expect(body.details[0].value).toBe("329.98");
    expect(await ordersOf(session)).toEqual([]);
  });

  it("keeps the price snapshot when the product changes afterwards", async () => {
    const { session, valve } = await cartWithItems();
    const { body } = await callAppJson("/api/orders", { method: "POST", session, json: { ...form, totalAmount: "309.98" } });
    await env.DB.prepare("UPDATE products SET price_pence = 99999, name = 'Renamed' WHERE id = ?1").bind(valve.id).run();
    const [line] = await linesOfOrder(body.order.id);
    expect(line).toMatchObject({ name: "Gas Valve VK4105", unit_price_pence: 12999 });
  });

  it("refuses an empty cart with 400", async () => {
    const session = newCartSession();
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "0.00" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: "Your cart is empty" });
    expect(await ordersOf(session)).toEqual([]);
  });

  it("refuses a cart holding an out-of-stock part with 409 and keeps the cart", async () => {
    const { session } = await cartWithItems();
    const gone = await createProduct({ name: "Discontinued PCB", inStock: false });
    await putInCart(session, gone.id, 1);
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "355.97" },
    });
    expect(status).toBe(409);
    expect(body.error).toBe("Discontinued PCB is out of stock. Please change your cart and try again.");
    expect(body.details).toEqual([
      { path: "lines.2.quantity", message: "Discontinued PCB is out of stock", productId: gone.id, available: 0 },
    ]);
    expect(await ordersOf(session)).toEqual([]);
    expect(await cartOf(session)).toHaveLength(3);
  });

  it("places one order only when the same cart is submitted twice at once", async () => {
    const { session } = await cartWithItems();
    const submit = () => callApp("/api/orders", { method: "POST", session, json: { ...form, totalAmount: "309.98" } });
    const statuses = (await Promise.all([submit(), submit()])).map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    expect(await ordersOf(session)).toHaveLength(1);
  });

  it("gives every order a different, unguessable id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { session } = await cartWithItems();
      const { body } = await callAppJson("/api/orders", { method: "POST", session, json: { ...form, totalAmount: "309.98" } });
      ids.add(body.order.id);
    }
    expect(ids.size).toBe(3);
  });

  it.each([
    [{ customerName: "J" }, "Name must be at least 2 characters"],
    [{ customerName: 42 }, "Name must be at least 2 characters"],
    [{ customerName: undefined }, "Name must be at least 2 characters"],
    [{ customerEmail: "jane.example.com" }, "Please enter a valid email address"],
    [{ customerEmail: undefined }, "Please enter a valid email address"],
    [{ customerPhone: "12345" }, "Please enter a valid phone number"],
    [{ customerPhone: "0161 496 04xx" }, "Please enter a valid phone number"],
    [{ customerPhone: false }, "Please enter a valid phone number"],
    [{ shippingAddress: "Sale" }, "Please enter a complete address"],
    [{ shippingAddress: ["12 Example Street"] }, "Please enter a complete address"],
    [{ notes: "x".repeat(1001) }, "Notes are too long"],
    [{ totalAmount: undefined }, "The order total is missing"],
    [{ totalAmount: "lots" }, "The total is not a valid amount"],
    [{ totalAmount: -5 }, "The total is not a valid amount"],
    [{ totalAmount: true }, "The total is not a valid amount"],
  ])("refuses %j with 400 %s and writes nothing", async (change, message) => {
    const { session } = await cartWithItems();
    const { status, body } = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "309.98", ...change },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: message });
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    expect(await ordersOf(session)).toEqual([]);
    expect(await cartOf(session)).toHaveLength(2);
  });

  it("lists every invalid field in details", async () => {
    const { body } = await callAppJson("/api/orders", { method: "POST", session: newCartSession(), json: {} });
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(["customerName", "customerEmail", "customerPhone", "shippingAddress", "totalAmount"]),
    );
  });

  it("refuses a missing session and a header that disagrees with the body", async () => {
    const { session } = await cartWithItems();
    const missing = await callAppJson("/api/orders", { method: "POST", json: { ...form, totalAmount: "309.98" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("A cart session id is required");
    const mismatch = await callAppJson("/api/orders", {
      method: "POST",
      session: newCartSession(),
      json: { ...form, sessionId: session, totalAmount: "309.98" },
    });
    expect(mismatch.status).toBe(400);
    expect(await ordersOf(session)).toEqual([]);
  });

  it("answers malformed JSON with 400 and an oversized body with 413, writing nothing", async () => {
    const { session } = await cartWithItems();
    const malformed = await callApp("/api/orders", {
      method: "POST",
      session,
      headers: { "Content-Type": "application/json" },
      body: "{ not json",
    });
    expect(malformed.status).toBe(400);
    const oversized = await callApp("/api/orders", {
      method: "POST",
      session,
      json: { ...form, totalAmount: "309.98", notes: "x".repeat(API_BODY_LIMIT_BYTES) },
    });
    expect(oversized.status).toBe(413);
    expect(await ordersOf(session)).toEqual([]);
    expect(await cartOf(session)).toHaveLength(2);
  });
});
