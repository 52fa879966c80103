import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeServer, sendJson, startFakeServer } from "./server";

/**
 * A fake of Stripe's Checkout Sessions API, faithful enough for the real `stripe` SDK to drive it:
 * form-encoded bodies with bracketed keys, Bearer secret keys, Idempotency-Key replays, Stripe's
 * error shape and status codes. Implemented: create, retrieve and expire a session and list its line
 * items; refund a paid session's payment (POST /v1/refunds, whole or part, never more than was paid).
 *
 * Test-only controls (not Stripe's): POST /__sessions/{id}/pay completes the payment as a customer
 * would (JSON body with optional email, name, phone, address), POST /__sessions/{id}/expire expires
 * it, GET /__payments lists every paid session with what was refunded of it. A key starting
 * `sk_test_revoked` is refused with 401, to test Stripe being unavailable.
 *
 * Started with a webhook endpoint (the browser tests' server does), it also plays Stripe's hosted
 * page: a session's `url` is this server's /c/pay/{id}, a small page with the amount and a Pay
 * button; paying there completes the session, delivers a signed `checkout.session.completed` event
 * to the endpoint (Stripe's `t=…,v1=…` HMAC-SHA256 signature) and sends the browser to success_url.
 */

type LineItem = { quantity: number; unit_amount: number; currency: string; name: string; description: string | null };
type Session = Record<string, unknown> & { id: string; line_items_data: LineItem[] };

const sessions = new Map<string, Session>();
/** What was refunded of each payment intent so far. */
const refunded = new Map<string, number>();
const idempotency = new Map<string, { bodyHash: string; status: number; body: unknown }>();

/**
 * With `webhook`, the fake plays the hosted page and delivers the signed event; to `url`, or, without
 * one, to the app that made the session (its success_url's origin), so one fake serves several apps.
 */
export type FakeStripeOptions = { port?: number; webhook?: { url?: string; secret: string } };

const randomId = (prefix: string, length: number) =>
  prefix +
  Array.from(randomBytes(length), (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 62]).join("");

/** Stripe's form encoding: `line_items[0][price_data][currency]=gbp` → nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: any = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      if (last) node[segment] = value;
      else node = node[segment] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const stripeError = (res: ServerResponse, status: number, error: Record<string, unknown>) =>
  sendJson(res, status, { error: { type: "invalid_request_error", ...error } });

const publicSession = ({ line_items_data: _, ...session }: Session) => session;

function createSession(params: any, hostedBase: string | null): { status: number; body: unknown } {
  const missing = ["mode", "success_url"].find((p) => !params[p]);
  if (missing)
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", message: `Missing required param: ${missing}.`, param: missing } },
    };
  const items: any[] = Array.isArray(params.line_items) ? params.line_items : [];
  if (items.length === 0) {
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Missing required param: line_items.", param: "line_items" } },
    };
  }
  const lines: LineItem[] = [];
  for (const [i, item] of items.entries()) {
    const unitAmount = Number(item.price_data?.unit_amount);
    const quantity = Number(item.quantity);
    if (
      !Number.isInteger(unitAmount) ||
      unitAmount < 0 ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      !item.price_data?.product_data?.name
    ) {
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: `Invalid line_items[${i}].`, param: `line_items[${i}]` } },
      };
    }
    lines.push({
      quantity,
      unit_amount: unitAmount,
      currency: item.price_data.currency,
      name: item.price_data.product_data.name,
      description: item.price_data.product_data.description ?? null,
    });
  }
  const created = Math.floor(Date.now() / 1000);
  // As Stripe documents it: a session may expire between 30 minutes and 24 hours after creation.
  const expiresAt = params.expires_at === undefined ? created + 86_400 : Number(params.expires_at);
  if (!Number.isInteger(expiresAt) || expiresAt < created + 1800 || expiresAt > created + 86_400) {
    return {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message: "expires_at must be 30 minutes to 24 hours from now.",
          param: "expires_at",
        },
      },
    };
  }
  const id = randomId("cs_test_", 58);
  const amount = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
  const session: Session = {
    id,
    object: "checkout.session",
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    collected_information: null,
    created,
    currency: params.currency ?? lines[0]?.currency ?? null,
    customer: null,
    customer_details: null,
    customer_email: params.customer_email ?? null,
    expires_at: expiresAt,
    livemode: false,
    metadata: params.metadata ?? {},
    mode: params.mode,
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    success_url: params.success_url,
    url: hostedBase ? `${hostedBase}/c/pay/${id}` : `https://checkout.stripe.com/c/pay/${id}#fake`,
    line_items_data: lines,
  };
  sessions.set(id, session);
  return { status: 200, body: publicSession(session) };
}

function lineItemsList(session: Session) {
  return {
    object: "list",
    data: session.line_items_data.map((l, i) => ({
      id: `li_${session.id.slice(8, 20)}${i}`,
      object: "item",
      amount_subtotal: l.unit_amount * l.quantity,
      amount_total: l.unit_amount * l.quantity,
      currency: l.currency,
      description: l.name,
      quantity: l.quantity,
      price: { object: "price", unit_amount: l.unit_amount, currency: l.currency, product: `prod_fake_${i}` },
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

function pay(session: Session, customer: any) {
  const address = customer.address ?? {
    line1: "1 Test Street",
    line2: null,
    city: "Manchester",
    state: null,
    postal_code: "M1 1AA",
    country: "GB",
  };
  const name = customer.name ?? "Test Customer";
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    payment_intent: randomId("pi_", 24),
    customer_details: {
      email: customer.email ?? "customer@example.com",
      name,
      phone: customer.phone ?? "+441614960000",
      address,
      tax_exempt: "none",
      tax_ids: [],
    },
    collected_information: { business_name: null, individual_name: null, shipping_details: { name, address } },
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** Stripe's hosted Checkout page, reduced to what a customer does on it: see the amount, pay. */
function checkoutPage(session: Session | undefined): string {
  const body = !session
    ? "<h1>Something went wrong</h1><p>This Checkout Session does not exist.</p>"
    : session.status !== "open"
      ? "<h1>This Checkout Session is no longer active</h1>"
      : `<h1>Pay ${pounds(Number(session.amount_total))}</h1><ul>${session.line_items_data
          .map((l) => `<li>${escapeHtml(l.name)}: ${l.quantity} × ${pounds(l.unit_amount)}</li>`)
          .join("")}</ul><form method="post"><button type="submit">Pay ${pounds(Number(session.amount_total))}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (fake Stripe)</title></head><body><main>${body}</main></body></html>`;
}

/** An event delivered as Stripe delivers it: JSON body, `Stripe-Signature: t=…,v1=HMAC(t.payload)`. */
async function deliver(webhook: { url: string; secret: string }, type: string, object: unknown) {
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: randomId("evt_", 24),
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = createHmac("sha256", webhook.secret).update(`${created}.${payload}`).digest("hex");
  const res = await fetch(webhook.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${created},v1=${signature}` },
    body: payload,
  });
  if (!res.ok) console.error(`fake Stripe: the webhook answered ${res.status}: ${await res.text()}`);
}

const handler = (options: FakeStripeOptions) => async (req: IncomingMessage, body: string, res: ServerResponse) => {
  const path = (req.url ?? "/").split("?")[0]!;
  const hosted = /^\/c\/pay\/([^/]+)$/.exec(path);
  if (hosted && options.webhook) {
    const session = sessions.get(hosted[1]!);
    if (req.method === "POST" && session?.status === "open") {
      pay(session, {});
      const url = options.webhook.url ?? `${new URL(String(session.success_url)).origin}/api/stripe/webhook`;
      await deliver({ url, secret: options.webhook.secret }, "checkout.session.completed", publicSession(session));
      const next = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { Location: next }).end();
      return;
    }
    res.writeHead(session ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" }).end(checkoutPage(session));
    return;
  }
  // What each payment took and what went back of it: the test's view of the customer's card statement.
  if (path === "/__payments" && req.method === "GET") {
    const paid = [...sessions.values()].filter((s) => s.payment_status === "paid");
    return sendJson(
      res,
      200,
      paid.map((s) => ({
        session: s.id,
        payment_intent: s.payment_intent,
        metadata: s.metadata,
        amount: Number(s.amount_total),
        refunded: refunded.get(String(s.payment_intent)) ?? 0,
      })),
    );
  }
  const control = /^\/__sessions\/([^/]+)\/(pay|expire)$/.exec(path);
  if (control && req.method === "POST") {
    const session = sessions.get(control[1]!);
    if (!session) return sendJson(res, 404, { error: "no such session in the fake" });
    if (control[2] === "pay") pay(session, body ? JSON.parse(body) : {});
    else Object.assign(session, { status: "expired" });
    return sendJson(res, 200, publicSession(session));
  }

  const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  if (!key.startsWith("sk_test_") || key.startsWith("sk_test_revoked")) {
    return sendJson(res, 401, {
      error: { type: "invalid_request_error", message: `Invalid API Key provided: ${key.slice(0, 12)}****` },
    });
  }

  if (path === "/v1/checkout/sessions" && req.method === "POST") {
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const bodyHash = createHash("sha256").update(body).digest("hex");
    const previous = idempotencyKey ? idempotency.get(idempotencyKey) : undefined;
    if (previous) {
      if (previous.bodyHash !== bodyHash) {
        return stripeError(res, 400, {
          type: "idempotency_error",
          message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        });
      }
      res.setHeader("Idempotent-Replayed", "true");
      return sendJson(res, previous.status, previous.body);
    }
    const result = createSession(parseStripeForm(body), options.webhook ? `http://${req.headers.host}` : null);
    if (idempotencyKey) idempotency.set(idempotencyKey, { bodyHash, ...result });
    return sendJson(res, result.status, result.body);
  }

  if (path === "/v1/refunds" && req.method === "POST") {
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const previous = idempotencyKey ? idempotency.get(idempotencyKey) : undefined;
    if (previous) {
      res.setHeader("Idempotent-Replayed", "true");
      return sendJson(res, previous.status, previous.body);
    }
    const params = parseStripeForm(body) as { payment_intent?: string; amount?: string };
    const paid = [...sessions.values()].find((s) => s.payment_intent === params.payment_intent && s.payment_status === "paid");
    if (!paid) {
      return stripeError(res, 404, {
        code: "resource_missing",
        message: `No such payment_intent: '${params.payment_intent}'`,
        param: "payment_intent",
      });
    }
    const total = Number(paid.amount_total);
    const already = refunded.get(params.payment_intent!) ?? 0;
    const amount = params.amount === undefined ? total - already : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || already + amount > total) {
      return stripeError(res, 400, {
        code: "charge_already_refunded",
        message: "Refund amount is greater than the amount left to refund.",
      });
    }
    refunded.set(params.payment_intent!, already + amount);
    const result = {
      status: 200,
      body: {
        id: randomId("re_", 24),
        object: "refund",
        amount,
        currency: paid.currency,
        payment_intent: params.payment_intent,
        status: "succeeded",
      },
    };
    if (idempotencyKey) idempotency.set(idempotencyKey, { bodyHash: "", ...result });
    return sendJson(res, result.status, result.body);
  }

  const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
  if (expire && req.method === "POST") {
    const session = sessions.get(expire[1]!);
    if (!session) {
      return stripeError(res, 404, {
        code: "resource_missing",
        message: `No such checkout.session: '${expire[1]}'`,
        param: "session",
      });
    }
    if (session.status !== "open") {
      return stripeError(res, 400, {
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    }
    Object.assign(session, { status: "expired" });
    return sendJson(res, 200, publicSession(session));
  }

  const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items)?$/.exec(path);
  if (retrieve && req.method === "GET") {
    const session = sessions.get(retrieve[1]!);
    if (!session) {
      return stripeError(res, 404, {
        code: "resource_missing",
        message: `No such checkout.session: '${retrieve[1]}'`,
        param: "session",
      });
    }
    return sendJson(res, 200, retrieve[2] ? lineItemsList(session) : publicSession(session));
  }

  return stripeError(res, 404, { message: `Unrecognized request URL (${req.method}: ${path}).` });
};

export function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeServer> {
  return startFakeServer(handler(options), options.port);
}
