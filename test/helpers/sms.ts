import { env } from "cloudflare:workers";
import { createHmac } from "node:crypto";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_AUTH_TOKEN, FAKE_TWILIO_FROM } from "../fixtures/sms-credentials";
import { callApp, query } from "./factories-commerce";

/** The bindings of a deploy with texts set up, against the fake Twilio. */
export const smsEnv = {
  TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
  TWILIO_FROM: FAKE_TWILIO_FROM,
};

/**
 * Twilio's signature, written here with Node's crypto and not the Worker's code, so a mistake in
 * the Worker's (the order, the encoding) fails the tests instead of agreeing with itself.
 */
export function twilioSignatureOf(url: string, params: Record<string, string>, token = FAKE_TWILIO_AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac("sha1", token).update(data, "utf8").digest("base64");
}

/** A webhook as Twilio posts it to the Worker: form-encoded, signed (or with the signature given). */
export function postTwilioWebhook(
  path: "/api/sms/status" | "/api/sms/inbound",
  params: Record<string, string>,
  options: { signature?: string | null; token?: string; env?: Record<string, string | undefined> } = {},
) {
  const url = `http://localhost${path}`;
  const signature = options.signature === undefined ? twilioSignatureOf(url, params, options.token) : options.signature;
  return callApp(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
    },
    body: new URLSearchParams(params).toString(),
    env: { ...smsEnv, ...options.env },
  });
}

let inboundCounter = 0;

/** A customer's text to the firm's number, as Twilio's inbound webhook carries it. */
export function inboundText(from: string, body: string, sid = `SMin${Date.now()}${++inboundCounter}`) {
  return postTwilioWebhook("/api/sms/inbound", {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: FAKE_TWILIO_ACCOUNT_SID,
    From: from,
    To: FAKE_TWILIO_FROM,
    Body: body,
    NumMedia: "0",
    NumSegments: "1",
  });
}

/** A delivery state reported to the status callback. */
export function statusCallback(sid: string, status: string, errorCode?: string) {
  return postTwilioWebhook("/api/sms/status", {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: FAKE_TWILIO_ACCOUNT_SID,
    MessageStatus: status,
    SmsStatus: status,
    To: "+447911123456",
    From: FAKE_TWILIO_FROM,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  });
}

/** What the fake Twilio was asked to send to a number, oldest first. */
export async function textsSentTo(
  to: string,
): Promise<{ sid: string; to: string; from: string; body: string; statusCallback: string }[]> {
  const res = await fetch(`${env.TWILIO_API_BASE}/__messages?to=${encodeURIComponent(to)}`);
  return res.json();
}

/** The fake Twilio answers the next `times` sends to a number with this status and code (test/fakes/sms.ts). */
export async function failTextsTo(to: string, status: number, code: number, times: number) {
  const res = await fetch(`${env.TWILIO_API_BASE}/__fail`, { method: "POST", body: JSON.stringify({ to, status, code, times }) });
  if (!res.ok) throw new Error(`the fake Twilio refused the failure: ${res.status}`);
}

/** The fake Twilio takes the next `times` sends to a number but holds their answers until the caller gives up. */
export async function holdAnswersTo(to: string, times: number) {
  const res = await fetch(`${env.TWILIO_API_BASE}/__hold`, { method: "POST", body: JSON.stringify({ to, times }) });
  if (!res.ok) throw new Error(`the fake Twilio refused the hold: ${res.status}`);
}

/** The sends to a number whose answers the fake held, and whether the caller gave up waiting for each. */
export async function heldAnswersTo(to: string): Promise<{ sid: string; callerGaveUp: boolean }[]> {
  return (await fetch(`${env.TWILIO_API_BASE}/__held?to=${encodeURIComponent(to)}`)).json();
}

/** A UK mobile number no other test uses (the fake keeps every text it was sent, across files). */
export function uniqueMobile(): { national: string; e164: string } {
  // 071xx to 073xx are mobile ranges in libphonenumber's data, every block of them: 300 million
  // numbers, so the hundreds a run draws do not meet (07911 1xxxxx's 100,000 once did, in CI).
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  const block = `7${1 + (a! % 3)}${String(Math.floor(a! / 3) % 100).padStart(2, "0")}`;
  const line = String(b! % 1_000_000).padStart(6, "0");
  return { national: `0${block} ${line}`, e164: `+44${block}${line}` };
}

export const smsRows = (phone: string) =>
  query<{
    id: number;
    direction: string;
    kind: string;
    status: string;
    provider_sid: string | null;
    body: string;
    customer_id: number | null;
    visit_id: number | null;
    error_code: string | null;
    attempts: number;
    retry_at: string | null;
  }>("SELECT * FROM sms_messages WHERE phone = ? ORDER BY id", phone);
