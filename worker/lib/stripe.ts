import Stripe from "stripe";
import { PAYMENTS_NOT_CONFIGURED } from "../../schema/api/payments";
import type { AppEnv } from "../env";
import { ApiError, type ErrorDetail } from "./errors";

/**
 * The Stripe client for the Workers runtime: fetch for HTTP (no Node http module) and the
 * SubtleCrypto provider for webhook signatures. STRIPE_API_BASE (tests only) points the SDK at the
 * fake Stripe server, so the real SDK code path is exercised offline.
 */
export function requireStripe(env: AppEnv): Stripe {
  return new Stripe(requirePaymentsConfigured(env), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...apiBase(env.STRIPE_API_BASE),
  });
}

/** Without a secret key the deploy takes no card payments: 503 with the message the cart shows. */
export function requirePaymentsConfigured(env: AppEnv): string {
  if (!env.STRIPE_SECRET_KEY) throw new ApiError("NOT_CONFIGURED", PAYMENTS_NOT_CONFIGURED);
  return env.STRIPE_SECRET_KEY;
}

function apiBase(base: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** Verifies the Stripe-Signature header against the raw body; any failure is a 400. */
export async function verifyStripeEvent(env: AppEnv, rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  requirePaymentsConfigured(env);
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError("NOT_CONFIGURED", "Stripe webhooks are not configured: set the STRIPE_WEBHOOK_SECRET secret.");
  if (!signature) throw new ApiError("VALIDATION_FAILED", "The Stripe-Signature header is missing");
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    throw new ApiError("VALIDATION_FAILED", "The webhook signature is not valid");
  }
  requireEventShape(event);
  return event;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a signed body lacks to be an event the handlers can read, if anything. */
function eventProblem(event: unknown): ErrorDetail | null {
  if (!isObject(event)) return { path: "", message: "The body is not an object" };
  if (typeof event.id !== "string" || event.id === "") return { path: "id", message: "It has no id" };
  if (typeof event.type !== "string" || event.type === "") return { path: "type", message: "It has no type" };
  if (!isObject(event.data)) return { path: "data", message: "It has no data" };
  if (!isObject(event.data.object)) return { path: "data.object", message: "Its data has no object" };
  return null;
}

/**
 * A signature proves who sent the body, not that it is an event: the SDK parses any JSON. Every
 * handler reads the id, the type and `data.object`, so a body without them is refused here with
 * a 400 (Stripe shows it in the endpoint's log) rather than failing later as a 500.
 */
function requireEventShape(event: unknown): asserts event is Stripe.Event {
  const problem = eventProblem(event);
  if (problem) {
    throw new ApiError("VALIDATION_FAILED", `This Stripe event cannot be used. ${problem.message}.`, { details: [problem] });
  }
}

export type CheckoutSession = Stripe.Checkout.Session;
export { Stripe };
