import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { chaseInvoices } from "../worker/services/invoices/chasing";
import { adminHeaders } from "./helpers/admin";
import { callApp, query } from "./helpers/factories-commerce";
import { admin, issued } from "./helpers/invoices";

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("invoices", () => {
  it("chases an unpaid invoice 3 days before, on, and 7 and 14 days after its due date, once each, and never once paid", async () => {
    const { c, invoice } = await issued();
    const other = await issued();
    const db = getDb(env);
    const at = (date: string) => londonToUtc(date, "10:00").getTime();
    const reminders = async (email: string) =>
      (await query("SELECT id FROM outgoing_emails WHERE `to` = ?1 AND kind = 'reminder'", email)).length;
    const due = invoice.dueDate!;
    // Paid in full before it fell due: no reminders at all.
    await admin("POST", `/api/admin/invoices/${other.invoice.id}/payments`, {
      amountPence: other.invoice.balancePence,
      method: "bank",
      paidOn: londonToday(),
    });
    await chaseInvoices(env, db, at(addDays(due, -4)));
    expect(await reminders(c.email)).toBe(0);
    for (const [day, expected] of [
      [-3, 1],
      [-2, 1],
      [0, 2],
      [0, 2],
      [7, 3],
      [8, 3],
      [14, 4],
      [30, 4],
    ] as const) {
      await chaseInvoices(env, db, at(addDays(due, day)));
      expect(await reminders(c.email), `day ${day}`).toBe(expected);
    }
    expect(await reminders(other.c.email)).toBe(0);
    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
    expect(body.events.filter((e) => e.kind === "reminded").map((e) => e.detail)).toEqual([
      "day -3",
      "day 0",
      "day +7",
      "day +14",
    ]);
  });

  it("chases a newly due invoice behind years of unpaid ones already chased to the end", async () => {
    const { c, invoice } = await issued();
    const due = invoice.dueDate!;
    // 250 older debts, every reminder sent long ago: more than a run reads, and all due before this one.
    await query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
       INSERT INTO invoices (customer_id, status, lines, supply_date, issue_date, due_date, net_pence, gross_pence)
       SELECT ?1, 'issued', '[]', d, d, d, 10000, 10000 FROM (SELECT date(?2, '-' || (30 + i) || ' days') AS d FROM n)`,
      c.id,
      due,
    );
    await query(
      `INSERT INTO invoice_events (invoice_id, kind, detail, at)
       SELECT id, 'reminded', 'day +14', ?2 FROM invoices WHERE customer_id = ?1 AND id <> ?3`,
      c.id,
      new Date().toISOString(),
      invoice.id,
    );
    await chaseInvoices(env, getDb(env), londonToUtc(addDays(due, 7), "10:00").getTime());
    const [reminder] = await query<{ detail: string }>(
      "SELECT detail FROM invoice_events WHERE invoice_id = ?1 AND kind = 'reminded'",
      invoice.id,
    );
    expect(reminder?.detail).toBe("day +7");
  });

  it("exports invoices and credit notes, and payments, for a date range, in the columns an accounts import takes", async () => {
    const { c, invoice } = await issued();
    await admin("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "saving" }],
      reason: "Advice was free",
    });
    await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 5_000,
      method: "cheque",
      paidOn: londonToday(),
      reference: "=HYPERLINK(1)",
    });
    const today = londonToday();
    const uk = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const res = await callApp(`/api/admin/export/invoices.csv?from=${today}&to=${today}`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header!.split(",").slice(0, 9)).toEqual([
      "*ContactName",
      "EmailAddress",
      "POAddressLine1",
      "POPostalCode",
      "*InvoiceNumber",
      "Reference",
      "*InvoiceDate",
      "*DueDate",
      "*Description",
    ]);
    const mine = rows.filter((r) => r.includes(`Pat Payer-${c.tag}`));
    expect(mine).toHaveLength(4); // three lines, and the credit note's one
    const valve = mine.find((r) => r.includes("Diverter valve"))!;
    expect(valve).toContain(`${invoice.number},,${uk},`);
    expect(valve).toContain(",2,43.33,200,20% (VAT on Income),17.33,GBP,Invoice,181.66,34.33,0.50,0.00,216.49,50.00,155.99");
    const credit = mine.find((r) => r.includes("Credit note"))!;
    expect(credit).toMatch(/CN-\d{4,},Against INV-\d{4,}/);
    // Rounded to the penny as the invoice's rows are (issue 48: the accountant's CSVs).
    expect(credit).toContain(",-1,10.00,200,5% (VAT on Income),-0.50,GBP,Credit note,-10.00,0.00,-0.50,0.00,-10.50");
    const payments = await callApp(`/api/admin/export/payments.csv?from=${today}&to=${today}`, { headers: await adminHeaders() });
    const paymentLines = (await payments.text()).replace(/^\uFEFF/, "").split("\r\n");
    const paymentRows = paymentLines.filter((r) => r.includes(invoice.number!));
    // Xero's bank statement import: date, amount, payee, what it was (with the payer's own reference), the invoice.
    expect(paymentLines[0]).toBe("*Date,*Amount,Payee,Description,Reference");
    expect(paymentRows).toEqual([
      `${uk},50.00,Pat Payer-${c.tag},Payment for ${invoice.number} by cheque (=HYPERLINK(1)),${invoice.number}`,
    ]);
    const bad = await admin("GET", `/api/admin/export/invoices.csv?from=${today}&to=2000-01-01`);
    expect(bad.status).toBe(400);

    const home = await admin("GET", "/api/admin/summary");
    expect(home.body.invoices.owedPence).toBeGreaterThanOrEqual(15_649);
  });
});
