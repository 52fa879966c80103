import { describe, expect, it } from "vitest";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson, newCartSession, putInCart, query } from "./helpers/factories-commerce";

const linesOf = (sessionId: string) =>
  query<{ id: number; product_id: number; quantity: number }>(
    "SELECT id, product_id, quantity FROM cart_items WHERE session_id = ?1 ORDER BY id",
    sessionId,
  );

describe("GET /api/cart", () => {
  it("lists the session's lines with quantity and the product, oldest first", async () => {
    const session = newCartSession();
    const valve = await createProduct({ name: "Gas Valve", pricePence: 12999 });
    const fan = await createProduct({ name: "Fan", pricePence: 5000 });
    const first = await putInCart(session, valve.id, 2);
    const second = await putInCart(session, fan.id, 1);
    const { status, body, res } = await callAppJson("/api/cart", { session });
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: first, productId: valve.id, quantity: 2, product: expect.objectContaining({ name: "Gas Valve", price: "129.99" }) },
      { id: second, productId: fan.id, quantity: 1, product: expect.objectContaining({ name: "Fan", price: "50.00" }) },
    ]);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("gives an empty list for a new session and never shows another session's lines", async () => {
    const other = newCartSession();
    await putInCart(other, (await createProduct()).id, 3);
    const { status, body } = await callAppJson("/api/cart", { session: newCartSession() });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("refuses a missing or malformed session id with 400", async () => {
    const missing = await callAppJson("/api/cart");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", error: "A cart session id is required" });
    for (const bad of [
      "abc",
      "session_1_x",
      `session_${Date.now()}_${"a".repeat(10)}`,
      `session_${Date.now()}_${"a".repeat(65)}`,
    ]) {
      const { status, body } = await callAppJson("/api/cart", { session: bad });
      expect(status).toBe(400);
      expect(body.error).toBe("The cart session id is not valid");
    }
  });
});

describe("POST /api/cart/add", () => {
  it("adds a line with the site's own body and answers the line with its product", async () => {
    const session = newCartSession();
    const product = await createProduct({ name: "PCB Board", pricePence: 18950 });
    const { status, body } = await callAppJson("/api/cart/add", {
      method: "POST",
      json: { sessionId: session, productId: product.id, quantity: 1 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ productId: product.id, quantity: 1, product: { name: "PCB Board", price: "189.50" } });
    expect(await linesOf(session)).toEqual([{ id: body.id, product_id: product.id, quantity: 1 }]);
  });

  it("takes the session from the X-Cart-Session header and defaults the quantity to 1", async () => {
    const session = newCartSession();
    const product = await createProduct();
    const { status, body } = await callAppJson("/api/cart/add", { method: "POST", session, json: { productId: product.id } });
    expect(status).toBe(200);
    expect(body.quantity).toBe(1);
    expect(await linesOf(session)).toHaveLength(1);
  });

  it("merges with the existing line of the same product", async () => {
    const session = newCartSession();
    const product = await createProduct();
    await callApp("/api/cart/add", { method: "POST", session, json: { productId: product.id, quantity: 2 } });
    const { body } = await callAppJson("/api/cart/add", {
      method: "POST",
      session,
      json: { productId: product.id, quantity: 3 },
    });
    expect(body.quantity).toBe(5);
    expect(await linesOf(session)).toEqual([{ id: body.id, product_id: product.id, quantity: 5 }]);
  });

  it("counts every one of 20 concurrent adds to one line", async () => {
    const session = newCartSession();
    const product = await createProduct();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        callApp("/api/cart/add", { method: "POST", session, json: { sessionId: session, productId: product.id, quantity: 1 } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const lines = await linesOf(session);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(20);
  });

  it("refuses an out-of-stock product with 409 and writes nothing", async () => {
    const session = newCartSession();
    const product = await createProduct({ name: "Old Burner", inStock: false });
    const { status, body } = await callAppJson("/api/cart/add", { method: "POST", session, json: { productId: product.id } });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: "CONFLICT", error: "Old Burner is out of stock" });
    expect(await linesOf(session)).toEqual([]);
  });

  it("refuses an unknown product with 404 and writes nothing", async () => {
    const session = newCartSession();
    const { status, body } = await callAppJson("/api/cart/add", { method: "POST", session, json: { productId: 987654321 } });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "NOT_FOUND", error: "Product not found" });
    expect(await linesOf(session)).toEqual([]);
  });

  it("never lets a line pass 99 and leaves it as it was", async () => {
    const session = newCartSession();
    const product = await createProduct();
    const id = await putInCart(session, product.id, 98);
    const { status, body } = await callAppJson("/api/cart/add", {
      method: "POST",
      session,
      json: { productId: product.id, quantity: 2 },
    });
    expect(status).toBe(409);
    const error = "You can have at most 99 of one item in your cart (you have 98)";
    expect(body).toMatchObject({ error, details: [{ path: "quantity", message: error, value: 98 }] });
    expect(await linesOf(session)).toEqual([{ id, product_id: product.id, quantity: 98 }]);
  });

  it.each([
    [{ productId: "1" }, "Please choose a product"],
    [{ productId: 1.5 }, "Please choose a product"],
    [{ productId: -1 }, "Please choose a product"],
    [{}, "Please choose a product"],
    [{ productId: 1, quantity: 0 }, "Please choose a quantity from 1 to 99"],
    [{ productId: 1, quantity: 100 }, "Please choose a quantity from 1 to 99"],
    [{ productId: 1, quantity: "2" }, "Please choose a quantity from 1 to 99"],
  ])("refuses %j with 400 %s", async (json, message) => {
    const session = newCartSession();
    const { status, body } = await callAppJson("/api/cart/add", { method: "POST", session, json });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: message });
    expect(await linesOf(session)).toEqual([]);
  });

  it("refuses a missing session, a malformed one, and a header that disagrees with the body", async () => {
    const product = await createProduct();
    const missing = await callAppJson("/api/cart/add", { method: "POST", json: { productId: product.id } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("A cart session id is required");

    const malformed = await callAppJson("/api/cart/add", { method: "POST", json: { sessionId: "nope", productId: product.id } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("The cart session id is not valid");

    const a = newCartSession();
    const b = newCartSession();
    const mismatch = await callAppJson("/api/cart/add", {
      method: "POST",
      session: a,
      json: { sessionId: b, productId: product.id },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("The cart session in the header and the body do not match");
    expect([...(await linesOf(a)), ...(await linesOf(b))]).toEqual([]);
  });

  it("answers malformed JSON with 400 and writes nothing", async () => {
    const session = newCartSession();
    const res = await callApp("/api/cart/add", {
      method: "POST",
      session,
      headers: { "Content-Type": "application/json" },
      body: '{"productId": 1,',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_FAILED", error: "The request body is not valid JSON." });
    expect(await linesOf(session)).toEqual([]);
  });

  it("answers an oversized body with 413 and writes nothing", async () => {
    const session = newCartSession();
    const product = await createProduct();
    const res = await callApp("/api/cart/add", {
      method: "POST",
      session,
      json: { productId: product.id, padding: "x".repeat(API_BODY_LIMIT_BYTES) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await linesOf(session)).toEqual([]);
  });
});

describe("PUT /api/cart/{id}", () => {
  it("sets the quantity of the session's own line", async () => {
    const session = newCartSession();
    const product = await createProduct();
    const id = await putInCart(session, product.id, 1);
    const { status, body } = await callAppJson(`/api/cart/${id}`, { method: "PUT", session, json: { quantity: 7 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, productId: product.id, quantity: 7, product: { id: product.id } });
    expect(await linesOf(session)).toEqual([{ id, product_id: product.id, quantity: 7 }]);
  });

  it.each([0, -3])("removes the line when the quantity is %i", async (quantity) => {
    const session = newCartSession();
    const id = await putInCart(session, (await createProduct()).id, 4);
    const { status, body } = await callAppJson(`/api/cart/${id}`, { method: "PUT", session, json: { quantity } });
    expect(status).toBe(200);
    expect(body).toEqual({ id, removed: true });
    expect(await linesOf(session)).toEqual([]);
  });

  it("answers 404 to another session and leaves the line untouched", async () => {
    const owner = newCartSession();
    const product = await createProduct();
    const id = await putInCart(owner, product.id, 2);
    for (const quantity of [5, 0]) {
      const { status, body } = await callAppJson(`/api/cart/${id}`, {
        method: "PUT",
        session: newCartSession(),
        json: { quantity },
      });
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: "NOT_FOUND", error: "Cart item not found" });
    }
    expect(await linesOf(owner)).toEqual([{ id, product_id: product.id, quantity: 2 }]);
  });

  it("answers 404 for an unknown line and 400 for an id that is not a number", async () => {
    const session = newCartSession();
    expect((await callApp("/api/cart/99999999", { method: "PUT", session, json: { quantity: 1 } })).status).toBe(404);
    const bad = await callAppJson("/api/cart/abc", { method: "PUT", session, json: { quantity: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The cart item id is not valid");
  });

  it.each([[100], [1.5], ["3"], [null]])("refuses the quantity %j with 400 and leaves the line as it was", async (quantity) => {
    const session = newCartSession();
    const product = await createProduct();
    const id = await putInCart(session, product.id, 2);
    const { status, body } = await callAppJson(`/api/cart/${id}`, { method: "PUT", session, json: { quantity } });
    expect(status).toBe(400);
    expect(body.error).toBe("Please choose a quantity from 1 to 99");
    expect(await linesOf(session)).toEqual([{ id, product_id: product.id, quantity: 2 }]);
  });

  it("refuses a request without a session", async () => {
    const session = newCartSession();
    const id = await putInCart(session, (await createProduct()).id, 2);
    const { status } = await callAppJson(`/api/cart/${id}`, { method: "PUT", json: { quantity: 5 } });
    expect(status).toBe(400);
    expect((await linesOf(session))[0]!.quantity).toBe(2);
  });
});

describe("DELETE /api/cart/{id}", () => {
  it("removes the session's own line", async () => {
    const session = newCartSession();
    const keep = await putInCart(session, (await createProduct()).id, 1);
    const id = await putInCart(session, (await createProduct()).id, 1);
    const { status, body } = await callAppJson(`/api/cart/${id}`, { method: "DELETE", session });
    expect(status).toBe(200);
    expect(body).toEqual({ id, removed: true });
    expect((await linesOf(session)).map((l) => l.id)).toEqual([keep]);
  });

  it("answers 404 to another session and leaves the line untouched", async () => {
    const owner = newCartSession();
    const product = await createProduct();
    const id = await putInCart(owner, product.id, 3);
    const { status } = await callAppJson(`/api/cart/${id}`, { method: "DELETE", session: newCartSession() });
    expect(status).toBe(404);
    expect(await linesOf(owner)).toEqual([{ id, product_id: product.id, quantity: 3 }]);
  });

  it("answers 404 for a line that is already gone", async () => {
    const session = newCartSession();
    const id = await putInCart(session, (await createProduct()).id, 1);
    expect((await callApp(`/api/cart/${id}`, { method: "DELETE", session })).status).toBe(200);
    expect((await callApp(`/api/cart/${id}`, { method: "DELETE", session })).status).toBe(404);
  });
});

describe("POST /api/cart/clear", () => {
  it("empties the session's cart and only that one", async () => {
    const session = newCartSession();
    const other = newCartSession();
    const product = await createProduct();
    await putInCart(session, product.id, 1);
    await putInCart(session, (await createProduct()).id, 2);
    const otherLine = await putInCart(other, product.id, 4);
    const { status, body } = await callAppJson("/api/cart/clear", { method: "POST", json: { sessionId: session } });
    expect(status).toBe(200);
    expect(body).toEqual({ cleared: 2 });
    expect(await linesOf(session)).toEqual([]);
    expect(await linesOf(other)).toEqual([{ id: otherLine, product_id: product.id, quantity: 4 }]);
  });

  it("refuses a missing session id and clears nothing", async () => {
    const session = newCartSession();
    await putInCart(session, (await createProduct()).id, 1);
    const { status, body } = await callAppJson("/api/cart/clear", { method: "POST", json: {} });
    expect(status).toBe(400);
    expect(body.error).toBe("A cart session id is required");
    expect(await linesOf(session)).toHaveLength(1);
  });
});
