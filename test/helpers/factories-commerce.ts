import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { CART_SESSION_HEADER } from "../../schema/api/cart";
import app from "../../worker/app";
import type { AppEnv } from "../../worker/env";
import { guardedEnv } from "./d1-guard";
import { drainMail } from "./mail";

/** A cart session id in the browser's format (prefix, timestamp, 32 random characters). */
export function newCartSession(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const random = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => alphabet[b % alphabet.length]).join("");
  return `session_${Date.now()}_${random}`;
}

/** A fresh client address, so one test's requests never count against another's rate limits. */
export function randomIp(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0"));
  return `2001:db8:${hex[0]}${hex[1]}:${hex[2]}${hex[3]}::1`;
}

export const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_fake_key", STRIPE_WEBHOOK_SECRET: "whsec_test_fake_secret" };

type CallInit = Omit<RequestInit, "headers"> & {
  json?: unknown;
  headers?: Record<string, string>;
  /** Sent as X-Cart-Session. */
  session?: string;
  ip?: string;
  env?: Partial<AppEnv>;
};

/**
 * Calls the Hono app as the Worker would, with optional extra bindings (Stripe keys), and waits for
 * everything it handed to waitUntil (e-mails) before returning, so tests can assert on the outbox.
 * Its D1 counts the call's queries and statement lengths as production does (d1-guard.ts).
 */
export async function callApp(path: string, init: CallInit = {}): Promise<Response> {
  const { json, headers = {}, session, ip, env: overrides, ...rest } = init;
  const request = new Request(`http://localhost${path}`, {
    ...rest,
    headers: {
      "CF-Connecting-IP": ip ?? randomIp(),
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(session ? { [CART_SESSION_HEADER]: session } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const ctx = createExecutionContext();
  // Each call is one invocation, held to D1's production limits (d1-guard.ts).
  const res = await app.fetch(request, guardedEnv({ ...env, ...overrides }), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export async function callAppJson<T = any>(path: string, init: CallInit = {}) {
  const res = await callApp(path, init);
  return { res, status: res.status, body: (await res.json()) as T };
}

/** Rows straight from D1, to assert what was (and was not) written. */
export async function query<T = Record<string, unknown>>(sql: string, ...binds: unknown[]): Promise<T[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...binds)
    .all<T>();
  return results;
}

export async function putInCart(sessionId: string, productId: number, quantity: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity) VALUES (?1, ?2, ?3) RETURNING id")
    .bind(sessionId, productId, quantity)
    .first<{ id: number }>();
  return row!.id;
}

type OutboxMail = { kind: string; to: string; subject: string; html: string; text: string };

/** What the outbox holds for this address once every queued e-mail has been sent. */
export async function outboxTo(to: string) {
  await drainMail();
  return query<OutboxMail>("SELECT kind, `to`, subject, html, text FROM outbox WHERE `to` = ?1 ORDER BY id", to);
}

/** Outbox e-mails whose text mentions this (an order id, a name), once every queued e-mail has been sent. */
export async function outboxMentioning(needle: string) {
  await drainMail();
  return query<OutboxMail>("SELECT kind, `to`, subject, html, text FROM outbox WHERE instr(text, ?1) > 0 ORDER BY id", needle);
}

/** A webhook delivery as Stripe signs it (the SDK's own test helper, SubtleCrypto in workerd). */
export async function signedWebhook(event: unknown, secret = stripeEnv.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } };
}

let eventCounter = 0;

/** An Event envelope around a Checkout Session, shaped like Stripe's. */
export function stripeEvent(type: string, session: unknown, id = `evt_test_${Date.now()}_${++eventCounter}`) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
