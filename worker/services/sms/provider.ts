import type { AppEnv } from "../../env";

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json): form-encoded, HTTP
 * basic auth with the account SID and auth token, answered 201 with the message resource (its sid
 * SM…, status "queued"). Twilio then reports each change of state to the StatusCallback URL.
 */
const TWILIO_API_BASE = "https://api.twilio.com";
/** How long a send waits for Twilio's answer before it is recorded as not answered ("no-answer"). */
const TIMEOUT_MS = 10_000;

export type SmsConfig = {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
  statusCallback: string;
  timeoutMs: number;
};

/** The account's settings, or null when a deploy lacks any of them: then nothing is texted. */
export function smsConfig(env: AppEnv): SmsConfig | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  if (!accountSid || !authToken || !from) return null;
  const site = env.PUBLIC_SITE_URL.replace(/\/+$/, "");
  return {
    accountSid,
    authToken,
    from,
    baseUrl: (env.TWILIO_API_BASE ?? TWILIO_API_BASE).replace(/\/+$/, ""),
    statusCallback: `${site}/api/sms/status`,
    // Tests give a short wait, so the fake can hold its answer past it without the test waiting 10 s.
    timeoutMs: Number(env.TWILIO_TIMEOUT_MS) > 0 ? Number(env.TWILIO_TIMEOUT_MS) : TIMEOUT_MS,
  };
}

/** A send Twilio refused or never answered; `transient` when trying again later may work. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = "SmsError";
  }
}

type TwilioMessage = { sid?: string; status?: string; num_segments?: string };
type TwilioError = { code?: number; message?: string; status?: number };

const basicAuth = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

/** Hands one text to Twilio; the answer's sid is the MessageSid its callbacks will name. */
export async function sendSms(config: SmsConfig, to: string, body: string): Promise<{ sid: string; status: string }> {
  const endpoint = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      headers: {
        Authorization: basicAuth(config.accountSid, config.authToken),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ To: to, From: config.from, Body: body, StatusCallback: config.statusCallback }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    // No answer in time: Twilio may have taken it, so it is not sent again (never twice) and is
    // recorded as "no-answer". Not reached at all: safe to try again later (retries.ts).
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new SmsError(
      `Twilio ${timedOut ? "did not answer" : "unreachable"}: ${String(error)}`,
      !timedOut,
      timedOut ? "no-answer" : undefined,
    );
  }
  const reply = (await res.json().catch(() => ({}))) as TwilioMessage & TwilioError;
  if (res.ok && reply.sid) return { sid: reply.sid, status: reply.status ?? "queued" };
  const transient = res.status === 429 || res.status >= 500;
  throw new SmsError(
    `Twilio ${res.status}${reply.code ? ` (${reply.code})` : ""}: ${reply.message ?? res.statusText}`,
    transient,
    reply.code ? String(reply.code) : undefined,
  );
}
