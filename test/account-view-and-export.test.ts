import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import { account, admin, asCustomer, landlord, signIn } from "./helpers/account";
import { adminHeaders } from "./helpers/admin";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

describe("the account", () => {
  it("shows the customer's properties, records, quotes, invoices and preferences, scoped to them", async () => {
    const a = await landlord("Alice");
    const b = await landlord("Bob");
    const cookie = await signIn(a.email);
    const { status, body, res } = await account<AccountSummary>(cookie);
    expect(status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(body.name).toBe(`Alice Landlord-${a.tag}`);
    // The flat, and the landlord's own address (a customer's address is their first property).
    expect(body.properties).toHaveLength(2);
    const flat = body.properties.find((p) => p.id === a.flat.id);
    expect(flat).toMatchObject({
      id: a.flat.id,
      appliances: [{ location: "Kitchen", type: "boiler", make: "Worcester", model: "Greenstar 30i" }],
      lastGasSafetyRecord: { kind: "gas-safety-record", number: a.record.number },
    });
    expect(flat!.nextDeadline).toBe(a.record.nextDueDate);
    expect(flat!.bookUrl).toContain("service=gas-safety");
    expect(body.invoices).toEqual([expect.objectContaining({ number: a.invoice.number ?? expect.any(String), paid: false })]);
    expect(body.invoices[0]!.url).toMatch(/^\/invoice\//);
    expect(body.preferences).toEqual({ reminders: true, deals: "off", channel: "email" });
    // The PDF behind the link is the record.
    const pdf = await callApp(flat!.lastGasSafetyRecord!.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    // Nothing of Bob's.
    expect(JSON.stringify(body)).not.toContain(b.tag);
  });

  it("answers 404 for another customer's property, record or invoice, and keeps the two sign-ins apart", async () => {
    const a = await landlord("Ann");
    const b = await landlord("Ben");
    const cookie = await signIn(a.email);
    // One property alone is the summary's property, appliances, record and booking link included.
    const one = await account(cookie, `/properties/${a.flat.id}`);
    expect(one.status).toBe(200);
    const summary = await account(cookie);
    expect(one.body).toEqual(summary.body.properties.find((p: { id: number }) => p.id === a.flat.id));
    expect(one.body.lastGasSafetyRecord).not.toBeNull();
    const own = await callApp(`/api/account/documents/gas-safety-record/${a.record.id}`, { headers: asCustomer(cookie) });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toMatch(/^\/api\/documents\/gas-safety-record\//);
    expect((await callApp(`/api/account/documents/invoice/${a.invoice.id}`, { headers: asCustomer(cookie) })).status).toBe(302);
    for (const path of [
      `/properties/${b.flat.id}`,
      `/documents/gas-safety-record/${b.record.id}`,
      `/documents/invoice/${b.invoice.id}`,
      `/documents/service-sheet/${b.record.id}`,
      "/properties/99999999",
    ]) {
      const res = await account(cookie, path);
      expect(res.status, path).toBe(404);
    }
    // A customer's cookie opens no admin route; an admin's token opens no account.
    const adminRoute = await callApp("/api/admin/customers", { headers: asCustomer(cookie) });
    expect(adminRoute.status).toBe(401);
    expect((await callApp("/api/account", { headers: await adminHeaders() })).status).toBe(401);
  });

  it("exports everything held about the customer and nothing of anyone else", async () => {
    const a = await landlord("Cara");
    const b = await landlord("Dan");
    // A shop order and a booking under Cara's address, and her deals-list consent.
    await query(
      `INSERT INTO orders (id, session_id, customer_name, customer_email, total_pence, payment_method, payment_status)
       VALUES (?1, 'sess', 'Cara', ?2, 1999, 'order_form', 'pending')`,
      `order-${a.tag}`,
      a.email.toUpperCase(),
    );
    // A chat each handed over to a person, under their own address.
    const chats = { a: newChatSessionId(), b: newChatSessionId() };
    await seedChat(chats.a, [["customer", `Cara's boiler ${a.tag} is leaking`]]);
    await seedChat(chats.b, [["customer", `Dan's radiator ${b.tag} is cold`]]);
    for (const [sessionId, email] of [
      [chats.a, a.email],
      [chats.b, b.email],
    ])
      expect(
        (
          await callAppJson("/api/chat/handover", {
            method: "POST",
            ip: newClientIp(),
            json: { sessionId, name: "X", contact: email },
          })
        ).status,
      ).toBe(201);
    const cookie = await signIn(a.email);
    expect((await account(cookie, "/preferences", { method: "PATCH", json: { deals: true } })).body).toEqual({
      reminders: true,
      deals: "pending",
      channel: "email",
    });
    const { status, body, res } = await account<any>(cookie, "/export");
    expect(status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="my-data.json"');
    expect(body.customers).toEqual([expect.objectContaining({ id: a.customer.id, email: a.email })]);
    expect(body.properties).toHaveLength(2);
    expect(body.properties.every((p: { customerId: number }) => p.customerId === a.customer.id)).toBe(true);
    expect(body.properties.map((p: { id: number }) => p.id)).toContain(a.flat.id);
    expect(body.gasSafetyRecords.map((r: { id: number }) => r.id)).toEqual([a.record.id]);
    expect(body.invoices.map((i: { id: number }) => i.id)).toEqual([a.invoice.id]);
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([`order-${a.tag}`]);
    expect(body.orders[0]).not.toHaveProperty("sessionId");
    expect(body.dealsList).toEqual([expect.objectContaining({ email: a.email, status: "pending", consentSource: "/account" })]);
    expect(body.emails.length).toBeGreaterThan(0);
    expect(body.chats).toEqual([
      expect.objectContaining({ conversation: chats.a, sender: "customer", message: `Cara's boiler ${a.tag} is leaking` }),
    ]);
    for (const key of ["bookings", "enquiries", "quotes", "payments", "creditNotes", "reminders", "visits"]) {
      expect(Array.isArray(body[key]), key).toBe(true);
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(b.tag);
    expect(text).not.toContain(b.email);
  });

  it("exports what the account shows: no draft invoice, record or quote, and a quote as it was sent", async () => {
    const a = await landlord("Kit");
    const quote = (title: string) => ({
      customerId: a.customer.id,
      propertyId: a.flat.id,
      title,
      options: [
        {
          id: "check",
          name: "Check",
          lines: [{ id: "check", description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 0 }],
        },
      ],
    });
    // Work in progress in the office: a draft invoice, a draft record, a draft quote.
    const draftInvoice = await admin("POST", "/api/admin/invoices", {
      customerId: a.customer.id,
      lines: [{ description: `Draft work ${a.tag}`, quantity: 1, unitPence: 9_900, vatRate: 0 }],
    });
    expect(draftInvoice.status, JSON.stringify(draftInvoice.body)).toBe(201);
    const draftRecord = await admin("POST", "/api/admin/gas-safety-records", { propertyId: a.flat.id });
    expect(draftRecord.status, JSON.stringify(draftRecord.body)).toBe(201);
    const draftQuote = await admin("POST", "/api/admin/estimates", quote(`Unsent quote ${a.tag}`));
    expect(draftQuote.status, JSON.stringify(draftQuote.body)).toBe(201);
    // A quote sent, then changed in the office without being sent again (version 2).
    const sent = await admin("POST", "/api/admin/estimates", quote(`Sent quote ${a.tag}`));
    const sending = await admin("POST", `/api/admin/estimates/${sent.body.id}/send`);
    expect(sending.status, JSON.stringify(sending.body)).toBe(200);
    const edited = await admin("PATCH", `/api/admin/estimates/${sent.body.id}`, { title: `Revised, not sent ${a.tag}` });
    expect(edited.body).toMatchObject({ version: 2, sentVersion: 1, unsentChanges: true });

    const cookie = await signIn(a.email);
    const { status, body } = await account<any>(cookie, "/export");
    expect(status).toBe(200);
    expect(body.invoices.map((i: { id: number }) => i.id)).toEqual([a.invoice.id]);
    expect(body.gasSafetyRecords.map((r: { id: number }) => r.id)).toEqual([a.record.id]);
    expect(body.quotes).toEqual([
      expect.objectContaining({ id: sent.body.id, title: `Sent quote ${a.tag}`, version: 1, sentVersion: 1 }),
    ]);
    expect(body.quoteVersions).toEqual([expect.objectContaining({ quoteId: sent.body.id, version: 1 })]);
    const text = JSON.stringify(body);
    for (const unsent of [`Draft work ${a.tag}`, `Unsent quote ${a.tag}`, `Revised, not sent ${a.tag}`]) {
      expect(text, unsent).not.toContain(unsent);
    }
    // The account page shows the same: the quote as sent.
    const summary = await account<AccountSummary>(cookie);
    expect(summary.body.quotes.map((q) => q.title)).toEqual([`Sent quote ${a.tag}`]);
    expect(summary.body.invoices).toHaveLength(1);
  });
});
