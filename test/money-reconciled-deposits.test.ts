import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminQuote, PublicQuote } from "../schema/api/quotes";
import { londonToday } from "../schema/london-time";
import { query, stripeEnv } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";
import {
  acceptedQuote,
  admin,
  cardStatement,
  customerCall,
  expectReconciled,
  invoiced,
  invoiceOf,
  payAtStripe,
  quoteOf,
  sessionOf,
  startDeposit,
  webhook,
} from "./helpers/money-reconciled";

/**
 * Money reconciled at every step (issue 42), deposits: every deposit that arrives is recorded
 * whatever its quote's state, what the quote or its invoice cannot take goes back to the card, and
 * what the customer paid (the fake Stripe's payments less its refunds, plus what the office took)
 * always equals what the documents show as paid less refunded. Invoice payments that arrive late:
 * test/money-reconciled-invoice-payments.test.ts.
 */
afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("deposits", () => {
  it("keeps one open deposit page a quote: a second start expires the first, and a page paid meanwhile is recorded", async () => {
    const q = await acceptedQuote();
    const first = await startDeposit(q.token);
    const second = await startDeposit(q.token);
    expect(second.session).not.toBe(first.session);
    const read = async (id: string) =>
      (await (
        await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${id}`, {
          headers: { Authorization: "Bearer sk_test_fake_key" },
        })
      ).json()) as {
        status: string;
      };
    expect(await read(first.session!)).toMatchObject({ status: "expired" });
    expect(await read(second.session!)).toMatchObject({ status: "open" });
    // Paid at Stripe, its webhook not here yet: the next start finds it paid, records it, and asks for nothing more.
    await payAtStripe(second.session!);
    const third = await startDeposit(q.token);
    expect(third).toMatchObject({ status: 409, body: { error: "The deposit is paid already. Thank you!" } });
    const quote = await quoteOf(q.id);
    expect(quote.acceptance).toMatchObject({ depositHeldPence: 30_000, depositToPayPence: 0, depositPaidAt: expect.any(String) });
    expect(quote.depositPayments).toHaveLength(1);
    // The webhook when it comes records nothing more.
    expect((await webhook(await payAtStripe(second.session!).then(() => read(second.session!)))).status).toBe(200);
    expect((await quoteOf(q.id)).depositPayments).toHaveLength(1);
    await expectReconciled(q.customerId, [first.session!, second.session!]);
  });

  it("records a second deposit paid on a page left open and gives it back to the card, once, e-mailing both sides", async () => {
    const q = await acceptedQuote();
    const first = await startDeposit(q.token);
    const second = await startDeposit(q.token);
    // Both pages paid (the first in the instant before it was expired): both webhooks arrive, twice each.
    const paidFirst = await payAtStripe(first.session!);
    const paidSecond = await payAtStripe(second.session!);
    for (const session of [paidSecond, paidFirst, paidSecond, paidFirst]) expect((await webhook(session)).status).toBe(200);
    const quote = await quoteOf(q.id);
    expect(quote.depositPayments.map((p) => [p.amountPence, p.refundDuePence, p.refundedPence, p.refundReason])).toEqual([
      [30_000, 0, 0, null],
      [30_000, 30_000, 30_000, "The deposit was already paid"],
    ]);
    expect(quote.acceptance).toMatchObject({ depositHeldPence: 30_000, owedBackPence: 0 });
    expect(quote.events.filter((e) => e.kind === "refunded").map((e) => e.detail)).toEqual([
      "deposit £300.00 to the card: The deposit was already paid",
    ]);
    const statement = await cardStatement([first.session!, second.session!]);
    expect(statement.map((p) => p.refunded).sort()).toEqual([0, 30_000]);
    await expectReconciled(q.customerId, [first.session!, second.session!]);
    await drainMail();
    const mails = await query<{ subject: string; text: string }>("SELECT subject, text FROM outbox WHERE `to` = ?1", q.email);
    const refund = mails.find((m) => m.subject.includes("refunded"));
    expect(refund?.text).toContain("We've refunded £300.00 to your card");
    expect(refund?.text).toContain("The deposit was already paid");
  });

  it("gives back a deposit paid after the quote was cancelled, and the quote shows it", async () => {
    const q = await acceptedQuote();
    const open = await startDeposit(q.token);
    const cancelled = await customerCall<PublicQuote>("POST", `/api/estimates/${q.token}/cancel`, { reason: "Found cheaper" });
    expect(cancelled.status).toBe(200);
    // The page was expired by the cancellation; paid in the instant before, its webhook comes after.
    const paid = await payAtStripe(open.session!);
    expect((await webhook(paid)).status).toBe(200);
    const quote = await quoteOf(q.id);
    expect(quote.status).toBe("cancelled");
    expect(quote.depositPayments).toEqual([
      expect.objectContaining({
        amountPence: 30_000,
        refundDuePence: 30_000,
        refundedPence: 30_000,
        refundReason: "The quote was cancelled before this payment arrived",
        refundMethod: "card",
      }),
    ]);
    const view = await customerCall<PublicQuote>("GET", `/api/estimates/${q.token}`);
    expect(view.body.acceptance).toMatchObject({ depositPaidAt: null, refundedAt: expect.any(String), depositToPayPence: 0 });
    const { card, quotes } = await expectReconciled(q.customerId, [open.session!]);
    expect([card, quotes]).toEqual([0, 0]);
  });

  it("applies a deposit paid after invoicing to the invoice, and gives back what the invoice could not take", async () => {
    // Invoice issued for £1,000 with no deposit yet, £800 paid on it; then the £300 deposit arrives.
    const q = await acceptedQuote();
    const open = await startDeposit(q.token);
    const invoice = await invoiced(q.id);
    expect(invoice).toMatchObject({ depositPence: 0, balancePence: 100_000 });
    await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 80_000,
      method: "bank",
      paidOn: londonToday(),
    });
    expect((await webhook(await payAtStripe(open.session!))).status).toBe(200);
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ depositPence: 20_000, paidPence: 80_000, balancePence: 0, state: "paid" });
    const quote = await quoteOf(q.id);
    expect(quote.depositPayments).toEqual([
      expect.objectContaining({
        amountPence: 30_000,
        refundDuePence: 10_000,
        refundedPence: 10_000,
        refundReason: "More than was still owed",
      }),
    ]);
    expect((await cardStatement([open.session!]))[0]).toMatchObject({ amount: 30_000, refunded: 10_000 });
    // The customer can start no further deposit page: the job is invoiced.
    expect((await startDeposit(q.token)).status).toBe(409);
    await expectReconciled(q.customerId, [open.session!], 80_000);
  });

  it("gives the whole deposit back when it arrives after the invoice was paid in full (£1,300 taken for a £1,000 job no more)", async () => {
    const q = await acceptedQuote();
    const open = await startDeposit(q.token);
    const invoice = await invoiced(q.id);
    const pay = await customerCall<{ checkoutUrl: string }>("POST", `/api/invoices/${invoice.token}/pay`);
    const invoiceSession = sessionOf(pay.body.checkoutUrl);
    expect((await webhook(await payAtStripe(invoiceSession))).status).toBe(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({ state: "paid", paidPence: 100_000 });
    expect((await webhook(await payAtStripe(open.session!))).status).toBe(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({ state: "paid", paidPence: 100_000, depositPence: 0, balancePence: 0 });
    expect((await quoteOf(q.id)).depositPayments[0]).toMatchObject({
      refundDuePence: 30_000,
      refundedPence: 30_000,
      refundReason: "The job's invoice was already paid in full",
    });
    const { card } = await expectReconciled(q.customerId, [open.session!, invoiceSession]);
    expect(card).toBe(100_000);
  });

  it("cancelling an invoiced quote credits the invoice in full in the same step as the deposit refund", async () => {
    const q = await acceptedQuote();
    const open = await startDeposit(q.token);
    expect((await webhook(await payAtStripe(open.session!))).status).toBe(200);
    const invoice = await invoiced(q.id);
    expect(invoice).toMatchObject({ depositPence: 30_000, balancePence: 70_000 });
    const cancelled = await customerCall<PublicQuote>("POST", `/api/estimates/${q.token}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.acceptance).toMatchObject({ refundedAt: expect.any(String) });
    const after = await invoiceOf(invoice.id);
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditNotes[0]).toMatchObject({
      grossPence: 100_000,
      reason: expect.stringContaining("cancelled by the customer"),
    });
    expect(after).toMatchObject({ depositPence: 0, creditedPence: 100_000, paidPence: 0, balancePence: 0 });
    expect((await cardStatement([open.session!]))[0]).toMatchObject({ amount: 30_000, refunded: 30_000 });
    const { card } = await expectReconciled(q.customerId, [open.session!]);
    expect(card).toBe(0);
    await drainMail();
    const [mail] = await query<{ text: string }>(
      "SELECT text FROM outbox WHERE `to` = ?1 AND subject LIKE '%cancelled%'",
      q.email,
    );
    expect(mail!.text).toContain("has been refunded to your card");
    expect(mail!.text).toMatch(/credit note CN-\d{4,}/);
  });

  it("records a deposit paid by bank transfer from the quote screen, never more than is owed, and the office gives it back on cancellation", async () => {
    const q = await acceptedQuote();
    const open = await startDeposit(q.token);
    const bad = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments`, {
      amountPence: 0,
      method: "bank",
      paidOn: londonToday(),
    });
    expect(bad.status).toBe(400);
    const tooMuch = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments`, {
      amountPence: 30_001,
      method: "bank",
      paidOn: londonToday(),
    });
    expect(tooMuch).toMatchObject({ status: 409, body: { error: "That is more than the £300.00 of the deposit still to pay." } });
    const part = await admin<AdminQuote>(
      "POST",
      `/api/admin/estimates/${q.id}/deposit-payments`,
      { amountPence: 10_000, method: "bank", paidOn: londonToday(), reference: "MONEY DEP" },
      stripeEnv,
    );
    expect(part.status).toBe(201);
    expect(part.body.acceptance).toMatchObject({ depositHeldPence: 10_000, depositToPayPence: 20_000, depositPaidAt: null });
    // The customer's open card page (for £300) was closed by it.
    const read = (await (
      await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${open.session}`, {
        headers: { Authorization: "Bearer sk_test_fake_key" },
      })
    ).json()) as { status: string };
    expect(read.status).toBe("expired");
    const rest = await admin<AdminQuote>("POST", `/api/admin/estimates/${q.id}/deposit-payments`, {
      amountPence: 20_000,
      method: "cheque",
      paidOn: londonToday(),
    });
    expect(rest.body.acceptance).toMatchObject({
      depositHeldPence: 30_000,
      depositToPayPence: 0,
      depositPaidAt: expect.any(String),
    });
    expect(rest.body.events.filter((e) => e.kind === "paid").map((e) => e.detail)).toEqual([
      "deposit £100.00 by bank",
      "deposit £200.00 by cheque",
    ]);
    expect(
      (
        await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments`, {
          amountPence: 1,
          method: "cash",
          paidOn: londonToday(),
        })
      ).body.error,
    ).toBe("The deposit is paid already.");
    // The invoice takes the deposit off.
    const draft = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromQuoteId: q.id });
    expect(draft.body).toMatchObject({ depositPence: 30_000, balancePence: 70_000 });
    await admin("DELETE", `/api/admin/invoices/${draft.body.id}`);

    // Cancelled: the office owes it back (not a card), then records giving it back.
    await customerCall("POST", `/api/estimates/${q.token}/cancel`, {});
    const owed = await quoteOf(q.id);
    expect(owed.acceptance).toMatchObject({ depositHeldPence: 0, owedBackPence: 30_000, refundedAt: null });
    const [bank, cheque] = owed.depositPayments;
    const toCard = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments/${bank!.id}/refund`, {
      method: "card",
      refundedOn: londonToday(),
    });
    expect(toCard.status).toBe(400);
    for (const p of [bank!, cheque!]) {
      const given = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments/${p.id}/refund`, {
        method: "bank",
        refundedOn: londonToday(),
        reference: "BACS back",
      });
      expect(given.status).toBe(200);
    }
    const settled = await quoteOf(q.id);
    expect(settled.acceptance).toMatchObject({ owedBackPence: 0, refundedAt: expect.any(String) });
    expect(
      (
        await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments/${bank!.id}/refund`, {
          method: "bank",
          refundedOn: londonToday(),
        })
      ).status,
    ).toBe(409);
    // Office money in, office money out: nothing held.
    await expectReconciled(q.customerId, [open.session!], 0);
  });

  it("refuses a deposit on a quote not accepted, or another quote's payment", async () => {
    const q = await acceptedQuote();
    const other = await acceptedQuote();
    await admin("POST", `/api/admin/estimates/${other.id}/deposit-payments`, {
      amountPence: 30_000,
      method: "cash",
      paidOn: londonToday(),
    });
    const [theirs] = (await quoteOf(other.id)).depositPayments;
    const wrong = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments/${theirs!.id}/refund`, {
      method: "cash",
      refundedOn: londonToday(),
    });
    expect(wrong.status).toBe(404);
    const future = await admin("POST", `/api/admin/estimates/${q.id}/deposit-payments`, {
      amountPence: 100,
      method: "cash",
      paidOn: "2999-01-01",
    });
    expect(future.status).toBe(400);
  });
});
