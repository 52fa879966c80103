import { describe, expect, it } from "vitest";
import { company } from "../schema/business";
import { whenWeWillCall } from "../worker/services/mail/customer-emails";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { callAppJson, newCartSession, outboxTo, putInCart, query } from "./helpers/factories-commerce";

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function placeOrder(email: string) {
  const part = await createProduct({
    name: `Diverter Valve ${crypto.randomUUID().slice(0, 6)}`,
    pricePence: 4250,
    stockQuantity: 10,
  });
  const session = newCartSession();
  await putInCart(session, part.id, 2);
  const { status, body } = await callAppJson("/api/orders", {
    method: "POST",
    session,
    json: {
      customerName: "Priya Shah",
      customerEmail: email,
      customerPhone: "0161 496 0777",
      shippingAddress: "Flat 2 <Rear>, 12 Chorlton Road, Manchester, M16 7AB",
      totalAmount: "85.00",
    },
  });
  expect(status).toBe(201);
  const [row] = await query<{ number: number }>("SELECT number FROM orders WHERE id = ?1", body.order.id);
  expect(body.order.number).toBe(`NS-${row!.number}`);
  return { id: body.order.id as string, number: body.order.number as string, part };
}

const move = async (id: string, json: Record<string, unknown>) =>
  callAppJson(`/api/admin/orders/${id}`, { method: "PATCH", json, headers: await adminHeaders() });

describe("an e-mail for every step of an order", () => {
  it("confirms a checkout-form order at once, with the lines, total, address, number and what happens next", async () => {
    const email = uniqueEmail("order");
    const { number, part } = await placeOrder(email);
    const [mail] = await outboxTo(email);
    expect(mail!.subject).toBe(`${company.shortName}: we've got your order ${number}`);
    for (const fact of [
      number,
      `2 × ${part.name} (${part.brand}) @ £42.50`,
      "Total: £85.00",
      "12 Chorlton Road",
      "What happens next",
    ]) {
      expect(mail!.text).toContain(fact);
    }
    // The customer's own words are escaped in the HTML, never markup.
    expect(mail!.html).toContain("Hello Priya,");
    expect(mail!.html).toContain("Flat 2 &lt;Rear&gt;, 12 Chorlton Road");
    expect(mail!.html).not.toContain("<Rear>");
  });

  it("tells the customer when the owner confirms, dispatches (with courier and tracking) and cancels", async () => {
    const email = uniqueEmail("steps");
    const { id, number } = await placeOrder(email);
    expect((await move(id, { fulfilmentStatus: "confirmed" })).status).toBe(200);
    expect((await move(id, { fulfilmentStatus: "dispatched", courier: "DPD", trackingReference: "15501234567890" })).status).toBe(
      200,
    );
    const mails = await outboxTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `${company.shortName}: we've got your order ${number}`,
      `${company.shortName}: order ${number} is confirmed`,
      `${company.shortName}: order ${number} is on its way`,
    ]);
    expect(mails[2]!.text).toContain("dispatched with DPD");
    expect(mails[2]!.text).toContain("Tracking reference: 15501234567890");
    expect(mails[2]!.html).toContain("15501234567890");

    const other = uniqueEmail("cancel");
    const second = await placeOrder(other);
    expect((await move(second.id, { fulfilmentStatus: "cancelled" })).status).toBe(200);
    const cancelled = await outboxTo(other);
    expect(cancelled.at(-1)!.subject).toBe(`${company.shortName}: order ${second.number} is cancelled`);
    expect(cancelled.at(-1)!.text).toContain("has been cancelled");
  });

  it("sends nothing new when a move is refused", async () => {
    const email = uniqueEmail("refused");
    const { id } = await placeOrder(email);
    expect((await move(id, { fulfilmentStatus: "completed" })).status).toBe(409);
    expect(await outboxTo(email)).toHaveLength(1);
  });
});

describe("quote acknowledgement", () => {
  it("tells the person at once what they asked, when we will call and the emergency number", async () => {
    const email = uniqueEmail("quote");
    const { status } = await callAppJson("/api/quotes", {
      method: "POST",
      json: {
        name: "Tom Fielding",
        phone: "07700 900123",
        email,
        postcode: "M33 7XX",
        service: "annual-service",
        message: "Vaillant ecoTEC, last serviced 2025",
      },
    });
    expect(status).toBe(201);
    const [mail] = await outboxTo(email);
    expect(mail!.subject).toBe(`${company.shortName}: we've got your quote request`);
    for (const fact of [
      "Hello Tom,",
      "Service: Annual Service",
      "Vaillant ecoTEC, last serviced 2025",
      company.emergencyPhone,
      "0800 111 999",
    ]) {
      expect(mail!.text).toContain(fact);
    }
    expect(mail!.text).toMatch(/We'll call you within|Our office is closed now/);
  });

  it("promises a call inside opening hours, and the next opening otherwise", () => {
    // Monday 24 November 2026 (GMT).
    expect(whenWeWillCall(new Date("2026-11-24T10:00:00Z"))).toBe(`We'll call you within ${company.enquiryResponseHours} hours.`);
    expect(whenWeWillCall(new Date("2026-11-24T20:00:00Z"))).toContain("tomorrow morning");
    expect(whenWeWillCall(new Date("2026-11-24T06:00:00Z"))).toContain("this morning");
    expect(whenWeWillCall(new Date("2026-11-28T17:00:00Z"))).toContain("on Monday morning");
  });
});
