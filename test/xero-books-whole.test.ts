import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { callApp, callAppJson, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { customer, draft, registered } from "./helpers/invoices";
import { xeroCounts, xeroObjects } from "./helpers/xero";
import { consume, xeroWorld } from "./helpers/xero-link";

// Issue 48's first check, in one go, against the fake Xero: connect, map, issue an invoice, record a
// part payment, a card payment by webhook, a credit note, a refund and a void; the fake holds one
// contact, the invoice with the right tax types and totals, the credit note allocated, the payments;
// replaying every queue message (and Stripe's webhook) changes nothing.

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
  await registered();
});

const choice = {
  salesAccount: "200",
  bankAccounts: { card: "091", bank: "090", cash: "092", cheque: "090" },
  taxTypes: { "20": "OUTPUT2", "5": "RROUTPUT", "0": "ZERORATEDOUTPUT", none: "NONE" },
};

describe("the owner's books in Xero, from connecting to a void", () => {
  it("holds one contact, the invoice, its credit notes and payments once each, however often everything is told again", async () => {
    const world = await xeroWorld();
    expect((await world.call("PUT", "/api/admin/xero/mapping", choice)).status).toBe(200);
    const today = londonToday();
    const c = await customer();
    const invoice = (await world.call("POST", `/api/admin/invoices/${(await draft(c.id)).id}/issue`)).body as AdminInvoice;
    const gross = invoice.totals.grossPence;

    // A part payment by bank transfer, then a credit note for one valve (£52.00) while £52 is still owed.
    expect(
      (
        await world.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
          amountPence: 5_000,
          method: "bank",
          paidOn: today,
        })
      ).status,
    ).toBe(201);
    const valve = await world.call("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "valve", quantity: 1 }],
      reason: "One valve was not fitted",
    });
    expect(valve.status).toBe(201);

    // The rest by card: Stripe's webhook, told twice.
    const both = { ...stripeEnv, ...world.secrets, XERO_QUEUE: world.queue };
    const token = invoice.payLink!.split("/").pop()!;
    const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: both });
    const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
    const session = await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
    ).json();
    const tellStripe = async () => {
      const told = await callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session, `evt_whole_${invoice.id}`))),
        env: both,
      });
      expect(told.status).toBe(200);
    };
    await tellStripe();
    await tellStripe();

    // Paid in full, then the advice line credited (£10.50): paid over, and refunded by bank transfer.
    const advice = await world.call("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "saving", quantity: 1 }],
      reason: "Advice not given",
    });
    expect(advice.status).toBe(201);
    const refund = await world.call("POST", `/api/admin/invoices/${invoice.id}/refunds`, {
      amountPence: 1_050,
      method: "bank",
      refundedOn: today,
    });
    expect(refund.status).toBe(201);

    // A second invoice to the same customer, issued in error and voided.
    const wrong = (await world.call("POST", `/api/admin/invoices/${(await draft(c.id)).id}/issue`)).body as AdminInvoice;
    expect((await world.call("POST", `/api/admin/invoices/${wrong.id}/void`, { reason: "Sent in error" })).status).toBe(200);
    await world.drain();

    const counts = await xeroCounts(world.tenantId);
    expect(counts).toEqual({ Contacts: 1, Invoices: 2, CreditNotes: 2, Allocations: 1, Payments: 3 });
    const invoices = await xeroObjects(world.tenantId, "Invoices");
    const held = invoices.find((i) => i.InvoiceNumber === invoice.number)!;
    expect(held).toMatchObject({ Total: gross / 100, TotalTax: invoice.totals.vatPence / 100, Status: "PAID", AmountDue: 0 });
    expect(held.LineItems.map((l: { TaxType: string; AccountCode: string }) => [l.TaxType, l.AccountCode])).toEqual([
      ["OUTPUT2", "200"],
      ["OUTPUT2", "200"],
      ["RROUTPUT", "200"],
    ]);
    expect(invoices.find((i) => i.InvoiceNumber === wrong.number)).toMatchObject({ Status: "VOIDED" });
    const notes = await xeroObjects(world.tenantId, "CreditNotes");
    expect(notes.map((n) => [n.Total, n.RemainingCredit, n.Allocations.length])).toEqual([
      [52, 0, 1],
      [10.5, 0, 0],
    ]);
    const payments = await xeroObjects(world.tenantId, "Payments");
    expect(payments.map((p) => [p.PaymentType, p.Amount, p.Account.Code])).toEqual([
      ["ACCRECPAYMENT", 50, "090"],
      ["ACCRECPAYMENT", (gross - 5_000 - 5_200) / 100, "091"],
      ["ARCREDITPAYMENT", 10.5, "090"],
    ]);

    // Everything again: every message the queue had, and Stripe's webhook once more.
    await consume(world.appEnv, world.sent);
    await tellStripe();
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toEqual(counts);
  });
});
