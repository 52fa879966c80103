import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { londonToday } from "../schema/london-time";
import worker from "../worker/index";
import { expectConsoleError } from "./helpers/console";
import { guardedEnv } from "./helpers/d1-guard";
import { query, stripeEnv } from "./helpers/factories-commerce";
import {
  acceptedQuote,
  admin,
  cardStatement,
  customerCall,
  expectReconciled,
  invoiced,
  invoiceOf,
  payAtStripe,
  sessionOf,
  webhook,
} from "./helpers/money-reconciled";

/**
 * Money reconciled at every step (issue 42), invoice payments that arrive late: every invoice
 * payment that arrives is recorded whatever its invoice's state, what the invoice cannot take goes
 * back to the card, and what the customer paid (the fake Stripe's payments less its refunds, plus
 * what the office took) always equals what the documents show as paid less refunded. Deposits:
 * test/money-reconciled-deposits.test.ts.
 */
afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("invoice payments that arrive late", () => {
  async function issuedInvoice() {
    const q = await acceptedQuote();
    return { ...q, invoice: await invoiced(q.id) };
  }

  it("records and gives back a card payment for an invoice voided meanwhile", async () => {
    const { customerId, invoice } = await issuedInvoice();
    const pay = await customerCall<{ checkoutUrl: string }>("POST", `/api/invoices/${invoice.token}/pay`);
    const session = sessionOf(pay.body.checkoutUrl);
    // Voided without Stripe's keys: the page could not be closed, and the customer pays it.
    expect((await admin("POST", `/api/admin/invoices/${invoice.id}/void`, { reason: "Raised in error" })).status).toBe(200);
    expect((await webhook(await payAtStripe(session))).status).toBe(200);
    const after = await invoiceOf(invoice.id);
    expect(after.state).toBe("void");
    expect(after.payments).toEqual([expect.objectContaining({ method: "card", amountPence: 100_000 })]);
    expect(after.refunds).toEqual([expect.objectContaining({ method: "card", amountPence: 100_000 })]);
    expect(after.paidPence).toBe(0);
    expect(after.events.filter((e) => e.kind === "refunded").map((e) => e.detail)).toEqual([
      "£1,000.00 to the card: The invoice was void when this payment arrived",
    ]);
    const { card } = await expectReconciled(customerId, [session]);
    expect(card).toBe(0);
  });

  it("gives back a card payment for an invoice paid meanwhile, and tries again from the cron when Stripe is down", async () => {
    const { customerId, invoice } = await issuedInvoice();
    const pay = await customerCall<{ checkoutUrl: string }>("POST", `/api/invoices/${invoice.token}/pay`);
    const session = sessionOf(pay.body.checkoutUrl);
    await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 100_000,
      method: "bank",
      paidOn: londonToday(),
    });
    // The webhook arrives while Stripe refuses the refund (a revoked key): the payment is recorded, the money due back.
    const down = { ...stripeEnv, STRIPE_SECRET_KEY: "sk_test_revoked_for_now" };
    expectConsoleError(/"stripe":"refunds.create".*Invalid API Key/);
    expect((await webhook(await payAtStripe(session), down)).status).toBe(200);
    let after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ paidPence: 200_000, balancePence: -100_000, refunds: [] });
    await expectReconciled(customerId, [session], 100_000);
    // The cron's next run gives it back, once, however often it runs.
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }),
        guardedEnv({ ...env, ...stripeEnv }),
        ctx,
      );
      await waitOnExecutionContext(ctx);
    }
    after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ state: "paid", paidPence: 100_000, balancePence: 0 });
    expect(after.refunds).toEqual([expect.objectContaining({ amountPence: 100_000, method: "card" })]);
    expect((await cardStatement([session]))[0]).toMatchObject({ amount: 100_000, refunded: 100_000 });
    await expectReconciled(customerId, [session], 100_000);
  });
});
