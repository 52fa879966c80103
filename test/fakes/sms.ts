import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_AUTH_TOKEN } from "../fixtures/sms-credentials";
import { type FakeServer, sendJson, startFakeServer } from "./server";

type SentMessage = { sid: string; to: string; from: string; body: string; statusCallback: string | null };

/**
 * A fake of Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json), answering
 * as Twilio documents it: HTTP basic auth with the account SID and auth token (401, code 20003,
 * otherwise), form-encoded To, From and Body (400 with Twilio's codes: 21604 no To, 21602 no Body,
 * 21211 a To that is not E.164, 21617 a body over 1,600 characters), and 201 with the message
 * resource (sid SM…, status "queued", num_segments). A To of +447400000500 is answered 500 and one
 * of +447400000429 is answered 429 (Twilio's code 20429), for a provider that is down or busy.
 *
 * Test-only controls (not Twilio's): GET /__messages?to=+44… lists what was accepted for a number
 * (all numbers without `to`), oldest first, so a test asserts what the provider was asked to send;
 * POST /__fail with {to, status, code, times} answers the next `times` sends to that number with
 * that status and Twilio code (500/20500 down, 429/20429 busy, 400/21610 a number that texted STOP
 * to Twilio, 400/21614 not a mobile; status 0 drops the connection unanswered), then accepts them again;
 * POST /__hold with {to, times} takes the next `times` sends to that number (listed as sent, as Twilio
 * may have taken a text it was slow to answer) but holds the answer until the caller hangs up, and
 * GET /__held?to=+44… lists those sends, each with whether its caller gave up waiting.
 */
const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
  sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

const newSid = () => `SM${randomBytes(16).toString("hex")}`;

function isAuthorised(header: string | undefined, accountSid: string): boolean {
  if (!header?.startsWith("Basic ")) return false;
  const [user, password] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
  return user === accountSid && user === FAKE_TWILIO_ACCOUNT_SID && password === FAKE_TWILIO_AUTH_TOKEN;
}

type Failing = { status: number; code: number; times: number };
type Held = { sid: string; to: string; callerGaveUp: boolean };

export function startFakeSms(): Promise<FakeServer> {
  const sent: SentMessage[] = [];
  const failing = new Map<string, Failing>();
  const holding = new Map<string, number>();
  const held: Held[] = [];
  return startFakeServer((req, body, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/__messages") {
      const to = url.searchParams.get("to");
      return sendJson(res, 200, to ? sent.filter((m) => m.to === to) : sent);
    }
    if (req.method === "POST" && url.pathname === "/__fail") {
      const { to, ...failure } = JSON.parse(body) as Failing & { to: string };
      failing.set(to, failure);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/__hold") {
      const { to, times } = JSON.parse(body) as { to: string; times: number };
      holding.set(to, times);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/__held") {
      const to = url.searchParams.get("to");
      return sendJson(res, 200, to ? held.filter((h) => h.to === to) : held);
    }
    const route = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method !== "POST" || !route) {
      return twilioError(res, 404, 20404, "The requested resource was not found");
    }
    const accountSid = decodeURIComponent(route[1]!);
    if (!isAuthorised(req.headers.authorization, accountSid)) return twilioError(res, 401, 20003, "Authenticate");
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return twilioError(res, 400, 20001, "Content-Type must be application/x-www-form-urlencoded");
    }
    const params = new URLSearchParams(body);
    const to = params.get("To");
    const from = params.get("From");
    const text = params.get("Body");
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!from) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!text) return twilioError(res, 400, 21602, "Message body is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (text.length > 1600)
      return twilioError(res, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    const failure = failing.get(to);
    if (failure && failure.times > 0) {
      failure.times--;
      // Status 0: the connection drops with no answer, as on a network fault.
      if (failure.status === 0) return void res.socket?.destroy();
      return twilioError(res, failure.status, failure.code, `Failing on purpose (${failure.code})`);
    }
    if (to === "+447400000500") return twilioError(res, 500, 20500, "An internal server error has occurred");
    if (to === "+447400000429") return twilioError(res, 429, 20429, "Too Many Requests");
    const message: SentMessage = { sid: newSid(), to, from, body: text, statusCallback: params.get("StatusCallback") };
    sent.push(message);
    const holds = holding.get(to) ?? 0;
    if (holds > 0) {
      // Taken, and never answered: the caller's own timeout ends the wait, closing the connection.
      holding.set(to, holds - 1);
      const hold: Held = { sid: message.sid, to, callerGaveUp: false };
      held.push(hold);
      res.on("close", () => {
        hold.callerGaveUp = true;
      });
      return;
    }
    const now = new Date().toUTCString().replace("GMT", "+0000");
    return sendJson(res, 201, {
      sid: message.sid,
      account_sid: accountSid,
      api_version: "2010-04-01",
      to,
      from,
      body: text,
      status: "queued",
      direction: "outbound-api",
      // Roughly as Twilio counts (the Worker counts its own, worker/services/sms/segments.ts).
      num_segments: String(text.length <= 160 ? 1 : Math.ceil(text.length / 153)),
      num_media: "0",
      price: null,
      price_unit: "USD",
      error_code: null,
      error_message: null,
      messaging_service_sid: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
    });
  });
}
