import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { createContact } from "../worker/services/xero/accounting";
import { redriveWaiting } from "../worker/services/xero/enqueue";
import { accountingApi } from "../worker/services/xero/session";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { customer, draft, lines, registered } from "./helpers/invoices";
import { consentAt, disconnectInXero, failXero, rateLimitXero, setConsent, xeroCounts, xeroObjects } from "./helpers/xero";
import { consume, xeroQueue, xeroWorld } from "./helpers/xero-link";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
  await registered();
});

type World = Awaited<ReturnType<typeof xeroWorld>>;

async function issuedIn(world: World, customerId?: number) {
  const c = customerId ?? (await customer()).id;
  const d = await draft(c);
  const { status, body } = await world.call("POST", `/api/admin/invoices/${d.id}/issue`);
  expect(status).toBe(200);
  return body as AdminInvoice;
}

describe("without the Xero app's secrets", () => {
  it("issues, takes payments and voids as before, sending nothing anywhere", async () => {
    const { queue, sent } = xeroQueue();
    const headers = await adminHeaders();
    const c = await customer();
    const d = await draft(c.id);
    const call = (path: string, json?: unknown) =>
      callAppJson(path, { method: "POST", json, headers, env: { XERO_QUEUE: queue } });
    expect((await call(`/api/admin/invoices/${d.id}/issue`)).status).toBe(200);
    const paid = await call(`/api/admin/invoices/${d.id}/payments`, { amountPence: 1000, method: "bank", paidOn: londonToday() });
    expect(paid.status).toBe(201);
    expect(sent).toEqual([]);
    expect(await query("SELECT id FROM xero_sync")).toEqual([]);
  });
});

describe("sending to Xero as things happen", () => {
  it("sends an invoice, a part payment, a credit note allocated to it and a refund, once each; replaying every message changes nothing", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    await world.drain();
    const [held] = await xeroObjects(world.tenantId, "Invoices");
    expect(held).toMatchObject({
      Type: "ACCREC",
      InvoiceNumber: invoice.number,
      Status: "AUTHORISED",
      Total: invoice.totals.grossPence / 100,
      TotalTax: invoice.totals.vatPence / 100,
      Date: invoice.issueDate,
      DueDate: invoice.dueDate,
    });
    expect(held.LineItems.map((l: { TaxType: string; AccountCode: string }) => [l.TaxType, l.AccountCode])).toEqual([
      ["OUTPUT2", "200"],
      ["OUTPUT2", "200"],
      ["RROUTPUT", "200"],
    ]);
    expect(held.Url).toContain("/invoice/");

    const today = londonToday();
    const pay = (amountPence: number, method = "bank") =>
      world.call("POST", `/api/admin/invoices/${invoice.id}/payments`, { amountPence, method, paidOn: today });
    expect((await pay(5_000)).status).toBe(201);
    expect((await pay(invoice.totals.grossPence - 5_000, "cash")).status).toBe(201);
    const credited = await world.call("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "service", quantity: 1 }],
      reason: "Service not needed",
    });
    expect(credited.status).toBe(201);
    const refund = await world.call("POST", `/api/admin/invoices/${invoice.id}/refunds`, {
      amountPence: 10_200,
      method: "bank",
      refundedOn: today,
    });
    expect(refund.status).toBe(201);
    await world.drain();

    expect(await xeroCounts(world.tenantId)).toEqual({ Contacts: 1, Invoices: 1, CreditNotes: 1, Allocations: 0, Payments: 3 });
    const [note] = await xeroObjects(world.tenantId, "CreditNotes");
    expect(note).toMatchObject({ Type: "ACCRECCREDIT", Total: 102, RemainingCredit: 0 });
    const [after] = await xeroObjects(world.tenantId, "Invoices");
    expect(after).toMatchObject({ Status: "PAID", AmountDue: 0, AmountPaid: invoice.totals.grossPence / 100 });
    expect(await query("SELECT kind, state FROM xero_sync WHERE tenant_id = ?1 AND state <> 'done'", world.tenantId)).toEqual([]);

    const before = await xeroCounts(world.tenantId);
    const results = await consume(world.appEnv, world.sent);
    expect(results.acked.length).toBe(world.sent.length);
    expect(await xeroCounts(world.tenantId)).toEqual(before);
  });

  it("allocates a credit note to what the invoice still owes", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    await world.call("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "valve", quantity: 1 }],
      reason: "One valve",
    });
    await world.drain();
    const [allocation] = await xeroObjects(world.tenantId, "Allocations");
    expect(allocation.Amount).toBe(52);
    const [held] = await xeroObjects(world.tenantId, "Invoices");
    expect(held.AmountDue).toBe((invoice.totals.grossPence - 5_200) / 100);
  });

  it("matches the customer to the contact Xero has by e-mail, never making a second", async () => {
    const world = await xeroWorld();
    const c = await customer();
    await issuedIn(world, c.id);
    await issuedIn(world, c.id);
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 2 });
    const [contact] = await xeroObjects(world.tenantId, "Contacts");
    expect(contact.EmailAddress).toBe(c.email);
  });

  it("matches by name a customer without an e-mail, and tells apart another of the same name with another e-mail", async () => {
    const world = await xeroWorld();
    const api = await accountingApi(world.appEnv, world.db);
    const known = await createContact(
      api,
      { Name: "Sam Same", EmailAddress: "sam@elsewhere.example" },
      `known-${world.tenantId}`,
    );
    const [first, second] = [(await customer()).id, (await customer()).id];
    await env.DB.prepare("UPDATE customers SET first_name = 'Sam', last_name = 'Same' WHERE id IN (?1, ?2)")
      .bind(first, second)
      .run();
    await env.DB.prepare("UPDATE customers SET email = NULL WHERE id = ?1").bind(first).run();
    await issuedIn(world, first);
    await world.drain();
    await issuedIn(world, second);
    await world.drain();
    const contacts = await xeroObjects(world.tenantId, "Contacts");
    expect(contacts.map((c) => c.Name)).toEqual(["Sam Same", expect.stringMatching(/^Sam Same \(payer-.+@example\.com\)$/)]);
    const invoices = await xeroObjects(world.tenantId, "Invoices");
    expect(invoices[0].Contact.ContactID).toBe(known.ContactID);
    expect(invoices[1].Contact.ContactID).toBe(contacts[1].ContactID);
  });

  it("voids in Xero an invoice voided here", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    expect((await world.call("POST", `/api/admin/invoices/${invoice.id}/void`, { reason: "Sent in error" })).status).toBe(200);
    await world.drain();
    const held = await xeroObjects(world.tenantId, "Invoices");
    expect(held.map((i) => [i.InvoiceNumber, i.Status])).toEqual([[invoice.number, "VOIDED"]]);
  });
});

describe("a card payment by Stripe's webhook", () => {
  it("is sent once to the card's bank account, however often Stripe repeats the event", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    const token = invoice.payLink!.split("/").pop()!;
    const both = { ...stripeEnv, ...world.secrets, XERO_QUEUE: world.queue };
    const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: both });
    const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
    const session = await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
    ).json();
    for (const id of [`evt_xero_${invoice.id}`, `evt_xero_${invoice.id}`, undefined]) {
      const webhook = await callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session, id))),
        env: both,
      });
      expect(webhook.status).toBe(200);
    }
    await world.drain();
    await consume(world.appEnv, world.sent);
    const payments = await xeroObjects(world.tenantId, "Payments");
    expect(payments.map((p) => [p.Amount, p.Account.Code])).toEqual([[invoice.totals.grossPence / 100, "090"]]);
    expect((await xeroObjects(world.tenantId, "Invoices"))[0].Status).toBe("PAID");
  });
});

describe("exactly once", () => {
  it("a retry after a lost answer leaves one invoice", async () => {
    const world = await xeroWorld();
    const { id: customerId } = await customer();
    await issuedIn(world, customerId);
    await world.drain();
    const second = await issuedIn(world, customerId);
    // Each of the consumer's three tries writes the invoice (the first) and loses Xero's answer.
    await failXero(world.tenantId, { count: 3, lose: true, writes: true });
    const [first] = await world.drain();
    expect(first!.retried).toEqual([expect.objectContaining({ delaySeconds: 30 })]);
    const invoiceRow =
      "SELECT state, attempts, xero_id FROM xero_sync WHERE tenant_id = ?1 AND kind = 'invoice' AND document_id = ?2";
    expect(await query(invoiceRow, world.tenantId, second.id)).toEqual([{ state: "waiting", attempts: 1, xero_id: null }]);
    expect((await xeroCounts(world.tenantId)).Invoices).toBe(2);
    await consume(world.appEnv, world.sent.slice(-1), 2);
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 2 });
    const [row] = await query<{ xero_id: string }>(invoiceRow, world.tenantId, second.id);
    const held = await xeroObjects(world.tenantId, "Invoices");
    expect(held.find((i) => i.InvoiceNumber === second.number)!.InvoiceID).toBe(row!.xero_id);
  });

  it("two consumers on one document leave one invoice", async () => {
    const world = await xeroWorld();
    await issuedIn(world);
    const [a, b] = await Promise.all([consume(world.appEnv, world.sent), consume(world.appEnv, world.sent)]);
    expect(a.acked.length + b.acked.length).toBeGreaterThanOrEqual(1);
    await consume(world.appEnv, world.sent);
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 1 });
  });

  it("a sync after reconnecting the same organisation sends nothing again, and sends what waited", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    await world.drain();
    expect((await world.call("POST", "/api/admin/xero/disconnect")).status).toBe(200);
    // Paid while disconnected: not sent (the link is off) until a catch-up.
    await setConsent(world.clientId, [{ tenantId: world.tenantId, tenantName: world.tenants[0]!.tenantName }]);
    const started = await world.call("POST", "/api/admin/xero/connect");
    const { code, state } = await consentAt(started.body.url);
    expect((await world.call("POST", "/api/admin/xero/callback", { code, state })).body.status).toBe("connected");
    await world.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 1_000,
      method: "bank",
      paidOn: londonToday(),
    });
    await consume(world.appEnv, world.sent);
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 1, Payments: 1 });
  });
});

describe("the cron's pass", () => {
  it("sends again what waited an hour without a message (one lost on the way), once", async () => {
    const world = await xeroWorld();
    await issuedIn(world);
    world.sent.length = 0;
    expect(await redriveWaiting(world.appEnv, world.db, Date.now())).toBe(0);
    await env.DB.prepare("UPDATE xero_sync SET updated_at = ?2 WHERE tenant_id = ?1")
      .bind(world.tenantId, new Date(Date.now() - 2 * 3600_000).toISOString())
      .run();
    expect(await redriveWaiting(world.appEnv, world.db, Date.now())).toBe(1);
    expect(await redriveWaiting(world.appEnv, world.db, Date.now())).toBe(0);
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 1 });
  });
});

describe("while Xero asks the owner to reconnect", () => {
  it("keeps what happens meanwhile, and sends it once reconnected", async () => {
    const world = await xeroWorld();
    const invoice = await issuedIn(world);
    await world.drain();
    await disconnectInXero(world.tenantId);
    const paid = await world.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 1_500,
      method: "bank",
      paidOn: londonToday(),
    });
    expect(paid.status).toBe(201);
    await world.drain();
    expect((await world.call("GET", "/api/admin/xero")).body).toMatchObject({ status: "reconnect", waiting: 1 });
    await setConsent(world.clientId, [{ tenantId: world.tenantId, tenantName: world.tenants[0]!.tenantName }]);
    const { code, state } = await consentAt((await world.call("POST", "/api/admin/xero/connect")).body.url);
    expect((await world.call("POST", "/api/admin/xero/callback", { code, state })).body.status).toBe("connected");
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Invoices: 1, Payments: 1 });
    expect((await world.call("GET", "/api/admin/xero")).body).toMatchObject({ status: "connected", waiting: 0, failed: [] });
  });
});

describe("when Xero says no or not now", () => {
  it("shows a refusal in Xero's words, and Retry sends it again once fixed", async () => {
    const world = await xeroWorld();
    await env.DB.prepare("UPDATE xero_connection SET mapping = ?1")
      .bind(JSON.stringify({ salesAccount: "999" }))
      .run();
    const invoice = await issuedIn(world);
    await world.drain();
    const link = await world.call("GET", "/api/admin/xero");
    expect(link.body.failed).toEqual([
      {
        kind: "invoice",
        documentId: invoice.id,
        document: invoice.number,
        state: "failed",
        attempts: 1,
        error: "Account code '999' is not a valid code for this document.",
      },
    ]);
    await env.DB.prepare("UPDATE xero_connection SET mapping = NULL").run();
    const retried = await world.call("POST", "/api/admin/xero/retry");
    expect(retried.body).toMatchObject({ failed: [], waiting: 1 });
    await world.drain();
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Invoices: 1 });
    expect((await world.call("GET", "/api/admin/xero")).body).toMatchObject({ failed: [], waiting: 0 });
  });

  it("names a refused payment by its amount and invoice", async () => {
    const world = await xeroWorld();
    await env.DB.prepare("UPDATE xero_connection SET mapping = ?1")
      .bind(JSON.stringify({ bankAccounts: { bank: "200" } }))
      .run();
    const invoice = await issuedIn(world);
    await world.call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 1_000,
      method: "bank",
      paidOn: londonToday(),
    });
    await world.drain();
    const { body } = await world.call("GET", "/api/admin/xero");
    expect(body.failed).toEqual([
      expect.objectContaining({
        kind: "payment",
        document: `the payment of £10.00 on ${invoice.number}`,
        error: "Account code must be a bank account or have payments enabled.",
      }),
    ]);
  });

  it("waits as long as Xero's Retry-After says when the limit is long", async () => {
    const world = await xeroWorld();
    await issuedIn(world);
    await rateLimitXero(world.tenantId, { count: 1, retryAfter: 900, problem: "minute" });
    const [result] = await world.drain();
    // Waited, not failed: the message goes back as a new one, so waits never use up the queue's retries.
    expect(result!.acked).toHaveLength(1);
    expect(world.delayed).toEqual([{ body: { xero: { kind: "invoice", documentId: expect.any(Number) } }, delaySeconds: 900 }]);
    const [row] = await query<{ last_error: string }>(
      "SELECT last_error FROM xero_sync WHERE tenant_id = ?1 AND kind = 'invoice'",
      world.tenantId,
    );
    expect(row!.last_error).toBe("Xero's minute limit was reached: trying again in 900 seconds");
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Invoices: 0 });
  });
});

describe("the lines as Xero gets them", () => {
  it("uses No VAT when the business is not registered", async () => {
    const world = await xeroWorld();
    await callAppJson("/api/admin/settings/billing", { method: "PATCH", json: { vatRegistered: false }, headers: world.headers });
    await issuedIn(world);
    await world.drain();
    const [held] = await xeroObjects(world.tenantId, "Invoices");
    expect(new Set(held.LineItems.map((l: { TaxType: string }) => l.TaxType))).toEqual(new Set(["NONE"]));
    expect(held.TotalTax).toBe(0);
    expect(lines).toHaveLength(3);
  });
});
