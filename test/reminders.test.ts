import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ReminderList, ReminderRunResult } from "../schema/api/reminders";
import { settings } from "../schema/settings";
import { createReminderOptOutToken } from "../worker/lib/reminder-token";
import { isReminderHour } from "../worker/services/reminders/reminders";
import { adminHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { recordingQueue } from "./helpers/factories-campaigns";
import { callApp, callAppJson, outboxTo, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

const DAY = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function admin<T = any>(method: "GET" | "POST", path: string) {
  return callAppJson<T>(path, { method, headers: await adminHeaders() });
}

/** A customer with one past visit whose next one is due in `days`. */
async function dueCustomer(days: number, customer: Parameters<typeof createCustomer>[0] = {}) {
  const row = await createCustomer({ email: unique("due"), postcode: "M41 5AA", ...customer });
  const record = await createServiceRecord({
    customerId: row.id,
    serviceDate: dayFromNow(days - 365),
    nextServiceDue: dayFromNow(days),
    equipmentType: "Worcester Bosch",
    equipmentModel: "Greenstar 30i",
  });
  return { customer: row, record };
}

async function outboxRow(to: string) {
  await outboxTo(to);
  const [row] = await query<{ headers: string; html: string; text: string; subject: string }>(
    "SELECT headers, html, text, subject FROM outbox WHERE `to` = ?1 ORDER BY id DESC LIMIT 1",
    to,
  );
  return row!;
}

describe("service and gas-safety reminders", () => {
  it("reminds each due customer once per cycle, landlords with the certificate wording, and lists what was skipped", async () => {
    const homeowner = await dueCustomer(20);
    const landlord = await dueCustomer(25, { isLandlord: true, email: unique("landlord") });
    const notYet = await dueCustomer(settings.reminders.leadDays + 20);
    const booked = await dueCustomer(10);
    await createServiceRecord({ customerId: booked.customer.id, status: "scheduled", serviceDate: dayFromNow(5) });
    const noEmail = await dueCustomer(12, { email: "" });
    const optedOut = await dueCustomer(15, { remindersOptedOutAt: new Date().toISOString() });

    const first = await admin("POST", "/api/admin/reminders/run");
    expect(first.status).toBe(200);
    expect(first.body.sent).toBeGreaterThanOrEqual(2);

    const homeMail = await outboxTo(homeowner.customer.email);
    expect(homeMail).toHaveLength(1);
    expect(homeMail[0]!.subject).toContain("boiler service is due");
    expect(homeMail[0]!.text).toContain("Worcester Bosch Greenstar 30i");
    expect(homeMail[0]!.text).toContain("/book?service=annual-service&postcode=M41+5AA");

    const landlordMail = await outboxTo(landlord.customer.email);
    expect(landlordMail).toHaveLength(1);
    expect(landlordMail[0]!.subject).toContain("gas safety certificate (CP12)");
    expect(landlordMail[0]!.text).toContain("every 12 months");
    expect(landlordMail[0]!.text).toContain("/book?service=gas-safety&postcode=M41+5AA");

    expect(await outboxTo(notYet.customer.email)).toHaveLength(0);
    expect(await outboxTo(booked.customer.email)).toHaveLength(0);
    expect(await outboxTo(optedOut.customer.email)).toHaveLength(0);

    const list = await admin("GET", "/api/admin/reminders");
    expect(list.status).toBe(200);
    const skippedFor = (customerId: number) => list.body.skipped.find((r: any) => r.customerId === customerId)?.reason;
    expect(skippedFor(booked.customer.id)).toBe("A later visit is already booked");
    expect(skippedFor(noEmail.customer.id)).toBe("No e-mail address");
    expect(skippedFor(optedOut.customer.id)).toBe("Opted out of reminders");
    const sent = list.body.sent.filter((r: any) => [homeowner.customer.id, landlord.customer.id].includes(r.customerId));
    expect(sent.map((r: any) => r.kind).sort()).toEqual(["gas_safety", "service"]);
    expect(list.body.due.some((d: any) => d.customerId === homeowner.customer.id)).toBe(false);

    const second = await admin("POST", "/api/admin/reminders/run");
    expect(second.body).toEqual({ sent: 0, skipped: 0, remaining: 0 });
    expect(await outboxTo(homeowner.customer.email)).toHaveLength(1);
    expect(await outboxTo(landlord.customer.email)).toHaveLength(1);
  });

  it("is skipped only for a later visit of its own kind, however the type was typed", async () => {
    const repaired = await dueCustomer(14);
    await createServiceRecord({
      customerId: repaired.customer.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: dayFromNow(4),
    });
    const handTyped = await dueCustomer(16);
    await createServiceRecord({
      customerId: handTyped.customer.id,
      serviceType: "annual SERVICE",
      status: "scheduled",
      serviceDate: dayFromNow(4),
    });
    const landlordServiced = await dueCustomer(18, { isLandlord: true, email: unique("landlord-serviced") });
    await createServiceRecord({
      customerId: landlordServiced.customer.id,
      serviceType: "Annual Boiler Service",
      status: "scheduled",
      serviceDate: dayFromNow(4),
    });
    const landlordChecked = await dueCustomer(19, { isLandlord: true, email: unique("landlord-checked") });
    await createServiceRecord({
      customerId: landlordChecked.customer.id,
      serviceType: "CP12 check",
      status: "scheduled",
      serviceDate: dayFromNow(4),
    });

    const { body } = await admin("GET", "/api/admin/reminders");
    const skipped = (id: number) => {
      const row = body.due.find((d: any) => d.customerId === id);
      expect(row, `customer ${id} is due`).toBeDefined();
      return row.willSkipBecause;
    };
    // A repair is not the annual service; a landlord's boiler service is not the gas safety check.
    expect(skipped(repaired.customer.id)).toBe(null);
    expect(skipped(handTyped.customer.id)).toBe("A later visit is already booked");
    expect(skipped(landlordServiced.customer.id)).toBe(null);
    expect(skipped(landlordChecked.customer.id)).toBe("A later visit is already booked");
  });

  it("sends a landlord a second reminder in the last week when no visit is booked, and never two at once", async () => {
    const early = await dueCustomer(20, { isLandlord: true, email: unique("early") });
    const late = await dueCustomer(4, { isLandlord: true, email: unique("late") });
    await admin("POST", "/api/admin/reminders/run");
    expect(await outboxTo(early.customer.email)).toHaveLength(1);
    const lateMail = await outboxTo(late.customer.email);
    expect(lateMail).toHaveLength(1);
    expect(lateMail[0]!.subject).toContain("Reminder: your gas safety certificate runs out");

    // A week before the due date, with still nothing booked: the final reminder.
    await query("UPDATE service_records SET next_service_due = ?1 WHERE id = ?2", dayFromNow(6), early.record.id);
    await query("UPDATE service_reminders SET due_date = ?1 WHERE service_record_id = ?2", dayFromNow(6), early.record.id);
    await admin("POST", "/api/admin/reminders/run");
    const earlyMail = await outboxTo(early.customer.email);
    expect(earlyMail).toHaveLength(2);
    expect(earlyMail[1]!.text).toContain("We haven't got a visit booked yet");

    await admin("POST", "/api/admin/reminders/run");
    expect(await outboxTo(early.customer.email)).toHaveLength(2);
    expect(await outboxTo(late.customer.email)).toHaveLength(1);
  });

  it("lists a due customer before the run, with what the run will do", async () => {
    const due = await dueCustomer(8, { email: "" });
    const { body } = await admin("GET", "/api/admin/reminders");
    expect(body.due).toContainEqual(
      expect.objectContaining({ customerId: due.customer.id, kind: "service", willSkipBecause: "No e-mail address" }),
    );
  });

  it("counts on the home screen exactly what the Reminders screen lists, skips and last-week pairs included", async () => {
    await dueCustomer(20);
    await dueCustomer(9, { email: "" });
    await dueCustomer(4, { isLandlord: true, email: unique("late") });
    const halfway = await dueCustomer(5, { isLandlord: true, email: unique("halfway") });
    await query(
      "INSERT INTO service_reminders (service_record_id, kind, due_date, outcome) VALUES (?1, 'gas_safety', ?2, 'sent')",
      halfway.record.id,
      halfway.record.nextServiceDue,
    );
    const [{ body: list }, { body: home }] = [
      await admin<ReminderList>("GET", "/api/admin/reminders"),
      await admin<{ remindersDue: number }>("GET", "/api/admin/summary"),
    ];
    expect(list.dueTotal).toBeGreaterThanOrEqual(5);
    expect(home.remindersDue).toBe(list.dueTotal);
  });

  it("needs an admin for the list and the run", async () => {
    expect((await callApp("/api/admin/reminders")).status).toBe(401);
    expect((await callApp("/api/admin/reminders/run", { method: "POST" })).status).toBe(401);
  });

  it("sends reminders from the cron only in the UK daytime", () => {
    expect(isReminderHour(Date.parse("2026-11-23T10:00:00Z"))).toBe(true);
    expect(isReminderHour(Date.parse("2026-11-23T03:00:00Z"))).toBe(false);
    // British Summer Time: 07:30 UTC is 08:30 in London.
    expect(isReminderHour(Date.parse("2026-07-01T07:30:00Z"))).toBe(true);
    expect(isReminderHour(Date.parse("2026-07-01T19:30:00Z"))).toBe(false);
  });
});

describe("stopping reminders", () => {
  it("carries its own one-click opt-out (RFC 8058), which stops the next cycle's reminder", async () => {
    const { customer, record } = await dueCustomer(18);
    await admin("POST", "/api/admin/reminders/run");
    const mail = await outboxRow(customer.email);
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(headers["List-Unsubscribe"]!)![1]!;
    expect(oneClick).toContain("/api/reminders/opt-out?token=");
    expect(mail.html).toContain("/reminders/opt-out?token=");

    const url = new URL(oneClick);
    const res = await callApp(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ optedOut: true, email: customer.email });
    const [row] = await query<{ at: string | null }>(
      "SELECT reminders_opted_out_at AS at FROM customers WHERE id = ?1",
      customer.id,
    );
    expect(row!.at).not.toBeNull();

    // Next year's cycle: skipped, with the reason.
    await query("UPDATE service_records SET next_service_due = ?1 WHERE id = ?2", dayFromNow(17), record.id);
    await admin("POST", "/api/admin/reminders/run");
    expect(await outboxTo(customer.email)).toHaveLength(1);
    const { body } = await admin("GET", "/api/admin/reminders");
    expect(body.skipped.find((r: any) => r.customerId === customer.id)?.reason).toBe("Opted out of reminders");
  });

  it("shows a confirm page that changes nothing, then its button stops them", async () => {
    const customer = await createCustomer({ email: unique("page") });
    const token = await createReminderOptOutToken(env, customer.id);
    const page = await callApp(`/reminders/opt-out?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain("Stop service reminders?");
    expect(text).toContain(customer.email);
    const [before] = await query<{ at: string | null }>(
      "SELECT reminders_opted_out_at AS at FROM customers WHERE id = ?1",
      customer.id,
    );
    expect(before!.at).toBeNull();

    const done = await callApp("/api/reminders/opt-out", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: `token=${encodeURIComponent(token)}`,
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Reminders stopped");
    const again = await callApp(`/reminders/opt-out?token=${encodeURIComponent(token)}`);
    expect(await again.text()).toContain("Reminders are already off");
  });

  it("refuses a tampered or unsubscribe-list link with a clear message", async () => {
    const customer = await createCustomer({ email: unique("tamper") });
    const token = await createReminderOptOutToken(env, customer.id);
    const other = await createReminderOptOutToken(env, customer.id + 1);
    const forged = `${other.split(".")[0]}.${token.split(".")[1]}`;
    const page = await callApp(`/reminders/opt-out?token=${encodeURIComponent(forged)}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("This link is not valid");
    const api = await callAppJson("/api/reminders/opt-out", { method: "POST", json: { token: "nope" } });
    expect(api.status).toBe(400);
    expect(api.body.code).toBe("VALIDATION_FAILED");
    expect((await callAppJson("/api/reminders/opt-out", { method: "POST", json: {} })).body.error).toBe(
      "The link is missing its token.",
    );
  });
});

describe("many reminders at once", () => {
  it("sends 150 due reminders in one run, each exactly once (more than D1's 100 bound parameters)", async () => {
    const due = [];
    for (let i = 0; i < 150; i++) due.push(await dueCustomer(10 + (i % 20), { email: unique(`bulk-${i}`) }));
    const run = await admin("POST", "/api/admin/reminders/run");
    expect(run.status).toBe(200);
    expect(run.body.sent).toBeGreaterThanOrEqual(150);
    await drainMail();
    const addresses = due.map((d) => d.customer.email!);
    const sent = await query<{ to: string; n: number }>(
      "SELECT `to`, count(*) AS n FROM outbox WHERE `to` IN (SELECT value FROM json_each(?1)) GROUP BY `to`",
      JSON.stringify(addresses),
    );
    expect(sent).toHaveLength(150);
    expect(sent.every((r) => r.n === 1)).toBe(true);
    // A second run sends none of them again.
    expect((await admin("POST", "/api/admin/reminders/run")).status).toBe(200);
    await drainMail();
    const again = await query<{ n: number }>(
      "SELECT count(*) AS n FROM outbox WHERE `to` IN (SELECT value FROM json_each(?1))",
      JSON.stringify(addresses),
    );
    expect(again[0]!.n).toBe(150);
  });
});

describe("reminders at ten years' volume", () => {
  it("works through 5,000 due a share per run (202 until the last, 200), each e-mail stored and queued exactly once", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const count = 5000;
    // Written straight into D1: 5,000 customers, each with last year's service due in a fortnight.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO customers (first_name, last_name, email, postcode)
       SELECT 'Bulk', 'Customer ' || i, 'scale-' || ?1 || '-' || i || '@example.com', 'M41 5AA' FROM n`,
    )
      .bind(tag, count)
      .run();
    await env.DB.prepare(
      `INSERT INTO service_records (customer_id, service_type, status, service_date, next_service_due)
       SELECT id, 'Annual Service', 'completed', ?2, ?3 FROM customers WHERE email LIKE 'scale-' || ?1 || '-%'`,
    )
      .bind(tag, dayFromNow(-350), dayFromNow(15))
      .run();

    const { queue, emailIds } = recordingQueue();
    const headers = await adminHeaders();
    // The screen lists the soonest and counts them all.
    const listed = await callAppJson<ReminderList>("/api/admin/reminders", { headers });
    expect(listed.body.dueTotal).toBeGreaterThanOrEqual(count);
    expect(listed.body.due).toHaveLength(settings.reminders.listDue);
    const run = () =>
      callAppJson<ReminderRunResult>("/api/admin/reminders/run", { method: "POST", headers, env: { MAIL_QUEUE: queue } });
    // Two at once first, as when the owner presses the button while the cron runs.
    const firstTwo = await Promise.all([run(), run()]);
    const results = [...firstTwo];
    for (let i = 0; i < 40 && results.at(-1)!.status === 202; i++) results.push(await run());
    const last = results.at(-1)!;
    expect(last.status).toBe(200);
    expect(last.body.remaining).toBe(0);
    for (const { status, body } of results.slice(0, -1)) {
      expect(status).toBe(202);
      expect(body.sent).toBeLessThanOrEqual(settings.reminders.perRun);
    }
    expect(results.length).toBeGreaterThanOrEqual(count / settings.reminders.perRun);

    const stored = await query<{ id: number; to: string }>(
      "SELECT id, `to` FROM outgoing_emails WHERE `to` LIKE 'scale-' || ?1 || '-%'",
      tag,
    );
    expect(stored).toHaveLength(count);
    expect(new Set(stored.map((e) => e.to)).size).toBe(count);
    const reminders = await query<{ email_id: number | null; outcome: string }>(
      `SELECT r.email_id, r.outcome FROM service_reminders r JOIN customers c ON c.id = r.customer_id
       WHERE c.email LIKE 'scale-' || ?1 || '-%'`,
      tag,
    );
    expect(reminders).toHaveLength(count);
    expect(reminders.every((r) => r.outcome === "sent" && r.email_id !== null)).toBe(true);
    expect(new Set(reminders.map((r) => r.email_id))).toEqual(new Set(stored.map((e) => e.id)));
    // Every stored e-mail handed to the Queue once, in batches the Queue accepts.
    const queued = emailIds().filter((id) => stored.some((e) => e.id === id));
    expect(queued.sort((a, b) => a - b)).toEqual(stored.map((e) => e.id).sort((a, b) => a - b));
    // Sent by this test's queue only: kept out of the other tests' drains.
    await env.DB.prepare("UPDATE outgoing_emails SET status = 'sent' WHERE `to` LIKE 'scale-' || ?1 || '-%'").bind(tag).run();
  }, 120_000);

  it("writes nothing of a share when D1 fails in the middle of its batch", async () => {
    const { customer } = await dueCustomer(12, { email: unique("torn") });
    // A binding whose batches end with a statement that fails: D1 rolls the whole batch back.
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) =>
            target.batch([...statements, target.prepare("INSERT INTO customers (first_name) VALUES (NULL)")]);
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expectConsoleError(/NOT NULL constraint failed: customers\.first_name/);
    const failed = await callApp("/api/admin/reminders/run", {
      method: "POST",
      headers: await adminHeaders(),
      env: { DB: failing },
    });
    expect(failed.status).toBe(500);
    const written = async () => ({
      reminders: await query("SELECT id FROM service_reminders WHERE customer_id = ?1", customer.id),
      emails: await query("SELECT id FROM outgoing_emails WHERE `to` = ?1", customer.email),
    });
    expect(await written()).toEqual({ reminders: [], emails: [] });
    // The next run does it whole.
    const { queue } = recordingQueue();
    const again = await callAppJson<ReminderRunResult>("/api/admin/reminders/run", {
      method: "POST",
      headers: await adminHeaders(),
      env: { MAIL_QUEUE: queue },
    });
    expect(again.status).toBeLessThan(300);
    const after = await written();
    expect(after.reminders).toHaveLength(1);
    expect(after.emails).toHaveLength(1);
  });
});
