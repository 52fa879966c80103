import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { AdminInvoice } from "../../schema/api/invoices";
import type { AdminQuote } from "../../schema/api/quotes";
import { adminHeaders } from "./admin";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./factories-commerce";

/**
 * Money reconciled at every step (issue 42), the set-up both halves share
 * (test/money-reconciled-deposits.test.ts, test/money-reconciled-invoice-payments.test.ts): a quote
 * accepted and invoiced, payments made at the fake Stripe and their webhooks, and the invariant that
 * what the customer paid (the fake Stripe's payments less its refunds, plus what the office took)
 * always equals what the documents show as paid less refunded.
 */
export const admin = async <T = any>(method: string, path: string, json?: unknown, extra: object = {}) =>
  callAppJson<T>(path, { method, json, headers: await adminHeaders(), env: extra });
export const customerCall = <T = any>(method: string, path: string, json?: unknown, extra: object = stripeEnv) =>
  callAppJson<T>(path, { method, json, env: extra });

type FakePayment = { session: string; payment_intent: string; amount: number; refunded: number };
export const cardStatement = async (sessions: string[]) => {
  const all = (await (await fetch(`${env.STRIPE_API_BASE}/__payments`)).json()) as FakePayment[];
  return all.filter((p) => sessions.includes(p.session));
};
export const payAtStripe = async (sessionId: string) =>
  (await (await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })).json()) as Record<
    string,
    any
  >;
export const webhook = async (session: unknown, bindings: object = stripeEnv) =>
  callApp("/api/stripe/webhook", {
    method: "POST",
    ...(await signedWebhook(stripeEvent("checkout.session.completed", session))),
    env: bindings,
  });
export const sessionOf = (url: string) => /cs_test_\w+/.exec(url)![0];

/** A customer with a home, a £1,000 quote with a £300 deposit, sent and accepted; its link. */
export async function acceptedQuote() {
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

export const startDeposit = async (token: string) => {
  const res = await customerCall<{ checkoutUrl: string; error?: string }>("POST", `/api/estimates/${token}/deposit`);
  return { ...res, session: res.status === 200 ? sessionOf(res.body.checkoutUrl) : null };
};

export const quoteOf = async (id: number) => (await admin<AdminQuote>("GET", `/api/admin/estimates/${id}`)).body;
export const invoiceOf = async (id: number) => (await admin<AdminInvoice>("GET", `/api/admin/invoices/${id}`)).body;

/** An invoice from the accepted quote, issued. */
export async function invoiced(quoteId: number) {
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
export async function expectReconciled(customerId: number, sessions: string[], officeNet = 0) {
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
