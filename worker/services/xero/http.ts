/**
 * Every call to Xero goes through xeroSend: an Idempotency-Key on each write (Xero gives a repeated
 * key the first answer and writes nothing again), and 429s and 5xx retried here with back-off while
 * the wait is short. A longer wait (Xero's day limit, a minute's limit met by a catch-up) is thrown
 * as a transient XeroError carrying Retry-After, for the queue to wait that long instead of the Worker.
 */
export class XeroError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Worth trying again later as it is (rate limits, Xero down, a lost answer). */
    readonly transient: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "XeroError";
  }
}

export type XeroRequest = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers: Record<string, string>;
  /** Sent as it is: JSON for the Accounting API, a form for the identity server. */
  body?: string;
  idempotencyKey?: string;
};

/**
 * How calls are retried, and the adapter's clock: `now` (a token's time left, the limits the queue
 * remembers) and `sleep` (Retry-After, back-off). A test drives hours of a catch-up in seconds with
 * a clock of its own, shared with the fake Xero (test/helpers/xero-clock.ts).
 */
export type RetryPolicy = {
  attempts: number;
  /** The longest Retry-After waited for here; a longer one is the queue's to wait. */
  maxWaitSeconds: number;
  sleep: (ms: number) => Promise<void>;
  now?: () => number;
};

export const defaultRetry: RetryPolicy = {
  attempts: 3,
  maxWaitSeconds: 10,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** The time by the policy's clock (the system's without one). */
export const nowOf = (retry?: RetryPolicy) => retry?.now?.() ?? Date.now();

/**
 * What Xero says is left of the organisation's limits, from the X-MinLimit-Remaining and
 * X-DayLimit-Remaining headers of its last answer: the queue stops before a 429, not after.
 */
export type RateLimits = { minuteRemaining: number | null; dayRemaining: number | null };

export const unknownLimits = (): RateLimits => ({ minuteRemaining: null, dayRemaining: null });

function readLimits(response: Response, limits: RateLimits | undefined) {
  if (!limits) return;
  const minute = response.headers.get("X-MinLimit-Remaining");
  const day = response.headers.get("X-DayLimit-Remaining");
  if (minute !== null && minute !== "") limits.minuteRemaining = Number(minute);
  if (day !== null && day !== "") limits.dayRemaining = Number(day);
}

/** 0.5 s, 1 s, 2 s…: Xero's 5xx are brief, and every retry repeats the same Idempotency-Key. */
const backoffMs = (attempt: number) => 500 * 2 ** (attempt - 1);

export async function xeroSend<T>(request: XeroRequest, retry: RetryPolicy = defaultRetry, limits?: RateLimits): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= retry.attempts;
    let response: Response;
    try {
      response = await fetch(request.url, { method: request.method, headers, body: request.body });
    } catch (error) {
      if (last) throw new XeroError(`Xero could not be reached (${String(error)})`, 0, true);
      await retry.sleep(backoffMs(attempt));
      continue;
    }
    readLimits(response, limits);
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : null) as T;
    if (response.status === 429) {
      const wait = Number(response.headers.get("Retry-After")) || 60;
      if (!last && wait <= retry.maxWaitSeconds) {
        await retry.sleep(wait * 1000);
        continue;
      }
      const problem = response.headers.get("X-Rate-Limit-Problem") ?? "rate";
      throw new XeroError(`Xero's ${problem} limit was reached: trying again in ${wait} seconds`, 429, true, wait);
    }
    if (response.status >= 500) {
      if (!last) {
        await retry.sleep(backoffMs(attempt));
        continue;
      }
      throw new XeroError(`Xero is not answering just now (${response.status}): ${xeroMessage(text)}`, response.status, true);
    }
    throw new XeroError(xeroMessage(text) || `Xero refused the request (${response.status})`, response.status, false);
  }
}

/**
 * Xero's own words from an error body: a ValidationException's messages, a problem's Title and
 * Detail (401, 403), or the identity server's OAuth error.
 */
export function xeroMessage(text: string): string {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
  const validation: string[] = (body?.Elements ?? []).flatMap((e: any) =>
    (e?.ValidationErrors ?? []).map((v: any) => String(v?.Message ?? "")),
  );
  if (validation.length) return [...new Set(validation.filter(Boolean))].join(" ");
  if (body?.Detail) return body.Title ? `${body.Title}: ${body.Detail}` : String(body.Detail);
  if (body?.Message) return String(body.Message);
  if (body?.error) return body.error_description ? `${body.error}: ${body.error_description}` : String(body.error);
  return text.slice(0, 300);
}
