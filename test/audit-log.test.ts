import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "../schema/api/audit";
import { londonToday } from "../schema/london-time";
import worker from "../worker/index";
import { AUDIT_PRUNE_PER_RUN } from "../worker/jobs/retention";
import { issueAdminToken } from "../worker/lib/admin-token";
import { guardedEnv } from "./helpers/d1-guard";
import { createSubscriber } from "./helpers/factories-admin";
import { callAppJson, query } from "./helpers/factories-commerce";
import { draftAt, issuedRecord, landlordWithFlat } from "./helpers/gas-safety";
import { admin, customer, draft, issued } from "./helpers/invoices";
import { boilerQuote } from "./helpers/quotes";

/** A second person: someone in the office, with a session of their own. */
async function officeUser() {
  const username = `office-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await query<{ id: number }>(
    "INSERT INTO admin_users (username, name, role, status) VALUES (?1, 'Olive Office', 'office', 'active') RETURNING id",
    username,
  );
  const token = await issueAdminToken(env, username);
  const as = <T = any>(method: string, path: string, json?: unknown) =>
    callAppJson<T>(path, { method, json, headers: { Authorization: `Bearer ${token}` } });
  return { id: row!.id, username, as };
}

const entries = () => query<Record<string, unknown>>("SELECT * FROM audit_log ORDER BY id");

beforeEach(async () => {
  await query("DELETE FROM audit_log");
});

describe("who did what: recording", () => {
  it("records a write by the owner and one by an office user, each with their person", async () => {
    const c = await customer();
    const office = await officeUser();
    const changed = await office.as("PATCH", `/api/admin/customers/${c.id}`, { phone: "0161 496 0111" });
    expect(changed.status).toBe(200);
    const rows = await entries();
    expect(
      rows.map((r) => [r.user_id, r.username, r.user_name, r.method, r.route, r.record_kind, r.record_id, r.status]),
    ).toEqual([
      [1, "admin", "Owner", "POST", "/api/admin/customers", "customer", String(c.id), 201],
      [office.id, office.username, "Olive Office", "PATCH", "/api/admin/customers/:id", "customer", String(c.id), 200],
    ]);
    expect(rows.map((r) => r.summary)).toEqual([`Customer ${c.id}: created`, `Customer ${c.id}: changed`]);
    expect(rows[1]!.path).toBe(`/api/admin/customers/${c.id}`);
    // What was typed (the customer's name, address, phone) is never copied into the log.
    expect(JSON.stringify(rows)).not.toMatch(/Payer|Oak Road|496 0111/);
  });

  it("keeps no reads, no mistaken forms, and no one's address from a path", async () => {
    const c = await customer();
    await query("DELETE FROM audit_log");
    await admin("GET", `/api/admin/customers/${c.id}`);
    const mistaken = await admin("PATCH", `/api/admin/customers/${c.id}`, { email: "not an address" });
    expect(mistaken.status).toBe(400);
    expect(await entries()).toEqual([]);
    const subscriber = await createSubscriber({ email: c.email });
    const unsubscribed = await admin("PATCH", `/api/admin/email-subscribers/${encodeURIComponent(subscriber.email)}/unsubscribe`);
    expect(unsubscribed.status).toBeLessThan(300);
    const [row] = await entries();
    expect(row).toMatchObject({ path: "/api/admin/email-subscribers/:email/unsubscribe", record_id: null });
    expect(JSON.stringify(row)).not.toContain(c.tag);
  });

  it("never keeps a password: changing one is recorded by its route alone", async () => {
    const password = "kettle lighthouse orange 42";
    const changed = await admin("POST", "/api/admin/security/password", {
      current: "admin-dev-password",
      password,
      confirm: password,
    });
    expect(changed.status).toBe(200);
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      route: "/api/admin/security/password",
      summary: "Sign-in security: password",
      before: null,
      after: null,
    });
    expect(JSON.stringify(rows)).not.toMatch(/kettle|admin-dev-password/);
  });

  it("keeps an invoice's money before and after a payment is recorded", async () => {
    const { invoice } = await issued(false);
    await query("DELETE FROM audit_log");
    const paid = await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 5_000,
      method: "cash",
      paidOn: londonToday(),
    });
    expect(paid.status).toBe(201);
    const [row] = await entries();
    expect(row).toMatchObject({
      route: "/api/admin/invoices/:id/payments",
      record_kind: "invoice",
      record_id: String(invoice.id),
      summary: `Invoice ${invoice.id}: recorded a payment`,
    });
    const before = JSON.parse(String(row!.before));
    const after = JSON.parse(String(row!.after));
    expect(before).toMatchObject({ status: "issued", paidPence: 0, grossPence: expect.any(Number), number: expect.any(Number) });
    expect(before.grossPence).toBeGreaterThan(5_000);
    expect(after).toEqual({ ...before, paidPence: 5_000 });
  });

  it("names a new draft by the id its answer gives, with its after and no before", async () => {
    const c = await customer();
    const d = await draft(c.id);
    const [row] = await query<Record<string, string>>("SELECT * FROM audit_log WHERE route = '/api/admin/invoices'");
    expect(row).toMatchObject({
      record_kind: "invoice",
      record_id: String(d.id),
      before: null,
      summary: `Invoice ${d.id}: created`,
    });
    expect(JSON.parse(row!.after!)).toMatchObject({ status: "draft", number: null, paidPence: 0 });
  });
});

describe("who did what: reading", () => {
  it("searches by person, kind, record, words of the summary and days, newest first and paged", async () => {
    const c = await customer();
    const office = await officeUser();
    await office.as("PATCH", `/api/admin/customers/${c.id}`, { phone: "0161 496 0112" });
    const d = await draft(c.id);
    // An entry from last year, to be found only by its days.
    await query(
      "INSERT INTO audit_log (at, user_id, username, user_name, method, route, path, record_kind, record_id, status, summary) VALUES ('2025-03-04T10:00:00.000Z', 1, 'admin', 'Owner', 'DELETE', '/api/admin/products/:id', '/api/admin/products/9', 'product', '9', 200, 'Product 9: deleted')",
    );
    const search = (q: string) => admin<AuditEntry[]>("GET", `/api/admin/audit?${q}`);

    const all = await search("limit=2");
    expect(all.res.headers.get("X-Total-Count")).toBe("4");
    expect(all.body.map((e) => e.summary)).toEqual([`Invoice ${d.id}: created`, `Customer ${c.id}: changed`]);
    expect((await search("limit=2&offset=2")).body.map((e) => e.summary)).toEqual([
      `Customer ${c.id}: created`,
      "Product 9: deleted",
    ]);
    expect((await search(`user=${office.id}`)).body.map((e) => e.userName)).toEqual(["Olive Office"]);
    expect((await search("kind=invoice")).body.map((e) => e.recordId)).toEqual([String(d.id)]);
    expect((await search(`kind=customer&record=${c.id}`)).body).toHaveLength(2);
    expect((await search("q=DELETED")).body.map((e) => e.summary)).toEqual(["Product 9: deleted"]);
    expect((await search("from=2025-03-04&to=2025-03-04")).body.map((e) => e.recordId)).toEqual(["9"]);
    expect((await search(`from=${londonToday()}`)).body).toHaveLength(3);
    const draftEntry = (await search("kind=invoice")).body[0]!;
    expect(draftEntry.after).toMatchObject({ status: "draft" });

    const wrong = await search("from=2025-03-05&to=2025-03-04");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "VALIDATION_FAILED", error: "The first day is after the last" });
    expect((await search("kind=DROP TABLE")).body).toMatchObject({ error: "Unknown kind of record" });
    const people = await admin<{ id: number; name: string }[]>("GET", "/api/admin/audit/people");
    expect(people.body.map((p) => p.id)).toEqual(expect.arrayContaining([1, office.id]));
  });

  it("shows one record's history, and a job's with everything on it", async () => {
    const c = await customer();
    const d = await draft(c.id);
    const [job] = await query<{ id: number }>("INSERT INTO jobs (customer_id) VALUES (?1) RETURNING id", c.id);
    await query("UPDATE invoices SET job_id = ?1 WHERE id = ?2", job!.id, d.id);
    await admin("PATCH", `/api/admin/invoices/${d.id}`, { notes: "Gate code on the job sheet" });
    const invoiceHistory = await admin<AuditEntry[]>("GET", `/api/admin/audit/invoice/${d.id}`);
    expect(invoiceHistory.body.map((e) => e.summary)).toEqual([`Invoice ${d.id}: changed`, `Invoice ${d.id}: created`]);
    const jobHistory = await admin<AuditEntry[]>("GET", `/api/admin/audit/job/${job!.id}`);
    expect(jobHistory.body.map((e) => e.summary)).toEqual([`Invoice ${d.id}: changed`, `Invoice ${d.id}: created`]);
    // Another job's history holds none of it.
    const [other] = await query<{ id: number }>("INSERT INTO jobs (customer_id) VALUES (?1) RETURNING id", c.id);
    expect((await admin<AuditEntry[]>("GET", `/api/admin/audit/job/${other!.id}`)).body).toEqual([]);
  });
});

describe("who did what: a record's history on its screen", () => {
  const history = async (kind: string, id: number) => {
    const answer = await admin<AuditEntry[]>("GET", `/api/admin/audit/${kind}/${id}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const summaries = async (kind: string, id: number) => (await history(kind, id)).map((e) => e.summary);

  it("shows a quote's history, with its status before and after, and none of another quote's", async () => {
    const c = await customer();
    const first = await admin("POST", "/api/admin/estimates", boilerQuote(c.id));
    const second = await admin("POST", "/api/admin/estimates", boilerQuote(c.id));
    expect([first.status, second.status]).toEqual([201, 201]);
    await admin("PATCH", `/api/admin/estimates/${first.body.id}`, { title: "A new system boiler" });
    await admin("PATCH", `/api/admin/estimates/${second.body.id}`, { followUps: false });

    const [changed, created] = await history("quote", first.body.id);
    expect([changed!.summary, created!.summary]).toEqual([`Quote ${first.body.id}: changed`, `Quote ${first.body.id}: created`]);
    expect(changed!.before).toMatchObject({ status: "draft", version: expect.any(Number) });
    expect(created!.after).toMatchObject({ status: "draft" });
    expect(await summaries("quote", second.body.id)).toEqual([
      `Quote ${second.body.id}: changed`,
      `Quote ${second.body.id}: created`,
    ]);
  });

  it("shows a gas safety record's history, issuing included, and none of another record's", async () => {
    const flat = await landlordWithFlat();
    const issued = await issuedRecord(flat);
    const other = await draftAt(await landlordWithFlat());

    const [issuing, ...earlier] = await history("gas-safety-record", issued.id);
    expect([issuing!.summary, ...earlier.map((e) => e.summary)]).toEqual([
      `Gas safety record ${issued.id}: issued`,
      `Gas safety record ${issued.id}: changed`,
      `Gas safety record ${issued.id}: created`,
    ]);
    expect(issuing!.before).toMatchObject({ status: "draft", number: null });
    expect(issuing!.after).toMatchObject({ status: "issued", number: expect.any(Number) });
    expect(await summaries("gas-safety-record", other.id)).toEqual([`Gas safety record ${other.id}: created`]);
  });

  it("shows a customer's history, a property added included, and none of another customer's", async () => {
    const first = await customer();
    const second = await customer();
    await admin("PATCH", `/api/admin/customers/${first.id}`, { phone: "0161 496 0113" });
    await admin("POST", `/api/admin/customers/${first.id}/properties`, { address: "2 Mill Lane, Sale", postcode: "M33 2AA" });

    expect(await summaries("customer", first.id)).toEqual([
      `Customer ${first.id}: added a property`,
      `Customer ${first.id}: changed`,
      `Customer ${first.id}: created`,
    ]);
    expect(await summaries("customer", second.id)).toEqual([`Customer ${second.id}: created`]);
  });
});

describe("who did what: six years kept", () => {
  const NOW = Date.parse("2032-06-01T12:00:00.000Z");

  async function runCron() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "*/5 * * * *" }), guardedEnv(env), ctx);
    await waitOnExecutionContext(ctx);
  }

  it("prunes entries older than six years a share at a time, and keeps the rest", async () => {
    const insert = (at: string, n: number) =>
      query(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO audit_log (at, user_id, username, user_name, method, route, path, status, summary)
         SELECT ?1, 1, 'admin', 'Owner', 'POST', '/api/admin/reminders/run', '/api/admin/reminders/run', 202, 'Reminders: run' FROM n`,
        at,
        n,
      );
    await insert("2026-05-31T11:00:00.000Z", AUDIT_PRUNE_PER_RUN + 10);
    await insert("2026-06-01T13:00:00.000Z", 3);
    await runCron();
    const count = async () => (await query<{ n: number }>("SELECT count(*) AS n FROM audit_log"))[0]!.n;
    expect(await count()).toBe(13);
    await runCron();
    expect(await query("SELECT at FROM audit_log GROUP BY at ORDER BY at")).toEqual([{ at: "2026-06-01T13:00:00.000Z" }]);
    expect(await count()).toBe(3);
  });
});
