import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminQuote, PublicQuote } from "../schema/api/quotes";
import { londonToday } from "../schema/london-time";
import worker from "../worker/index";
import { adminHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { guardedEnv } from "./helpers/d1-guard";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

/**
 * Money reconciled at every step (issue 42): every deposit or invoice payment that arrives is
 * recorded whatever its document's state, what the document cannot take goes back to the card, and
 * what the customer paid (the fake Stripe's payments less its refunds, plus what the office took)
 * always equals what the documents show as paid less refunded.
 */
const admin = async <T = any>(method: string, path: string, json?: unknown, extra: object = {}) =>
  callAppJson<T>(path, { method, json, headers: await adminHeaders(), env: extra });
const customerCall = <T = any>(method: string, path: string, json?: unknown, extra: object = stripeEnv) =>
  callAppJson<T>(path, { method, json, env: extra });

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

type FakePayment = { session: string; payment_intent: string; amount: number; refunded: number };
const cardStatement = async (sessions: string[]) => {
  const all = (await (await fetch(`${env.STRIPE_API_BASE}/__payments`)).json()) as FakePayment[];
  return all.filter((p) => sessions.includes(p.session));
};
const payAtStripe = async (sessionId: string) =>
  (await (await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })).json()) as Record<
    string,
    any
  >;
const webhook = async (session: unknown, bindings: object = stripeEnv) =>
  callApp("/api/stripe/webhook", {
    method: "POST",
    ...(await signedWebhook(stripeEvent("checkout.session.completed", session))),
    env: bindings,
  });
const sessionOf = (url: string) => /cs_test_\w+/.exec(url)![0];

/** A customer with a home, a £1,000 quote with a £300 deposit, sent and accepted; its link. */
async function acceptedQuote() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `money-${tag}@example.com`;
  const { body: c } = await admin("POST", "/api/admin/customers", {
    firstName: "Mo",
    lastName: `Ney-${tag}`,
    email,
    address: "3 Till Street, Altrincham",
    postcode: "WA14 1AA",
  });
  const created = await admin<AdminQuote>("POST", "/api/admin/estimates", {
    customerId: c.id,
    title: "A new boiler",
    options: [
      {
        id: "one",
        name: "Fitted",
        lines: [{ id: "boiler", description: "Boiler fitted", quantity: 1, unitPence: 100_000, vatRate: 0 }],
      },
    ],
    deposit: { kind: "fixed", pence: 30_000 },
  });
  const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${created.body.id}/send`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const token = sent.body.customerUrl!.split("/").pop()!;
  const accepted = await customerCall("POST", `/api/estimates/${token}/accept`, {
    optionId: "one",
    name: "Mo Ney",
    startEarly: true,
  });
  expect(accepted.status).toBe(200);
  return { customerId: c.id as number, email, id: created.body.id, token };
}

const startDeposit = async (token: string) => {
  const res = await customerCall<{ checkoutUrl: string; error?: string }>("POST", `/api/estimates/${token}/deposit`);
  return { ...res, session: res.status === 200 ? sessionOf(res.body.checkoutUrl) : null };
};

const quoteOf = async (id: number) => (await admin<AdminQuote>("GET", `/api/admin/estimates/${id}`)).body;
const invoiceOf = async (id: number) => (await admin<AdminInvoice>("GET", `/api/admin/invoices/${id}`)).body;

/** An invoice from the accepted quote, issued. */
async function invoiced(quoteId: number) {
  const draft = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromQuoteId: quoteId });
  expect(draft.status).toBe(201);
  const issued = await admin<AdminInvoice>("POST", `/api/admin/invoices/${draft.body.id}/issue`);
  expect(issued.status).toBe(200);
  return { ...issued.body, token: issued.body.payLink!.split("/").pop()! };
}

/**
 * The invariant: the customer's card (paid less refunded) plus what the office took less gave back
 * equals the documents' paid less refunded: the quote's deposit ledger and the invoices' paid sums.
 */
async function expectReconciled(customerId: number, sessions: string[], officeNet = 0) {
  const card = (await cardStatement(sessions)).reduce((sum, p) => sum + p.amount - p.refunded, 0);
  const [quotes] = await query<{ net: number }>(
    `SELECT COALESCE(SUM(p.amount_pence - p.refunded_pence), 0) AS net FROM estimate_payments p
      JOIN estimates e ON e.id = p.estimate_id WHERE e.customer_id = ?1`,
    customerId,
  );
  const [invoices] = await query<{ net: number }>(
    "SELECT COALESCE(SUM(paid_pence), 0) AS net FROM invoices WHERE customer_id = ?1",
    customerId,
  );
  expect(quotes!.net + invoices!.net).toBe(card + officeNet);
  return { card, quotes: quotes!.net, invoices: invoices!.net };
}

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
