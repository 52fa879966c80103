import { randomUUID } from "node:crypto";
import { type FakeServer, sendJson, startFakeServer } from "./server";

/** Tests send this token (mail-provider.test.ts); any other is refused like a wrong Postmark key. */
const FAKE_POSTMARK_TOKEN = "fake-postmark-server-token";
const STREAMS = new Set(["outbound", "broadcast"]);

type PostmarkEmail = {
  From?: string;
  To?: string;
  Subject?: string;
  HtmlBody?: string;
  TextBody?: string;
  MessageStream?: string;
  Headers?: { Name: string; Value: string }[];
};

/**
 * A fake of Postmark's single-message API (POST /email), answering as Postmark documents it:
 * 401 for a wrong server token, 422 with an ErrorCode for bad requests, 200 with a MessageID.
 * Tests trigger failures by the recipient's address: fail-429… (rate limit), fail-500…, fail-503…,
 * and fail-422… (406 "inactive recipient", permanent), so "fail-429-a1b2@example.com" stays
 * unique per test; ok-noid… is accepted with no MessageID in the answer; downN-… is answered 503
 * for its first N attempts (an outage that ends). GET /__accepted?to= says how many messages to an
 * address were accepted, so a test can tell "sent once" from the provider's side.
 */
export function startFakeMailProvider(): Promise<FakeServer> {
  /** Attempts seen per "downN…" address, and messages accepted per address (read by GET /__accepted?to=). */
  const attempts = new Map<string, number>();
  const accepted = new Map<string, number>();
  return startFakeServer((req, body, res) => {
    if (req.method === "GET" && req.url?.startsWith("/__accepted?")) {
      const to = new URL(req.url, "http://fake").searchParams.get("to") ?? "";
      return sendJson(res, 200, { to, accepted: accepted.get(to) ?? 0 });
    }
    if (req.method !== "POST" || req.url !== "/email") {
      return sendJson(res, 404, { ErrorCode: 404, Message: "Not found" });
    }
    if (req.headers["x-postmark-server-token"] !== FAKE_POSTMARK_TOKEN) {
      return sendJson(res, 401, { ErrorCode: 10, Message: "Bad or missing API token" });
    }
    if (!String(req.headers["content-type"]).includes("application/json")) {
      return sendJson(res, 422, { ErrorCode: 409, Message: "JSON required" });
    }
    let email: PostmarkEmail;
    try {
      email = JSON.parse(body) as PostmarkEmail;
    } catch {
      return sendJson(res, 422, { ErrorCode: 402, Message: "Invalid JSON" });
    }
    if (!email.From || !email.To || !email.Subject || !(email.HtmlBody || email.TextBody)) {
      return sendJson(res, 422, { ErrorCode: 300, Message: "Invalid email request" });
    }
    if (email.MessageStream && !STREAMS.has(email.MessageStream)) {
      return sendJson(res, 422, { ErrorCode: 1235, Message: `The message stream '${email.MessageStream}' was not found.` });
    }
    const trigger = /^fail-(429|500|503|422)/.exec(email.To)?.[1];
    if (trigger === "429") return sendJson(res, 429, { ErrorCode: 429, Message: "Rate limit exceeded." });
    if (trigger === "500") return sendJson(res, 500, { ErrorCode: 500, Message: "Internal server error" });
    if (trigger === "503") return sendJson(res, 503, { ErrorCode: 100, Message: "Maintenance" });
    if (trigger === "422") {
      return sendJson(res, 422, {
        ErrorCode: 406,
        Message: "You tried to send to recipient(s) that have been marked as inactive.",
      });
    }
    // An outage of a while: "down2-…" is answered 503 twice, then accepted.
    const down = /^down(\d+)-/.exec(email.To)?.[1];
    if (down) {
      const seen = (attempts.get(email.To) ?? 0) + 1;
      attempts.set(email.To, seen);
      if (seen <= Number(down)) return sendJson(res, 503, { ErrorCode: 100, Message: "Maintenance" });
    }
    accepted.set(email.To, (accepted.get(email.To) ?? 0) + 1);
    // Postmark answers 200 without a MessageID now and then (seen with some stream settings).
    if (email.To.startsWith("ok-noid")) return sendJson(res, 200, { To: email.To, ErrorCode: 0, Message: "OK" });
    return sendJson(res, 200, {
      To: email.To,
      SubmittedAt: new Date().toISOString(),
      MessageID: randomUUID(),
      ErrorCode: 0,
      Message: "OK",
    });
  });
}
