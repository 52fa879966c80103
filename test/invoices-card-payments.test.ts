import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice, PublicInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";
import { admin, issued } from "./helpers/invoices";
import { drainMail } from "./helpers/mail";

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("invoices", () => {
  it("e-mails the invoice with its PDF and a link to pay; paid by card through the webhook once, with a receipt", async () => {
    const { c, invoice, token } = await issued();
    await drainMail();
    const [sent] = await query<{ attachments: string; text: string }>(
      "SELECT attachments, text FROM outbox WHERE `to` = ?1 AND subject LIKE '%invoice%'",
      c.email,
    );
    expect(JSON.parse(sent!.attachments)[0]).toMatchObject({ name: `${invoice.number}.pdf`, contentType: "application/pdf" });
    expect(sent!.text).toContain(`/invoice/${token}`);

    const view = await callAppJson<PublicInvoice>(`/api/invoices/${token}`);
    expect(view.status).toBe(200);
    expect(view.res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(view.body).toMatchObject({ number: invoice.number, balancePence: 21_649, state: "issued" });
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await callAppJson(`/api/invoices/${tampered}`)).status).toBe(404);

    const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    expect(started.status).toBe(200);
    const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
    const session = (await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
    ).json()) as {
      amount_total: number;
    };
    expect(session.amount_total).toBe(21_649);
    const webhook = async (id?: string) =>
      callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session, id))),
        env: stripeEnv,
      });
    expect((await webhook(`evt_invoice_${invoice.id}`)).status).toBe(200);
    expect((await webhook(`evt_invoice_${invoice.id}`)).status).toBe(200);
    expect((await webhook()).status).toBe(200);
    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
    expect(body).toMatchObject({ state: "paid", paidPence: 21_649, balancePence: 0 });
    expect(body.payments).toEqual([expect.objectContaining({ method: "card", amountPence: 21_649 })]);
    expect(body.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["issued", "sent", "viewed", "paid"]));
    await drainMail();
    const receipts = await query("SELECT id FROM outbox WHERE `to` = ?1 AND subject LIKE '%receipt%'", c.email);
    expect(receipts).toHaveLength(1);
    const again = await callAppJson(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    expect(again.status).toBe(409);
  });

  describe("card checkouts: only the latest can be paid", () => {
    const stripeAdmin = async <T = any>(path: string, json: unknown) =>
      callAppJson<T>(path, { method: "POST", json, headers: await adminHeaders(), env: stripeEnv });
    const start = (token: string) =>
      callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    const sessionOf = (url: string) => /cs_test_\w+/.exec(url)![0];
    const atStripe = async (id: string) =>
      (await (
        await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${id}`, {
          headers: { Authorization: "Bearer sk_test_fake_key" },
        })
      ).json()) as {
        status: string;
        amount_total: number;
      };
    const pay = async (id: string) =>
      (await (await fetch(`${env.STRIPE_API_BASE}/__sessions/${id}/pay`, { method: "POST", body: "{}" })).json()) as object;

    it("a second start expires the first, and a payment, credit note or void in the office expires the open one", async () => {
      const { invoice, token } = await issued();
      const first = sessionOf((await start(token)).body.checkoutUrl);
      const second = sessionOf((await start(token)).body.checkoutUrl);
      expect(second).not.toBe(first);
      expect(await atStripe(first)).toMatchObject({ status: "expired" });
      expect(await atStripe(second)).toMatchObject({ status: "open", amount_total: 21_649 });

      // £49 by bank transfer: the open page asked for the whole balance, so it is closed, and the
      // next one asks for what is left.
      const paid = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${invoice.id}/payments`, {
        amountPence: 4_900,
        method: "bank",
        paidOn: londonToday(),
      });
      expect(paid.status).toBe(201);
      expect(await atStripe(second)).toMatchObject({ status: "expired" });
      const third = sessionOf((await start(token)).body.checkoutUrl);
      expect(await atStripe(third)).toMatchObject({ status: "open", amount_total: 21_649 - 4_900 });

      // The 5% line credited (£10 + 50p VAT).
      const credited = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${invoice.id}/credit-notes`, {
        lines: [{ lineId: "saving" }],
        reason: "Goodwill",
      });
      expect(credited.status).toBe(201);
      expect(await atStripe(third)).toMatchObject({ status: "expired" });
      const fourth = sessionOf((await start(token)).body.checkoutUrl);
      expect(await atStripe(fourth)).toMatchObject({ status: "open", amount_total: 21_649 - 4_900 - 1_050 });

      const other = await issued();
      const open = sessionOf((await start(other.token)).body.checkoutUrl);
      const voided = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${other.invoice.id}/void`, { reason: "Raised twice" });
      expect(voided.status).toBe(200);
      expect(await atStripe(open)).toMatchObject({ status: "expired" });
      expect((await start(other.token)).status).toBe(409);
    });

    it("a page paid just before another start is recorded then, and nothing more is asked for", async () => {
      const { invoice, token } = await issued();
      const first = sessionOf((await start(token)).body.checkoutUrl);
      // Paid at Stripe; its webhook has not arrived yet.
      await pay(first);
      const again = await start(token);
      expect(again).toMatchObject({ status: 409, body: { error: "This invoice is paid in full. Thank you!" } });
      const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
      expect(body).toMatchObject({ state: "paid", balancePence: 0 });
      expect(body.payments).toEqual([expect.objectContaining({ method: "card", amountPence: 21_649, reference: first })]);
      // The webhook, when it comes, records nothing more.
      const webhook = await callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", await atStripe(first)))),
        env: stripeEnv,
      });
      expect(webhook.status).toBe(200);
      expect((await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`)).body.payments).toHaveLength(1);
    });

    it("money beyond what is owed (Stripe unreachable when the office took a payment) is recorded and given back to the card", async () => {
      const { invoice, token } = await issued();
      const open = sessionOf((await start(token)).body.checkoutUrl);
      // Recorded without Stripe's keys: the open page cannot be closed, and stays payable.
      expect(
        (
          await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
            amountPence: 6_649,
            method: "cash",
            paidOn: londonToday(),
          })
        ).status,
      ).toBe(201);
      const session = (await pay(open)) as { payment_intent: string };
      const event = stripeEvent("checkout.session.completed", session);
      const webhook = async () =>
        callApp("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(event)), env: stripeEnv });
      expect((await webhook()).status).toBe(200);
      expect((await webhook()).status).toBe(200); // a replay
      const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
      // £216.49 by card recorded, the £66.49 beyond what was owed back on the card: paid in full, nothing over.
      expect(body).toMatchObject({ state: "paid", paidPence: 21_649, balancePence: 0 });
      expect(body.payments.map((p) => [p.method, p.amountPence])).toEqual([
        ["cash", 6_649],
        ["card", 21_649],
      ]);
      expect(body.refunds).toEqual([expect.objectContaining({ amountPence: 6_649, method: "card" })]);
      expect(body.events.filter((e) => e.kind === "paid" || e.kind === "refunded").map((e) => e.detail)).toEqual([
        "£66.49 by cash",
        "£216.49 by card",
        "£66.49 to the card: More than was still owed",
      ]);
      const refunds = (await fakeRequests(env.STRIPE_API_BASE!)).filter(
        (r) => r.path === "/v1/refunds" && decodeURIComponent(r.body).includes(`payment_intent=${session.payment_intent}`),
      );
      expect(refunds).toHaveLength(1);
      expect(decodeURIComponent(refunds[0]!.body)).toContain("amount=6649");
    });
  });
});
