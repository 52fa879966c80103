import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../worker/db/client";
import { sendText } from "../worker/services/sms/texts";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_FROM } from "./fixtures/sms-credentials";
import { admin } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";
import { failTextsTo, postTwilioWebhook, smsEnv, smsRows, statusCallback, textsSentTo, uniqueMobile } from "./helpers/sms";

const configured = { ...env, ...smsEnv };
const send = (phone: string | null, body = "Your engineer visits tomorrow.") =>
  sendText(configured, getDb(env), { kind: "visit-reminder", phone, body });

describe("sending a text through Twilio", () => {
  it("posts it form-encoded with basic auth and a status callback, and records its MessageSid", async () => {
    const mobile = uniqueMobile();
    const outcome = await send(mobile.national);
    expect(outcome).toMatchObject({ sent: true, sid: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const [sent] = await textsSentTo(mobile.e164);
    expect(sent).toMatchObject({
      to: mobile.e164,
      from: FAKE_TWILIO_FROM,
      body: "Your engineer visits tomorrow.",
      statusCallback: `${env.PUBLIC_SITE_URL}/api/sms/status`,
    });
    const [row] = await smsRows(mobile.e164);
    expect(row).toMatchObject({ direction: "out", kind: "visit-reminder", status: "queued", provider_sid: sent!.sid });
    const [request] = (await fakeRequests(env.TWILIO_API_BASE!)).filter((r) => r.body.includes(encodeURIComponent(mobile.e164)));
    expect(request!.path).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.headers.authorization).toBe(`Basic ${btoa(`${FAKE_TWILIO_ACCOUNT_SID}:${smsEnv.TWILIO_AUTH_TOKEN}`)}`);
  });

  it("sends nothing, and says so, without Twilio's settings", async () => {
    const mobile = uniqueMobile();
    const outcome = await sendText(env, getDb(env), { kind: "visit-reminder", phone: mobile.national, body: "Hello" });
    expect(outcome).toEqual({ sent: false, reason: "not-configured" });
    expect(await textsSentTo(mobile.e164)).toEqual([]);
    expect(await smsRows(mobile.e164)).toEqual([]);
  });

  it("never texts a landline", async () => {
    expect(await send("0161 496 0123")).toEqual({ sent: false, reason: "not-a-mobile" });
    expect(await textsSentTo("+441614960123")).toEqual([]);
  });

  it("does not send a text longer than the owner's limit of parts", async () => {
    const mobile = uniqueMobile();
    expect(await send(mobile.national, "a".repeat(307))).toEqual({ sent: false, reason: "too-long" });
    expect(await send(mobile.national, "ł".repeat(135))).toEqual({ sent: false, reason: "too-long" });
    expect(await textsSentTo(mobile.e164)).toEqual([]);
  });

  it("records a text Twilio refused as failed, with Twilio's code, and one it could not take for now as waiting", async () => {
    const invalid = uniqueMobile();
    await failTextsTo(invalid.e164, 400, 21211, 1);
    expect(await send(invalid.national)).toMatchObject({ sent: false, reason: "refused", retrying: false });
    expect((await smsRows(invalid.e164))[0]).toMatchObject({ status: "failed", error_code: "21211", provider_sid: null });
    // Twilio down: tried again by the cron (test/sms-retries.test.ts).
    expect(await send("07400 000500")).toMatchObject({ sent: false, reason: "refused", retrying: true });
    const [row] = await smsRows("+447400000500");
    expect(row).toMatchObject({ status: "queued", error_code: "20500", provider_sid: null, retry_at: expect.any(String) });
  });

  it("is refused by Twilio with a wrong auth token (the fake checks basic auth)", async () => {
    const mobile = uniqueMobile();
    const outcome = await sendText({ ...configured, TWILIO_AUTH_TOKEN: "wrong" }, getDb(env), {
      kind: "visit-reminder",
      phone: mobile.national,
      body: "Hello",
    });
    expect(outcome).toMatchObject({ sent: false, reason: "refused" });
    expect((await smsRows(mobile.e164))[0]).toMatchObject({ status: "failed", error_code: "20003" });
  });
});

describe("Twilio's status callbacks", () => {
  async function sentText() {
    const mobile = uniqueMobile();
    const outcome = await send(mobile.national);
    if (!outcome.sent) throw new Error("not sent");
    return { ...mobile, sid: outcome.sid };
  }

  it("stores each state as the text moves on (sent, then delivered)", async () => {
    const text = await sentText();
    expect((await statusCallback(text.sid, "sent")).status).toBe(200);
    expect((await smsRows(text.e164))[0]!.status).toBe("sent");
    await statusCallback(text.sid, "delivered");
    expect((await smsRows(text.e164))[0]!.status).toBe("delivered");
  });

  it("changes nothing when a callback is replayed or arrives late", async () => {
    const text = await sentText();
    await statusCallback(text.sid, "undelivered", "30003");
    const [before] = await query<{ updated_at: string }>("SELECT updated_at FROM sms_messages WHERE provider_sid = ?", text.sid);
    expect((await statusCallback(text.sid, "undelivered", "30003")).status).toBe(200);
    expect((await statusCallback(text.sid, "sent")).status).toBe(200);
    const [row] = await smsRows(text.e164);
    expect(row).toMatchObject({ status: "undelivered", error_code: "30003" });
    const [after] = await query<{ updated_at: string }>("SELECT updated_at FROM sms_messages WHERE provider_sid = ?", text.sid);
    expect(after!.updated_at).toBe(before!.updated_at);
  });

  it("refuses an unsigned callback, or one signed with another token, with 403", async () => {
    const text = await sentText();
    const params = { MessageSid: text.sid, MessageStatus: "delivered" };
    const unsigned = await postTwilioWebhook("/api/sms/status", params, { signature: null });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await postTwilioWebhook("/api/sms/status", params, { token: "another-token" })).status).toBe(403);
    // Signed for other parameters than the ones sent.
    const forged = await postTwilioWebhook("/api/sms/status", params, { signature: "0/KCTR6DLpKmkAf8muzZqo1nDgQ=" });
    expect(forged.status).toBe(403);
    expect((await smsRows(text.e164))[0]!.status).toBe("queued");
  });

  it("answers 503 when texts are not set up", async () => {
    const res = await postTwilioWebhook(
      "/api/sms/status",
      { MessageSid: "SMx", MessageStatus: "sent" },
      { env: { TWILIO_AUTH_TOKEN: undefined } },
    );
    expect(res.status).toBe(503);
  });
});

describe("the customer's texts", () => {
  it("records a text against the customer it was sent to", async () => {
    const mobile = uniqueMobile();
    const customer = await createCustomer({ phone: mobile.national });
    await sendText(configured, getDb(env), {
      kind: "visit-reminder",
      phone: customer.phone,
      body: "Hi",
      customerId: customer.id,
    });
    expect((await smsRows(mobile.e164))[0]!.customer_id).toBe(customer.id);
  });

  it("shows each text on the customer's timeline with its delivery state, and not on another's", async () => {
    const mobile = uniqueMobile();
    const customer = await createCustomer({ phone: mobile.national });
    const other = await createCustomer({ phone: uniqueMobile().national });
    const outcome = await sendText(configured, getDb(env), {
      kind: "visit-reminder",
      phone: customer.phone,
      body: "See you tomorrow",
      customerId: customer.id,
    });
    if (!outcome.sent) throw new Error("not sent");
    await statusCallback(outcome.sid, "delivered");
    const { status, body } = await admin("GET", `/api/admin/customers/${customer.id}/timeline`);
    expect(status).toBe(200);
    expect(body.filter((e: { kind: string }) => e.kind === "text")).toEqual([
      expect.objectContaining({ title: "Text sent: Visit reminder", detail: "See you tomorrow", status: "delivered" }),
    ]);
    const theirs = await admin("GET", `/api/admin/customers/${other.id}/timeline`);
    expect(theirs.body.filter((e: { kind: string }) => e.kind === "text")).toEqual([]);
  });
});
