import { env } from "cloudflare:workers";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminServiceRecord } from "../schema/api/records";
import { londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { currentFacts } from "../worker/services/settings/business-facts";
import { adminHeaders } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { createCustomer, createEnquiry, createOrder, createServiceRecord, createSubscriber } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import { call, callJson } from "./helpers/http";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

const get = async <T = any>(path: string) => {
  const res = await call(path, { headers: auth });
  return {
    status: res.status,
    total: Number(res.headers.get("X-Total-Count")),
    tabs: res.headers.get("X-Tab-Counts"),
    body: (await res.json()) as T,
  };
};
const send = (method: string, path: string, json?: unknown) => callJson(path, { method, json, headers: auth });
const today = () => londonToday();

describe("GET /api/admin/summary", () => {
  it("gives the home screen's counts in one D1 round trip", async () => {
    await createEnquiry({ isRead: false });
    await createOrder({ fulfilmentStatus: "confirmed" });
    await createProduct({ stockQuantity: 1, lowStockThreshold: 3 });
    await createServiceRecord({ status: "scheduled", serviceDate: today() });
    await currentFacts(getDb(env)); // read by every request, cached: not the summary's own trip
    const counter = countingD1(env.DB);
    const res = await callApp("/api/admin/summary", { headers: auth, env: { DB: counter.db } });
    const body = (await res.json()) as Record<string, number>;
    expect(res.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        "failedCampaignSends",
        "lowStockProducts",
        "newEnquiries",
        "ordersToConfirm",
        "ordersToDispatch",
        "quotesThisMonth",
        "acceptedQuotes",
        "invoices",
        "erasureRequests",
        "notificationsDue",
        "remindersDue",
        "urgent",
        "urgentEnquiries",
        "visitsThisWeek",
      ].sort(),
    );
    for (const key of ["newEnquiries", "ordersToDispatch", "lowStockProducts", "visitsThisWeek"])
      expect(body[key], key).toBeGreaterThanOrEqual(1);
    // One for the admin session check, one for the counts.
    expect(counter.trips.filter((trip) => !trip.some((s) => s.includes("admin_sessions")))).toHaveLength(1);
  });
});

describe("service records: add, edit, complete", () => {
  const record = (overrides: Record<string, unknown> = {}) => ({
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: "2026-12-01",
    technicianName: "Dave Hughes",
    cost: "95.00",
    ...overrides,
  });

  it("adds a record for a customer picked from the list, answering it in the list's shape", async () => {
    const customer = await createCustomer({ firstName: "Rita", lastName: "Record" });
    const { status, body } = await send(
      "POST",
      "/api/admin/service-records",
      record({ customerId: customer.id, equipmentModel: "ecoTEC plus 832" }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      customerId: customer.id,
      customerName: "Rita Record",
      cost: "95.00",
      equipmentModel: "ecoTEC plus 832",
      status: "scheduled",
    });
    const listed = await get<AdminServiceRecord[]>(`/api/admin/service-records?customerId=${customer.id}`);
    expect(listed.body).toEqual([body]);
    // One record by its id (a calendar entry opens it), in the same shape.
    const one = await get<AdminServiceRecord>(`/api/admin/service-records/${body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(body);
  });

  it("creates the customer in the same request when asked", async () => {
    const { status, body } = await send(
      "POST",
      "/api/admin/service-records",
      record({
        newCustomer: {
          firstName: "New",
          lastName: "Person",
          email: "new.person@example.com",
          phone: "0161 496 0777",
          postcode: "m33 1aa",
        },
      }),
    );
    expect(status).toBe(201);
    expect(body.customerName).toBe("New Person");
    const [customer] = await query<{ postcode: string }>("SELECT postcode FROM customers WHERE id = ?1", body.customerId);
    expect(customer!.postcode).toBe("M33 1AA");
  });

  it("refuses bad input with field details and an unknown record with 404", async () => {
    const bad = await send(
      "POST",
      "/api/admin/service-records",
      record({ status: "done", serviceDate: "2026-02-30", cost: "lots" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["cost", "serviceDate", "status"]);
    expect((await send("POST", "/api/admin/service-records", record({ customerId: 999_999 }))).status).toBe(400);
    expect((await send("PATCH", "/api/admin/service-records/999999", { status: "completed" })).status).toBe(404);
    expect((await get("/api/admin/service-records/999999")).status).toBe(404);
    expect((await get("/api/admin/service-records/twelve")).status).toBe(400);
  });

  it("completing an annual boiler service sets the next one a year later, unless the owner sets a date", async () => {
    const customer = await createCustomer();
    const visit = (
      await send(
        "POST",
        "/api/admin/service-records",
        record({ serviceType: "Annual Boiler Service", serviceDate: "2026-03-14", customerId: customer.id }),
      )
    ).body;
    expect(visit.nextServiceDue).toBeNull();
    const done = await send("PATCH", `/api/admin/service-records/${visit.id}`, {
      status: "completed",
      workCompleted: "Serviced, flue checked",
    });
    expect(done.body).toMatchObject({
      status: "completed",
      nextServiceDue: "2027-03-14",
      workCompleted: "Serviced, flue checked",
    });
    const other = (
      await send(
        "POST",
        "/api/admin/service-records",
        record({ serviceType: "Annual Boiler Service", serviceDate: "2026-06-01", customerId: customer.id }),
      )
    ).body;
    const chosen = await send("PATCH", `/api/admin/service-records/${other.id}`, {
      status: "completed",
      nextServiceDue: "2027-06-01",
    });
    expect(chosen.body.nextServiceDue).toBe("2027-06-01");
    const repair = (
      await send("POST", "/api/admin/service-records", record({ serviceDate: "2026-06-02", customerId: customer.id }))
    ).body;
    expect(
      (await send("PATCH", `/api/admin/service-records/${repair.id}`, { status: "completed" })).body.nextServiceDue,
    ).toBeNull();
  });
});

describe("customers", () => {
  it("adds and changes a customer, with a landlord flag", async () => {
    const created = await send("POST", "/api/admin/customers", {
      firstName: "Lena",
      lastName: "Landlord",
      email: "LENA@example.com",
      isLandlord: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "lena@example.com", isLandlord: true });
    const changed = await send("PATCH", `/api/admin/customers/${created.body.id}`, { phone: "0161 496 0999", isLandlord: false });
    expect(changed.body).toMatchObject({ phone: "0161 496 0999", isLandlord: false, firstName: "Lena" });
    expect((await send("PATCH", "/api/admin/customers/999999", { phone: "0161 496 0999" })).status).toBe(404);
    expect((await send("POST", "/api/admin/customers", { firstName: "", lastName: "X", email: "nope" })).status).toBe(400);
  });

  it("gives one timeline of everything the business has with a person, newest first", async () => {
    const email = `timeline-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const customer = await createCustomer({ email });
    await createEnquiry({ email: email.toUpperCase(), createdAt: "2026-01-05T10:00:00.000Z" });
    await createOrder({ customerEmail: email, createdAt: "2026-02-10T10:00:00.000Z" });
    await createServiceRecord({ customerId: customer.id, serviceDate: "2026-03-01", serviceType: "Boiler Repair" });
    await createSubscriber({ email, signedUpAt: "2025-12-01T10:00:00.000Z", confirmedAt: "2025-12-01T10:05:00.000Z" });
    await env.DB.prepare(
      "INSERT INTO chat_messages (session_id, message, sender, timestamp, created_at) VALUES ('chat_timeline0000000000000000000000001', ?1, 'customer', '2026-02-20T09:00:00.000Z', '2026-02-20T09:00:00.000Z')",
    )
      .bind(`Please call me back, my e-mail is ${email}`)
      .run();
    const { status, body } = await get(`/api/admin/customers/${customer.id}/timeline`);
    expect(status).toBe(200);
    expect(body.map((e: { kind: string }) => e.kind)).toEqual(["service", "chat", "order", "quote", "subscription"]);
    expect((await get("/api/admin/customers/999999/timeline")).status).toBe(404);
  });
});

describe("find anything: search and paging on every admin list", () => {
  it("finds a customer by part of a phone number, and pages with the full count", async () => {
    const tag = crypto.randomUUID().slice(0, 4).replace(/\D/g, "7").padEnd(4, "7");
    const phone = `0161 49${tag.slice(0, 1)} ${tag.slice(1)}${"321".slice(0, 4 - tag.length + 3)}`;
    const customer = await createCustomer({ firstName: "Phoebe", lastName: "Phone", phone });
    const digits = phone.replace(/\s/g, "").slice(4, 10);
    const found = await get<AdminCustomer[]>(`/api/admin/customers?q=${digits}`);
    expect(found.body.map((c) => c.id)).toContain(customer.id);
    const spaced = await get<AdminCustomer[]>(`/api/admin/customers?q=${encodeURIComponent(phone.slice(5))}`);
    expect(spaced.body.map((c) => c.id)).toContain(customer.id);
    expect((await get<AdminCustomer[]>("/api/admin/customers?q=hoeb")).body.map((c) => c.id)).toContain(customer.id);
    const page = await get<AdminCustomer[]>("/api/admin/customers?limit=1&offset=0");
    expect(page.body).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });

  it("searches quotes, subscribers, service records and orders, each with X-Total-Count", async () => {
    const tag = `zz${crypto.randomUUID().slice(0, 6)}`;
    const enquiry = await createEnquiry({ name: `Quinn ${tag}` });
    const subscriber = await createSubscriber({ email: `${tag}@example.com` });
    const customer = await createCustomer({ lastName: `Serv${tag}` });
    const record = await createServiceRecord({ customerId: customer.id });
    const order = await createOrder({ customerName: `Olly ${tag}` });
    const enquiries = await get(`/api/admin/quotes?q=${tag}`);
    expect(enquiries.body.map((q: { id: number }) => q.id)).toEqual([enquiry.id]);
    expect(enquiries.total).toBe(1);
    expect(JSON.parse(enquiries.tabs!)).toEqual({ all: 1, new: 1, pending: 0, replied: 0, urgent: 0 });
    expect((await get(`/api/admin/quotes?q=${tag}&state=replied`)).body).toEqual([]);
    expect((await get(`/api/admin/email-subscribers?q=${tag}`)).body.map((s: { id: number }) => s.id)).toEqual([subscriber.id]);
    expect((await get(`/api/admin/service-records?q=${tag}`)).body.map((r: { id: number }) => r.id)).toEqual([record.id]);
    const byName = await get(`/api/admin/orders?q=${tag}`);
    expect(byName.body.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const number = `NS-${order.number}`;
    const byNumber = await get(`/api/admin/orders?q=${number}`);
    expect(byNumber.body.map((o: { number: string }) => o.number)).toEqual([number]);
    expect(byNumber.total).toBe(1);
    for (const path of ["quotes", "email-subscribers", "service-records", "customers", "orders", "products"]) {
      const res = await get(`/api/admin/${path}?limit=2`);
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBeLessThanOrEqual(2);
      expect(Number.isInteger(res.total), path).toBe(true);
      expect((await get(`/api/admin/${path}?limit=9999`)).status, path).toBe(400);
    }
  });
});

describe("quotes done right", () => {
  it("marks the chosen quotes replied only when asked, and Undo puts them back", async () => {
    const a = await createEnquiry({ isRead: true });
    const b = await createEnquiry({ isRead: false });
    const replied = await send("POST", "/api/admin/quotes/replied", { ids: [a.id, b.id] });
    expect(replied.body.ids.sort()).toEqual([a.id, b.id].sort());
    const rows = await query<{ replied_at: string | null }>("SELECT replied_at FROM quotes WHERE id IN (?1, ?2)", a.id, b.id);
    expect(rows.every((r) => r.replied_at !== null)).toBe(true);
    const undone = await send("POST", "/api/admin/quotes/unreplied", { ids: replied.body.ids });
    expect(undone.body.ids.sort()).toEqual([a.id, b.id].sort());
    const after = await query<{ replied_at: string | null }>("SELECT replied_at FROM quotes WHERE id IN (?1, ?2)", a.id, b.id);
    expect(after.every((r) => r.replied_at === null)).toBe(true);
    expect((await send("POST", "/api/admin/quotes/replied", { ids: [] })).status).toBe(400);
  });

  it("replies to and undoes 150 quotes at once (more than D1's 100 bound parameters)", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
       INSERT INTO quotes (name, phone, email, postcode, service, is_read) SELECT 'Bulk ' || i, '0161 496 0000', 'bulk-' || ?1 || '-' || i || '@example.com', 'M32 0ZZ', 'boiler-repair', 1 FROM n`,
    )
      .bind(tag)
      .run();
    const ids = (await query<{ id: number }>("SELECT id FROM quotes WHERE email LIKE ?1", `bulk-${tag}-%`)).map((r) => r.id);
    expect(ids).toHaveLength(150);
    const replied = await send("POST", "/api/admin/quotes/replied", { ids });
    expect(replied.status).toBe(200);
    expect(replied.body.ids).toHaveLength(150);
    const undone = await send("POST", "/api/admin/quotes/unreplied", { ids });
    expect(undone.status).toBe(200);
    expect(undone.body.ids).toHaveLength(150);
    const [left] = await query<{ n: number }>(
      "SELECT count(*) AS n FROM quotes WHERE email LIKE ?1 AND replied_at IS NOT NULL",
      `bulk-${tag}-%`,
    );
    expect(left!.n).toBe(0);
  });

  it("keeps the owner's notes on a quote", async () => {
    const enquiry = await createEnquiry();
    const { body } = await send("PATCH", `/api/admin/quotes/${enquiry.id}/notes`, { notes: "  Rang back, visit Tuesday " });
    expect(body.notes).toBe("Rang back, visit Tuesday");
    expect((await send("PATCH", "/api/admin/quotes/999999/notes", { notes: "x" })).status).toBe(404);
  });
});

describe("orders", () => {
  it("numbers orders in sequence (NS-10001 style) and records the courier and tracking on dispatch", async () => {
    const first = await createOrder();
    const second = await createOrder();
    expect(second.number).toBe(first.number! + 1);
    await send("PATCH", `/api/admin/orders/${first.id}`, { fulfilmentStatus: "confirmed" });
    const dispatched = await send("PATCH", `/api/admin/orders/${first.id}`, {
      fulfilmentStatus: "dispatched",
      courier: "Royal Mail",
      trackingReference: "AB123456789GB",
    });
    expect(dispatched.body).toMatchObject({
      number: `NS-${first.number}`,
      courier: "Royal Mail",
      trackingReference: "AB123456789GB",
    });
  });
});

describe("exports", () => {
  it("gives subscribers (with consent evidence), orders, customers and service records as CSV", async () => {
    await createSubscriber({
      email: `export-${crypto.randomUUID().slice(0, 6)}@example.com`,
      consentSource: "/store",
      consentText: 'I agree, "yes"',
    });
    await createCustomer({ lastName: "Comma, Esq." });
    for (const [file, header] of [
      ["subscribers.csv", "email,status,signedUpAt,confirmedAt,unsubscribedAt,consentSource,consentText"],
      [
        "orders.csv",
        "number,id,placedAt,customerName,customerEmail,customerPhone,shippingAddress,total,paymentMethod,paymentStatus,fulfilmentStatus,courier,trackingReference,items",
      ],
      ["customers.csv", "id,firstName,lastName,email,phone,address,postcode,landlord,createdAt"],
      [
        "service-records.csv",
        "id,serviceDate,customer,email,serviceType,status,equipmentType,equipmentModel,technician,cost,workCompleted,partsUsed,nextServiceDue,description,notes",
      ],
    ] as const) {
      const res = await call(`/api/admin/export/${file}`, { headers: auth });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("Content-Type"), file).toContain("text/csv");
      const text = await res.text();
      expect(text.split("\r\n")[0], file).toBe(header);
      expect(Papa.parse(text, { header: true }).errors, file).toEqual([]);
    }
    const subscribers = await (await call("/api/admin/export/subscribers.csv", { headers: auth })).text();
    expect(subscribers).toContain('"I agree, ""yes"""');
    expect((await call("/api/admin/export/passwords.csv", { headers: auth })).status).toBe(400);
  });
});
