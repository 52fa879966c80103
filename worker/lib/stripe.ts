import Stripe from "stripe";
import { PAYMENTS_NOT_CONFIGURED } from "../../schema/api/payments";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

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
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    throw new ApiError("VALIDATION_FAILED", "The webhook signature is not valid");
  }
}

export type CheckoutSession = Stripe.Checkout.Session;
export { Stripe };
