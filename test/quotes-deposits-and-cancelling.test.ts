import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminQuote, PublicQuote } from "../schema/api/quotes";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";
import { accept, admin, customerCall, sentQuote } from "./helpers/quotes";

// An accepted quote's deposit through Stripe, and cancelling within the 14 days. Pricing and
// accepting are in quotes-pricing-and-acceptance.test.ts, the job and follow-ups in
// quotes-jobs-and-follow-ups.test.ts.

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("the deposit and the right to cancel", () => {
  const withStripe = <T = any>(method: string, path: string, json?: unknown) =>
    callAppJson<T>(path, { method, json, env: stripeEnv });
  const payOnStripe = async (sessionId: string) =>
    (await (await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })).json()) as Record<
      string,
      any
    >;
  const webhook = async (type: string, session: unknown, id?: string) =>
    callApp("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(stripeEvent(type, session, id))), env: stripeEnv });

  async function acceptedWithDeposit() {
    const sent = await sentQuote();
    await accept(sent.token);
    const { status, body } = await withStripe<{ checkoutUrl: string }>("POST", `/api/estimates/${sent.token}/deposit`);
    expect(status).toBe(200);
    const [row] = await query<{ deposit_session_id: string }>(
      "SELECT deposit_session_id FROM estimate_acceptances WHERE estimate_id = ?1",
      sent.quote.id,
    );
    expect(body.checkoutUrl).toContain(row!.deposit_session_id);
    return { ...sent, sessionId: row!.deposit_session_id };
  }

  it("takes the deposit through Stripe Checkout, recorded once by the webhook", async () => {
    const { quote, token, sessionId } = await acceptedWithDeposit();
    const session = await payOnStripe(sessionId);
    expect(session.amount_total).toBe(28_788); // 10 % of £2,878.80
    const eventId = `evt_deposit_${quote.id}`;
    expect((await webhook("checkout.session.completed", session, eventId)).status).toBe(200);
    expect((await webhook("checkout.session.completed", session, eventId)).status).toBe(200); // a replay
    expect((await webhook("checkout.session.completed", session)).status).toBe(200); // the same payment, another event
    const { body } = await admin<AdminQuote>("GET", `/api/admin/estimates/${quote.id}`);
    expect(body.acceptance!.depositPaidAt).not.toBeNull();
    expect(body.events.filter((ev) => ev.kind === "paid")).toHaveLength(1);
    const { body: view } = await customerCall<PublicQuote>("GET", `/api/estimates/${token}`);
    expect(view.acceptance).toMatchObject({ depositPence: 28_788, depositPaidAt: expect.any(String) });
    // Nothing left to pay.
    expect((await withStripe("POST", `/api/estimates/${token}/deposit`)).status).toBe(409);
  });

  it("cancels within the 14 days and refunds a paid deposit once; after the 14 days it says to call", async () => {
    const { c, quote, token, sessionId } = await acceptedWithDeposit();
    await webhook("checkout.session.completed", await payOnStripe(sessionId));
    const { status, body } = await withStripe<PublicQuote>("POST", `/api/estimates/${token}/cancel`, {
      reason: "Changed my mind",
    });
    expect(status).toBe(200);
    expect(body.status).toBe("cancelled");
    expect(body.acceptance!.refundedAt).not.toBeNull();
    const { body: owner } = await admin<AdminQuote>("GET", `/api/admin/estimates/${quote.id}`);
    expect(owner.events.map((ev) => ev.kind).slice(-2)).toEqual(["cancelled", "refunded"]);
    expect(owner.cancelReason).toBe("Changed my mind");
    expect((await withStripe("POST", `/api/estimates/${token}/cancel`, {})).status).toBe(409);
    await drainMail();
    const mails = await query<{ text: string }>(
      "SELECT text FROM outbox WHERE `to` = ?1 AND subject LIKE '%cancelled%'",
      c.email,
    );
    expect(mails[0]!.text).toContain("has been refunded");

    const late = await sentQuote();
    await accept(late.token);
    await query(
      "UPDATE estimate_acceptances SET accepted_at = ?1 WHERE estimate_id = ?2",
      new Date(Date.now() - 15 * 86_400_000).toISOString(),
      late.quote.id,
    );
    const refused = await withStripe("POST", `/api/estimates/${late.token}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/14 days to cancel online have passed/);
  });
});
