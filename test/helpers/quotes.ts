import { expect } from "vitest";
import type { AdminQuote, PublicQuote } from "../../schema/api/quotes";
import { admin } from "./admin";

export { admin };

import { callAppJson, query } from "./factories-commerce";
import { drainMail } from "./mail";

/**
 * Quotes as the three test files drive them (test/quotes-pricing-and-acceptance.test.ts,
 * test/quotes-jobs-and-follow-ups.test.ts, test/quotes-deposits-and-cancelling.test.ts): a customer
 * with a home, a two-option boiler quote, sent with its link read from the e-mail, and the
 * customer's acceptance. `sentQuote` turns VAT registration on: each file clears it after each test.
 */
export const customerCall = <T = any>(method: string, path: string, json?: unknown) => callAppJson<T>(path, { method, json });

export async function customer() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `buyer-${tag}@example.com`;
  const { body } = await admin("POST", "/api/admin/customers", {
    firstName: "Bea",
    lastName: `Buyer-${tag}`,
    email,
    address: "5 Elm Street, Urmston",
    postcode: "M41 0AA",
  });
  return { id: body.id as number, email, tag };
}

export const boilerQuote = (customerId: number) => ({
  customerId,
  title: "A new combi boiler",
  introduction: "Two ways to replace the old back boiler.",
  options: [
    {
      id: "good",
      name: "Good",
      lines: [
        { id: "boiler", description: "Worcester Greenstar 4000 25kW", quantity: 1, unitPence: 189_900, vatRate: 20 },
        { id: "labour", description: "Fitting (days)", quantity: 1.5, unitPence: 33_333, vatRate: 20 },
        { id: "filter", description: "Magnetic filter", quantity: 1, unitPence: 12_999, vatRate: 20, optional: true },
      ],
    },
    {
      id: "best",
      name: "Best",
      lines: [{ id: "boiler8", description: "Worcester Greenstar 8000 30kW", quantity: 1, unitPence: 329_900, vatRate: 20 }],
    },
  ],
  deposit: { kind: "percent", percent: 10 },
});

export async function sentQuote(vatRegistered = true) {
  if (vatRegistered) await admin("PATCH", "/api/admin/settings/billing", { vatRegistered: true, vatNumber: "GB123456789" });
  const c = await customer();
  const created = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(c.id));
  expect(created.status).toBe(201);
  const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${created.body.id}/send`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await drainMail();
  const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1 ORDER BY id DESC", c.email);
  const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
  return { c, quote: sent.body, token };
}

export const accept = (token: string, body: object = {}) =>
  customerCall<PublicQuote & { error?: string }>("POST", `/api/estimates/${token}/accept`, {
    optionId: "good",
    name: "Bea Buyer",
    startEarly: true,
    ...body,
  });
