import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { addDays, londonToday } from "../schema/london-time";
import { query } from "./helpers/factories-commerce";
import { admin, customer, draft, registered } from "./helpers/invoices";
import { lowerMinuteLimit, xeroCalls, xeroCounts, xeroObjects } from "./helpers/xero";
import { consume, xeroWorld } from "./helpers/xero-link";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
  await registered();
});

const choice = {
  salesAccount: "260",
  bankAccounts: { card: "091", bank: "090", cash: "092", cheque: "090" },
  taxTypes: { "20": "OUTPUT2", "5": "RROUTPUT", "0": "ZERORATEDOUTPUT", none: "NONE" },
};

describe("the one-time catch-up", () => {
  it("sends what was issued, paid and voided since the date chosen before connecting, once however often it is asked", async () => {
    const before: AdminInvoice[] = [];
    for (let n = 0; n < 3; n++) {
      const d = await draft((await customer()).id);
      before.push((await admin<AdminInvoice>("POST", `/api/admin/invoices/${d.id}/issue`)).body);
    }
    await admin("POST", `/api/admin/invoices/${before[0]!.id}/payments`, {
      amountPence: 2_000,
      method: "cash",
      paidOn: londonToday(),
    });
    await admin("POST", `/api/admin/invoices/${before[1]!.id}/void`, { reason: "Sent in error" });
    const world = await xeroWorld();
    expect(await query("SELECT id FROM xero_sync WHERE tenant_id = ?1", world.tenantId)).toEqual([]);

    const later = await world.call("POST", "/api/admin/xero/catch-up", { from: addDays(londonToday(), 1) });
    expect(later.body).toEqual({ queued: 0 });
    const asked = await world.call("POST", "/api/admin/xero/catch-up", { from: londonToday() });
    const [issuedHere] = await query<{ n: number }>("SELECT count(*) AS n FROM invoices WHERE number IS NOT NULL");
    const [paymentsHere] = await query<{ n: number }>("SELECT count(*) AS n FROM invoice_payments");
    expect(asked.body.queued).toBe(issuedHere!.n + paymentsHere!.n + 1);
    await world.drain();
    const counts = await xeroCounts(world.tenantId);
    expect(counts).toMatchObject({ Invoices: issuedHere!.n, Payments: paymentsHere!.n });
    const voided = (await xeroObjects(world.tenantId, "Invoices")).filter((i) => i.Status === "VOIDED");
    expect(voided.map((i) => i.InvoiceNumber)).toEqual([before[1]!.number]);

    await world.call("POST", "/api/admin/xero/catch-up", { from: londonToday() });
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toEqual(counts);
    expect((await world.call("POST", "/api/admin/xero/catch-up", { from: "yesterday" })).status).toBe(400);
  });
});

describe("Xero's limits during a catch-up", () => {
  it("stops before the minute's limit, never refused, and leaves the rest for the next minute", async () => {
    for (let n = 0; n < 12; n++) {
      const d = await draft((await customer()).id);
      await admin("POST", `/api/admin/invoices/${d.id}/issue`);
    }
    const world = await xeroWorld();
    await lowerMinuteLimit(world.tenantId, 30);
    await world.call("POST", "/api/admin/xero/catch-up", { from: londonToday() });
    // Paced 12 a minute, and all handed over at once here: as if their minutes had come together.
    const waiting = [...world.sent, ...world.delayed.map((d) => d.body)];
    const paced = world.delayed.length;
    // As the queue hands them over: five at a time, one batch after another.
    for (let i = 0; i < waiting.length; i += 5) {
      const { acked } = await consume(world.appEnv, waiting.slice(i, i + 5));
      expect(acked).toHaveLength(Math.min(5, waiting.length - i));
    }
    const calls = await xeroCalls(world.tenantId);
    expect(calls.refused).toBe(0);
    expect(calls.accepted.length).toBeLessThanOrEqual(30);
    // What did not fit in the minute went back to the queue for the next one, as new messages.
    const later = world.delayed.slice(paced).map((d) => d.delaySeconds);
    expect(later.length).toBeGreaterThan(0);
    expect(new Set(later)).toEqual(new Set([60]));
    const [done] = await query<{ n: number }>(
      "SELECT count(*) AS n FROM xero_sync WHERE tenant_id = ?1 AND kind = 'invoice' AND state = 'done'",
      world.tenantId,
    );
    expect(done!.n + later.length).toBe(waiting.length);
    // A batch straight after starts from what Xero said last, not blind: it waits without a call.
    await consume(world.appEnv, waiting.slice(-1));
    expect(world.delayed.at(-1)).toEqual({ body: waiting.at(-1), delaySeconds: 60 });
    expect(world.delayed).toHaveLength(paced + later.length + 1);
    expect((await xeroCalls(world.tenantId)).accepted).toHaveLength(calls.accepted.length);
    const numbers = (await xeroObjects(world.tenantId, "Invoices")).map((i) => i.InvoiceNumber);
    expect(numbers.length).toBeGreaterThan(0);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe("the mapping, chosen once from Xero's lists", () => {
  it("proposes the organisation's Sales account, a bank account and the UK tax types", async () => {
    const world = await xeroWorld();
    const { status, body } = await world.call("GET", "/api/admin/xero/mapping");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      chosen: false,
      mapping: {
        salesAccount: "200",
        bankAccounts: { card: "090", bank: "090", cash: "090", cheque: "090" },
        taxTypes: { "20": "OUTPUT2", "5": "RROUTPUT", "0": "ZERORATEDOUTPUT", none: "NONE" },
      },
    });
    expect(body.salesAccounts.map((a: { code: string }) => a.code)).toEqual(["200", "260"]);
    expect(body.bankAccounts.map((a: { name: string }) => a.name)).toContain("Card Takings (Stripe)");
    expect(body.taxRates.find((r: { taxType: string }) => r.taxType === "RROUTPUT")).toMatchObject({ rate: 5 });
  });

  it("keeps the choice and sends with it: the sales account, and each way of paying to its bank account", async () => {
    const world = await xeroWorld();
    const saved = await world.call("PUT", "/api/admin/xero/mapping", choice);
    expect(saved.body).toMatchObject({ chosen: true, mapping: choice });
    const d = await draft((await customer()).id);
    await world.call("POST", `/api/admin/invoices/${d.id}/issue`);
    await world.call("POST", `/api/admin/invoices/${d.id}/payments`, {
      amountPence: 1_000,
      method: "card",
      paidOn: londonToday(),
    });
    await world.call("POST", `/api/admin/invoices/${d.id}/payments`, {
      amountPence: 1_000,
      method: "cash",
      paidOn: londonToday(),
    });
    await world.drain();
    const [invoice] = await xeroObjects(world.tenantId, "Invoices");
    expect(new Set(invoice.LineItems.map((l: { AccountCode: string }) => l.AccountCode))).toEqual(new Set(["260"]));
    const payments = await xeroObjects(world.tenantId, "Payments");
    expect(payments.map((p) => p.Account.Code)).toEqual(["091", "092"]);
  });

  it("refuses an account or tax type the organisation does not have, naming the field", async () => {
    const world = await xeroWorld();
    const refused = await world.call("PUT", "/api/admin/xero/mapping", {
      ...choice,
      bankAccounts: { ...choice.bankAccounts, cash: "999" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: "bankAccounts.cash", message: "Xero has no 999 to choose here: pick one from the list." },
    ]);
    const incomplete = await world.call("PUT", "/api/admin/xero/mapping", { salesAccount: "200" });
    expect(incomplete.status).toBe(400);
    expect((await world.call("GET", "/api/admin/xero/mapping")).body.chosen).toBe(false);
  });
});
