import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { numberText } from "../schema/numbers";
import { query, stripeEnv } from "./helpers/factories-commerce";
import { acceptedQuote, payAtStripe, quoteOf, startDeposit, webhook } from "./helpers/money-reconciled";
import { xeroObjects } from "./helpers/xero";
import { consume, xeroWorld } from "./helpers/xero-link";

// A quote's deposit (decisions 017 and 022) in Xero: a payment on the job's invoice once it is
// issued, on the day it was paid, into its method's bank account, once (worker/services/xero/deposits.ts).

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
});

const choice = {
  salesAccount: "200",
  bankAccounts: { card: "091", bank: "090", cash: "092", cheque: "090" },
  taxTypes: { "20": "OUTPUT2", "5": "RROUTPUT", "0": "ZERORATEDOUTPUT", none: "NONE" },
};

async function world() {
  const w = await xeroWorld();
  expect((await w.call("PUT", "/api/admin/xero/mapping", choice)).status).toBe(200);
  const bindings = { ...stripeEnv, ...w.secrets, XERO_QUEUE: w.queue };
  return { ...w, bindings };
}

async function invoiceFrom(w: Awaited<ReturnType<typeof world>>, quoteId: number) {
  const draft = await w.call("POST", "/api/admin/invoices", { fromQuoteId: quoteId });
  expect(draft.status).toBe(201);
  const issued = await w.call("POST", `/api/admin/invoices/${draft.body.id}/issue`);
  expect(issued.status).toBe(200);
  return issued.body as AdminInvoice;
}

const paymentsOn = async (tenantId: string, invoiceNumber: string) => {
  const [invoice] = (await xeroObjects(tenantId, "Invoices")).filter((i) => i.InvoiceNumber === invoiceNumber);
  const payments = (await xeroObjects(tenantId, "Payments")).filter((p) => p.Invoice?.InvoiceID === invoice.InvoiceID);
  return { invoice, payments };
};

describe("a deposit paid at acceptance", () => {
  it("waits for the job's invoice, then is a payment on it into the card's account, dated when paid, once", async () => {
    const w = await world();
    const quote = await acceptedQuote();
    const { session } = await startDeposit(quote.token);
    const paid = await payAtStripe(session!);
    expect((await webhook(paid, w.bindings)).status).toBe(200);
    expect((await quoteOf(quote.id)).acceptance?.depositHeldPence).toBe(30_000);
    await w.drain();
    // Money in before any invoice: nothing to put it against yet, and nothing waits in vain.
    expect(await query("SELECT id FROM xero_sync WHERE tenant_id = ?1 AND kind = 'deposit'", w.tenantId)).toEqual([]);

    const invoice = await invoiceFrom(w, quote.id);
    await w.drain();
    const { invoice: held, payments } = await paymentsOn(w.tenantId, invoice.number!);
    expect(held).toMatchObject({ Total: 1000, AmountDue: 700, AmountPaid: 300, Status: "AUTHORISED" });
    const [quoteNumber] = await query<{ number: number }>("SELECT number FROM estimates WHERE id = ?1", quote.id);
    expect(payments).toEqual([
      expect.objectContaining({
        Amount: 300,
        Account: { Code: "091" },
        Date: londonToday(),
        Reference: `Deposit on quote ${numberText("estimate", quoteNumber!.number)}`,
      }),
    ]);

    // Every message again, and Stripe's webhook again: still one payment of the deposit.
    await consume(w.appEnv, w.sent);
    expect((await webhook(paid, w.bindings)).status).toBe(200);
    await w.drain();
    // The rest paid on the invoice by bank transfer: Xero's invoice is paid, as ours is.
    await w.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 70_000,
      method: "bank",
      paidOn: londonToday(),
    });
    await w.drain();
    const after = await paymentsOn(w.tenantId, invoice.number!);
    expect(after.payments.map((p) => [p.Amount, p.Account.Code])).toEqual([
      [300, "091"],
      [700, "090"],
    ]);
    expect(after.invoice).toMatchObject({ AmountDue: 0, Status: "PAID" });
  });
});

describe("a deposit taken after the invoice was issued", () => {
  it("is sent at once as a payment on it, into the account of how it was paid, on the day given", async () => {
    const w = await world();
    const quote = await acceptedQuote();
    const invoice = await invoiceFrom(w, quote.id);
    await w.drain();
    const paidOn = londonToday();
    const recorded = await w.call("POST", `/api/admin/estimates/${quote.id}/deposit-payments`, {
      amountPence: 30_000,
      method: "cash",
      paidOn,
      reference: "Handed to Dave",
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    await w.drain();
    await consume(w.appEnv, w.sent);
    const { invoice: held, payments } = await paymentsOn(w.tenantId, invoice.number!);
    expect(payments).toEqual([
      expect.objectContaining({
        Amount: 300,
        Account: { Code: "092" },
        Date: paidOn,
        Reference: expect.stringMatching(/: Handed to Dave$/),
      }),
    ]);
    expect(held).toMatchObject({ AmountDue: 700 });
  });
});

describe("a deposit whose invoice was voided before it was sent", () => {
  it("is shown with why, and Retry puts it on the job's new invoice, once", async () => {
    const w = await world();
    const quote = await acceptedQuote();
    const recorded = await w.call("POST", `/api/admin/estimates/${quote.id}/deposit-payments`, {
      amountPence: 30_000,
      method: "bank",
      paidOn: londonToday(),
      reference: null,
    });
    expect(recorded.status).toBe(201);
    const first = await invoiceFrom(w, quote.id);
    expect((await w.call("POST", `/api/admin/invoices/${first.id}/void`, { reason: "Wrong address" })).status).toBe(200);
    // The void reaches the queue before the deposit does.
    const deposit = w.sent.filter((m) => m.xero.kind === "deposit");
    await consume(w.appEnv, [...w.sent.filter((m) => m.xero.kind !== "deposit"), ...deposit]);
    const link = (await w.call("GET", "/api/admin/xero")).body;
    expect(link.failed).toEqual([
      expect.objectContaining({
        document: "the deposit of £300.00 paid on a quote",
        error: "The job's invoice was voided: press Retry once its new invoice is issued.",
      }),
    ]);

    const second = await invoiceFrom(w, quote.id);
    await w.drain();
    expect((await paymentsOn(w.tenantId, second.number!)).payments).toEqual([]);
    expect((await w.call("POST", "/api/admin/xero/retry")).status).toBe(200);
    await w.drain();
    await consume(w.appEnv, w.sent);
    const { invoice: held, payments } = await paymentsOn(w.tenantId, second.number!);
    expect(payments.map((p) => [p.Amount, p.Account.Code])).toEqual([[300, "090"]]);
    expect(held).toMatchObject({ AmountDue: 700 });
    expect((await paymentsOn(w.tenantId, first.number!)).invoice).toMatchObject({ Status: "VOIDED", AmountPaid: 0 });
  });
});
