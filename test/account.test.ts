import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import { addDays, londonToday } from "../schema/london-time";
import app from "../worker/app";
import { passedBoilerRecord } from "./fixtures/gas-safety-record";
import { adminHeaders } from "./helpers/admin";
import { guardedEnv } from "./helpers/d1-guard";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";
import { callApp, callAppJson, outboxTo, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

async function admin<T = any>(method: string, path: string, json?: unknown) {
  return callAppJson<T>(path, { method, json, headers: await adminHeaders() });
}

/** A landlord with a flat, a boiler, an issued gas safety record, a sent quote and an issued invoice. */
async function landlord(name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `${name.toLowerCase()}-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: name,
    lastName: `Landlord-${tag}`,
    email,
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const { body: flat } = await admin("POST", `/api/admin/customers/${customer.id}/properties`, {
    address: `Flat ${tag}, 14 Canal Street, Manchester`,
    postcode: "M1 3HW",
  });
  const { body: boiler } = await admin("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    flueType: "room-sealed",
  });
  const { body: draft } = await admin("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
  const filled = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, passedBoilerRecord(boiler.id, londonToday()));
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const { body: record } = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  const { body: invoice } = await admin("POST", "/api/admin/invoices", {
    customerId: customer.id,
    lines: [{ description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 20 }],
  });
  expect((await admin("POST", `/api/admin/invoices/${invoice.id}/issue`)).status).toBe(200);
  return { email, tag, customer, flat, record, invoice };
}

const outgoingLinks = async (email: string) =>
  (
    await query<{ text: string }>(
      "SELECT text FROM outgoing_emails WHERE lower(`to`) = ?1 AND kind = 'account' ORDER BY id DESC",
      email,
    )
  ).map((m) => /\/account\/sign-in#([\w-]{43})/.exec(m.text)?.[1]);

async function signIn(email: string): Promise<string> {
  const res = await callApp("/api/account/sign-in", { method: "POST", json: { email } });
  expect(res.status).toBe(202);
  const [token] = await outgoingLinks(email);
  expect(token).toBeTruthy();
  const session = await callApp("/api/account/session", { method: "POST", json: { token } });
  expect(session.status).toBe(200);
  return /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")![1]!;
}

const asCustomer = (cookie: string) => ({ Cookie: `__Secure-account=${cookie}` });
const account = async <T = any>(cookie: string, path = "", init: Parameters<typeof callApp>[1] = {}) =>
  callAppJson<T>(`/api/account${path}`, { ...init, headers: { ...asCustomer(cookie), ...init.headers } });

/** The answer's time without the work it left for after the answer (the e-mail). */
async function timedSignIn(email: string) {
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(
    new Request("http://localhost/api/account/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify({ email }),
    }),
    guardedEnv(env),
    ctx,
  );
  const ms = performance.now() - started;
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, body, ms };
}

describe("signing in to the account", () => {
  it("answers the same, as fast, for a customer's address and a stranger's, and e-mails only the customer", async () => {
    const { email } = await landlord("Known");
    const stranger = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timedSignIn(email);
      const b = await timedSignIn(stranger);
      expect(a.status).toBe(202);
      expect(b).toMatchObject({ status: 202, body: a.body });
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
    expect((await outgoingLinks(email)).length).toBe(3);
    expect(await outgoingLinks(stranger)).toEqual([]);
    const bad = await callAppJson("/api/account/sign-in", { method: "POST", json: { email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please enter a valid email address");
  });

  it("stops e-mailing one address after five links in an hour and one client after ten requests, answering the same", async () => {
    const { email } = await landlord("Busy");
    const ip = `10.77.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < 7; i++) {
      const res = await callApp("/api/account/sign-in", { method: "POST", json: { email }, ip: `${ip}${i}` });
      expect(res.status).toBe(202);
    }
    expect((await outgoingLinks(email)).length).toBe(5);
    for (let i = 0; i < 10; i++)
      await callApp("/api/account/sign-in", { method: "POST", json: { email: `x${i}@example.com` }, ip });
    const refused = await callAppJson("/api/account/sign-in", { method: "POST", json: { email: "y@example.com" }, ip });
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("Retry-After")).toBeTruthy();
  });

  it("opens a session once per link, within 15 minutes, in a cookie scripts cannot read", async () => {
    const { email } = await landlord("Once");
    await callApp("/api/account/sign-in", { method: "POST", json: { email } });
    const [token] = await outgoingLinks(email);
    const first = await callApp("/api/account/session", { method: "POST", json: { token } });
    expect(first.status).toBe(200);
    const [cookie, hint] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-account=[\w-]{43};/);
    // The page's flag that a session may exist: no secret in it, readable by the page.
    expect(hint).toMatch(/^account_hint=1;/);
    expect(hint).toContain("Path=/account");
    expect(hint).not.toContain("HttpOnly");
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/api/account");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Lax");
    const again = await callAppJson("/api/account/session", { method: "POST", json: { token } });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("This sign-in link has expired or was already used. Please ask for a new one.");

    // A link 16 minutes old.
    await callApp("/api/account/sign-in", { method: "POST", json: { email }, ip: "10.66.1.1" });
    const [late] = await outgoingLinks(email);
    expect(late).not.toBe(token);
    await query(
      "UPDATE account_sign_in_links SET expires_at = ?1 WHERE email = ?2 AND used_at IS NULL",
      new Date(Date.now() - 60_000).toISOString(),
      email,
    );
    expect((await callApp("/api/account/session", { method: "POST", json: { token: late } })).status).toBe(401);
    expect((await callApp("/api/account/session", { method: "POST", json: { token: "short" } })).status).toBe(400);
  });

  it("signs out this browser, or every browser", async () => {
    const { email } = await landlord("Leaving");
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const tablet = await signIn(email);
    expect((await account(phone)).status).toBe(200);
    const out = await callApp("/api/account/session", { method: "DELETE", headers: asCustomer(phone) });
    expect(out.status).toBe(204);
    expect(out.headers.get("Set-Cookie")).toMatch(/__Secure-account=;.*Max-Age=0/);
    expect((await account(phone)).status).toBe(401);
    expect((await account(laptop)).status).toBe(200);
    await callApp("/api/account/session?everywhere=1", { method: "DELETE", headers: asCustomer(laptop) });
    expect((await account(laptop)).status).toBe(401);
    expect((await account(tablet)).status).toBe(401);
    expect((await callAppJson("/api/account")).body.error).toBe("Please sign in to see your account.");
  });
});

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
    expect(body.preferences).toEqual({ reminders: true, deals: "off" });
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

  it("books the check at the account's own property, for its customer, and nobody else's", async () => {
    const a = await landlord("Gus");
    const b = await landlord("Hal");
    const cookie = await signIn(a.email);
    const from = addDays(londonToday(), 1);
    const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    expect(slot).toBeTruthy();
    const request = {
      service: "gas-safety",
      start: slot!.start,
      // A let flat's postcode, not the landlord's own: from the account that is no stranger.
      name: `Gus Landlord-${a.tag}`,
      email: a.email,
      phone: "0161 496 0000",
      postcode: "M1 3HW",
      address: `Flat ${a.tag}, 14 Canal Street, Manchester`,
    };
    const other = await account(cookie, "/bookings", { method: "POST", json: { ...request, propertyId: b.flat.id } });
    expect(other.status).toBe(404);
    const booked = await account(cookie, "/bookings", { method: "POST", json: { ...request, propertyId: a.flat.id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [visit] = await query<{ customer_id: number; property_id: number; service_type: string }>(
      "SELECT r.customer_id, r.property_id, r.service_type FROM bookings b JOIN service_records r ON r.id = b.service_record_id WHERE b.reference = ?1",
      booked.body.reference,
    );
    expect(visit).toMatchObject({ customer_id: a.customer.id, property_id: a.flat.id });
    expect(await query("SELECT id FROM customers WHERE lower(email) = ?1", a.email)).toHaveLength(1);
    expect((await account(cookie)).body.upcoming).toEqual([
      expect.objectContaining({ reference: booked.body.reference, manageUrl: expect.stringContaining("/book/manage?token=") }),
    ]);
  });

  it("books the check at the property's address, confirmed to the account's address, whatever the body types", async () => {
    const a = await landlord("Ivy");
    const b = await landlord("Jon");
    const cookie = await signIn(a.email);
    const flatAddress = `Flat ${a.tag}, 14 Canal Street, Manchester`;
    const from = addDays(londonToday(), 1);
    const slots = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    expect(slots.length).toBeGreaterThan(1);
    const stranger = `stranger-${a.tag}@example.com`;
    // An older page (or a hand-made request) typing someone else's e-mail and another address.
    const typed = {
      service: "gas-safety",
      start: slots[0]!.start,
      name: `Ivy Landlord-${a.tag}`,
      phone: "0161 496 0000",
      email: stranger,
      postcode: "SK4 1AA",
      address: `99 Elsewhere Road ${a.tag}, Stockport`,
    };
    // Another customer's property is a 404, whatever the body says.
    const theirs = await account(cookie, "/bookings", { method: "POST", json: { ...typed, propertyId: b.flat.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe("Property not found");

    const booked = await account(cookie, "/bookings", { method: "POST", json: { ...typed, propertyId: a.flat.id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await query(
      `SELECT b.email, b.address, b.postcode, b.customer_id, r.customer_id AS visit_customer, r.property_id
       FROM bookings b JOIN service_records r ON r.id = b.service_record_id WHERE b.reference = ?1`,
      booked.body.reference,
    );
    expect(row).toEqual({
      email: a.email,
      address: flatAddress,
      postcode: "M1 3HW",
      customer_id: a.customer.id,
      visit_customer: a.customer.id,
      property_id: a.flat.id,
    });
    // Nobody new: not the typed address, not a second Ivy.
    expect(await query("SELECT id FROM customers WHERE lower(email) IN (?1, ?2)", a.email, stranger)).toEqual([
      { id: a.customer.id },
    ]);

    // The confirmation and its link go to the account's address and name the flat; nothing to the typed one.
    expect(await outboxTo(stranger)).toEqual([]);
    const [confirmation, ...more] = (await outboxTo(a.email)).filter((m) => m.subject.includes(booked.body.reference));
    expect(more).toEqual([]);
    expect(confirmation!.text).toContain(`${flatAddress}, M1 3HW`);
    expect(await query("SELECT id FROM outbox WHERE instr(text, ?1) > 0", "Elsewhere Road")).toEqual([]);
    const token = /\/book\/manage\?token=([^\s"&]+)/.exec(confirmation!.text)![1]!;
    const managed = await callAppJson(`/api/bookings/manage?token=${token}`);
    expect(managed.body).toMatchObject({ reference: booked.body.reference, address: flatAddress, postcode: "M1 3HW" });

    // What the account's form sends now: no e-mail, address or postcode at all.
    const bare = await account(cookie, "/bookings", {
      method: "POST",
      json: { service: "gas-safety", start: slots[1]!.start, name: typed.name, phone: typed.phone, propertyId: a.flat.id },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(await query("SELECT email, address, postcode FROM bookings WHERE reference = ?1", bare.body.reference)).toEqual([
      { email: a.email, address: flatAddress, postcode: "M1 3HW" },
    ]);
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

  it("changes the customer's own name and phone number on every record under the address, and no one else's", async () => {
    const a = await landlord("Gus");
    const other = await landlord("Hal");
    // A second record under the same address (an online booking the owner has not merged).
    const { body: twin } = await admin("POST", "/api/admin/customers", {
      firstName: "Gus",
      lastName: "Booked-Online",
      email: a.email.toUpperCase(),
      phone: "0161 000 0000",
    });
    const cookie = await signIn(a.email);
    expect((await account(cookie)).body.details).toEqual({
      firstName: "Gus",
      lastName: `Landlord-${a.tag}`,
      phone: null,
    });

    const changed = await account(cookie, "/details", {
      method: "PATCH",
      json: { firstName: " Gustav ", lastName: "Moved", phone: "07700 900123" },
    });
    expect(changed).toMatchObject({ status: 200, body: { firstName: "Gustav", lastName: "Moved", phone: "07700 900123" } });
    const rows = await query<{ id: number; first_name: string; last_name: string; phone: string | null }>(
      "SELECT id, first_name, last_name, phone FROM customers WHERE id IN (?1, ?2, ?3) ORDER BY id",
      a.customer.id,
      twin.id,
      other.customer.id,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: a.customer.id, first_name: "Gustav", last_name: "Moved", phone: "07700 900123" },
        { id: twin.id, first_name: "Gustav", last_name: "Moved", phone: "07700 900123" },
        { id: other.customer.id, first_name: "Hal", last_name: `Landlord-${other.tag}`, phone: null },
      ]),
    );
    const summary = (await account(cookie)).body;
    expect(summary).toMatchObject({ name: "Gustav Moved", details: { firstName: "Gustav", phone: "07700 900123" } });

    // The phone can be taken off (the address is still a way to reach them); bad input changes nothing.
    expect(
      (await account(cookie, "/details", { method: "PATCH", json: { firstName: "Gustav", lastName: "Moved", phone: "" } })).body
        .phone,
    ).toBeNull();
    const bad = await account(cookie, "/details", {
      method: "PATCH",
      json: { firstName: "  ", lastName: "Moved", phone: "call me" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Please enter a first name");
    expect((await account(cookie)).body.details).toEqual({ firstName: "Gustav", lastName: "Moved", phone: null });
    expect(
      (await callAppJson("/api/account/details", { method: "PATCH", json: { firstName: "X", lastName: "Y", phone: null } }))
        .status,
    ).toBe(401);

    // An address whose customer records are gone (the office deleted them) has nothing to change.
    const { body: brief } = await admin("POST", "/api/admin/customers", {
      firstName: "Ida",
      lastName: `Brief-${a.tag}`,
      email: `brief-${a.tag}@example.com`,
    });
    const briefCookie = await signIn(`brief-${a.tag}@example.com`);
    await query("DELETE FROM customers WHERE id = ?1", brief.id);
    expect((await account(briefCookie)).body.details).toBeNull();
    const none = await account(briefCookie, "/details", {
      method: "PATCH",
      json: { firstName: "S", lastName: "T", phone: null },
    });
    expect(none.status).toBe(409);
  });

  it("turns reminders and the deals list off and on", async () => {
    const a = await landlord("Eve");
    const cookie = await signIn(a.email);
    const off = await account(cookie, "/preferences", { method: "PATCH", json: { reminders: false, deals: false } });
    expect(off.body).toEqual({ reminders: false, deals: "off" });
    const [row] = await query<{ reminders_opted_out_at: string | null }>(
      "SELECT reminders_opted_out_at FROM customers WHERE id = ?1",
      a.customer.id,
    );
    expect(row!.reminders_opted_out_at).toBeTruthy();
    expect((await account(cookie, "/preferences", { method: "PATCH", json: { reminders: true } })).body.reminders).toBe(true);
    expect((await account(cookie, "/preferences", { method: "PATCH", json: {} })).status).toBe(400);
  });

  it("takes a request to delete the account, once, which the owner settles keeping what the law requires", async () => {
    const a = await landlord("Fay");
    const cookie = await signIn(a.email);
    // A second customer record with the same address and nothing that must be kept.
    const { body: other } = await admin("POST", "/api/admin/customers", {
      firstName: "Fay",
      lastName: "Duplicate",
      email: a.email.toUpperCase(),
      phone: "0161 000 0000",
    });
    // A chat she handed over to a person: it names her, and goes with her call-back request.
    const chat = newChatSessionId();
    await seedChat(chat, [["customer", "I'm Fay at 1 Agent Row"]]);
    await callAppJson("/api/chat/handover", {
      method: "POST",
      ip: newClientIp(),
      json: { sessionId: chat, name: "Fay", contact: a.email },
    });
    expect(await query("SELECT id FROM chat_messages WHERE session_id = ?1", chat)).toHaveLength(1);
    const asked = await account(cookie, "/erasure-request", { method: "POST", json: { reason: "Moving away" } });
    expect(asked.status).toBe(201);
    expect((await account(cookie, "/erasure-request", { method: "POST", json: {} })).status).toBe(409);
    expect((await account(cookie)).body.erasureRequestedAt).toBe(asked.body.requestedAt);

    const [toOwner] = await query<{ html: string; text: string }>(
      "SELECT html, text FROM outgoing_emails WHERE subject = ?1",
      `Account deletion request: ${a.email}`,
    );
    expect(toOwner!.html).not.toContain("/account");
    expect(toOwner!.html).not.toContain("account-link");

    const list = await admin("GET", "/api/admin/erasure-requests");
    const request = list.body.find((r: { email: string }) => r.email === a.email);
    expect(request).toMatchObject({ status: "open", reason: "Moving away", customers: 2 });
    const erased = await admin("POST", `/api/admin/erasure-requests/${request.id}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.body.status).toBe("done");
    expect((await admin("POST", `/api/admin/erasure-requests/${request.id}/erase`)).status).toBe(409);
    // The customer with an invoice and a gas safety record keeps name and address, not contact details.
    expect(await query("SELECT email, phone, first_name FROM customers WHERE id = ?1", a.customer.id)).toEqual([
      { email: null, phone: null, first_name: "Fay" },
    ]);
    expect(await query("SELECT id FROM customers WHERE id = ?1", other.id)).toEqual([]);
    expect(await query("SELECT id FROM gas_safety_records WHERE id = ?1", a.record.id)).toHaveLength(1);
    expect(await query("SELECT id FROM chat_messages WHERE session_id = ?1", chat)).toEqual([]);
    expect((await account(cookie)).status).toBe(401);
    const told = await query<{ subject: string }>(
      "SELECT subject FROM outgoing_emails WHERE kind = 'erasure' AND subject LIKE '%deleted%' ORDER BY id DESC LIMIT 1",
    );
    expect(told[0]?.subject).toContain("your account has been deleted");
    // Customers' e-mails link to their account; the owner's notices do not.
    // The owner's notice named the address; it goes with the rest once she is erased.
    expect(await query("SELECT id FROM outgoing_emails WHERE subject = ?1", `Account deletion request: ${a.email}`)).toEqual([]);
    // Sent to the address, which the mail log then forgets: it was the last thing sent there.
    await drainMail();
    const [delivered] = await query<{ subject: string }>(
      "SELECT subject FROM outbox WHERE lower(`to`) = ?1 AND subject LIKE '%deleted%'",
      a.email,
    );
    expect(delivered?.subject).toContain("your account has been deleted");
    expect(
      await query(
        "SELECT id FROM outgoing_emails WHERE lower(`to`) = ?1 OR instr(lower(subject), ?1) > 0 OR instr(lower(text), ?1) > 0",
        a.email.toLowerCase(),
      ),
    ).toEqual([]);
    const [toCustomer] = await query<{ html: string; text: string; to: string }>(
      "SELECT html, text, `to` FROM outgoing_emails WHERE id = (SELECT max(id) FROM outgoing_emails WHERE kind = 'erasure' AND subject LIKE '%deleted%')",
    );
    expect(toCustomer!.to).toBe("(erased)");
    expect(toCustomer!.html).toMatch(/<a href="[^"]+\/account"[^>]*>your account<\/a>/);
    expect(toCustomer!.text).toMatch(/\nYour account: \S+\/account$/);
  });
});
