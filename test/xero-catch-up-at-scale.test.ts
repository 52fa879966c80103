import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { londonToday } from "../schema/london-time";
import { callAppJson, query } from "./helpers/factories-commerce";
import { admin, customer, draft, registered } from "./helpers/invoices";
import { rateLimitXero, usedEarlier, xeroCalls, xeroObjects } from "./helpers/xero";
import { drivenQueue, mostInAnyWindow } from "./helpers/xero-clock";
import { connectXero } from "./helpers/xero-link";

const MINUTE = 60_000;
const DAY = 86_400_000;
const INVOICES = 600;
const CUSTOMERS = 200;
/** Calls another app of the owner's made 21 to 23 hours before: Xero's 5,000 a day leave room for 500 more. */
const USED_EARLIER = 4_500;

/** 600 issued invoices for 200 customers (three each), loaded in two statements. */
async function sixHundredIssued() {
  const counter = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)";
  const tag = crypto.randomUUID().slice(0, 8);
  await env.DB.prepare(
    `${counter} INSERT INTO customers (first_name, last_name, email) SELECT 'Catch', 'Up ' || ?2 || ' ' || i, 'catch' || i || '.' || ?2 || '@example.com' FROM n`,
  )
    .bind(CUSTOMERS, tag)
    .run();
  const today = londonToday();
  const line = JSON.stringify([
    { id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 },
  ]);
  await env.DB.prepare(
    `${counter} INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, due_date, vat_registered,
        net_pence, vat_pence, gross_pence, issued_at)
      SELECT (SELECT min(id) FROM customers WHERE email LIKE '%.' || ?2 || '@example.com') + (i - 1) % ?3,
        (SELECT coalesce(max(number), 0) FROM invoices) + i, 'issued', ?4, ?5, ?5, ?5, 1, 8500, 1700, 10200, ?5 FROM n`,
  )
    .bind(INVOICES, tag, CUSTOMERS, line, today)
    .run();
  return today;
}

describe("a 429 with Retry-After, in the test's own time", () => {
  it("stops calling for as long as Xero says, then finishes: each invoice once", async () => {
    await registered();
    const issued: string[] = [];
    for (let n = 0; n < 3; n++) {
      const d = await draft((await customer()).id);
      issued.push((await admin("POST", `/api/admin/invoices/${d.id}/issue`)).body.number);
    }
    const link = await connectXero();
    const start = Date.now();
    const driven = drivenQueue(link.tenantId, start);
    const appEnv = { ...link.appEnv, XERO_QUEUE: driven.queue };
    // Another app of the owner's spent the limit: Xero asks for 15 minutes (the queue's to wait).
    await rateLimitXero(link.tenantId, { count: 1, retryAfter: 900 });
    const asked = await callAppJson("/api/admin/xero/catch-up", {
      method: "POST",
      headers: link.headers,
      env: { ...link.secrets, XERO_QUEUE: driven.queue },
      json: { from: londonToday() },
    });
    expect(asked.status).toBe(200);
    await driven.run(appEnv);

    const numbers = (await xeroObjects(link.tenantId, "Invoices")).map((i) => i.InvoiceNumber);
    expect(numbers.filter((n) => issued.includes(n)).sort()).toEqual([...issued].sort());
    expect(new Set(numbers).size).toBe(numbers.length);
    // Not one call in the 15 minutes Xero asked for, by this message or the others.
    const calls = await xeroCalls(link.tenantId);
    expect(driven.now() - start).toBeGreaterThanOrEqual(900_000);
    expect(calls.accepted.length).toBeGreaterThan(0);
    expect(calls.accepted.filter((t) => t < start + 900_000)).toEqual([]);
    expect(driven.dropped).toEqual([]);
  });
});

describe("a 600-invoice catch-up, driven at full size in the test's own time", () => {
  it("sends every invoice once, never more than 60 calls in a minute, 5 at once or 5,000 in a day, waiting out the day's limit", async () => {
    await registered();
    const today = await sixHundredIssued();
    const link = await connectXero();
    const start = Date.now();
    const driven = drivenQueue(link.tenantId, start);
    await usedEarlier(link.tenantId, USED_EARLIER, start - 23 * 60 * MINUTE, start - 21 * 60 * MINUTE);
    const appEnv = { ...link.appEnv, XERO_QUEUE: driven.queue };

    const asked = await callAppJson("/api/admin/xero/catch-up", {
      method: "POST",
      headers: link.headers,
      env: { ...link.secrets, XERO_QUEUE: driven.queue },
      json: { from: today },
    });
    const [issued] = await query<{ n: number }>(
      "SELECT count(*) AS n FROM invoices WHERE number IS NOT NULL AND issue_date >= ?1",
      today,
    );
    expect(asked.body).toEqual({ queued: issued!.n });
    expect(issued!.n).toBeGreaterThanOrEqual(INVOICES);

    const [before] = await query<{ v: number }>("SELECT token_version AS v FROM xero_connection");
    const began = performance.now();
    await driven.run(appEnv);
    const tookMs = performance.now() - began;

    const calls = await xeroCalls(link.tenantId);
    const ours = calls.accepted.filter((t) => t >= start);
    expect(mostInAnyWindow(calls.accepted, MINUTE)).toBeLessThanOrEqual(60);
    expect(mostInAnyWindow(calls.accepted, DAY)).toBeLessThanOrEqual(5_000);
    expect(calls.mostAtOnce).toBeLessThanOrEqual(5);
    expect(calls.refused).toBe(0);
    // Waits for Xero's limits went back as new messages: none used a retry, none was dropped.
    expect(driven.stats.mostAttempts).toBe(0);
    expect(driven.dropped).toEqual([]);
    // The day's limit was met: the last invoices went as the calls made 21 to 23 hours before aged out.
    expect(driven.now() - start).toBeGreaterThan(60 * MINUTE);

    const invoices = await xeroObjects(link.tenantId, "Invoices");
    const numbers = invoices.map((i) => i.InvoiceNumber);
    expect(numbers).toHaveLength(issued!.n);
    expect(new Set(numbers).size).toBe(issued!.n);
    expect(await xeroObjects(link.tenantId, "Contacts")).toHaveLength(CUSTOMERS + (issued!.n - INVOICES));
    const [left] = await query<{ n: number }>(
      "SELECT count(*) AS n FROM xero_sync WHERE tenant_id = ?1 AND state <> 'done'",
      link.tenantId,
    );
    expect(left!.n).toBe(0);
    // Over two hours of the test's time the 30-minute access token was refreshed ahead, never refused.
    const [after] = await query<{ v: number; status: string }>("SELECT token_version AS v, status FROM xero_connection");
    expect(after).toMatchObject({ status: "connected" });
    expect(after!.v - before!.v).toBeGreaterThanOrEqual(2);
    console.info(
      JSON.stringify({
        catchUp: { invoices: issued!.n, calls: ours.length, hours: (driven.now() - start) / 3_600_000, ...driven.stats, tookMs },
      }),
    );
    // About 25 s alone on 2 cores, 100 s in the whole suite on a machine loaded 8 deep: room for both.
  }, 180_000);
});
