import { createMiddleware } from "hono/factory";
import { company } from "../../schema/business";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { addressKey, clientIp } from "../lib/client-ip";
import { hitRateLimit, type Limit } from "../lib/rate-limit";

/**
 * Per-address limits on every public write, and on the payment check (each one asks Stripe). A
 * visitor adds a few dozen items, places an order or two and sends one quote; these numbers leave
 * room for several people behind one address (an office, a mobile network) while stopping a script
 * within seconds.
 */
export const addressLimits = {
  "cart-add": { limit: 60, windowSeconds: 60 },
  order: { limit: 10, windowSeconds: 3600 },
  "checkout-session": { limit: 20, windowSeconds: 3600 },
  quote: { limit: 10, windowSeconds: 3600 },
  booking: { limit: 10, windowSeconds: 3600 },
  "email-signup": { limit: 10, windowSeconds: 3600 },
  "verify-payment": { limit: 30, windowSeconds: 600 },
} satisfies Record<string, Limit>;

export type AddressLimited = keyof typeof addressLimits;

const messages: Record<AddressLimited, string> = {
  "cart-add": "You're adding items very quickly. Please wait a moment and try again.",
  order: `Too many orders from your connection. Please try again later or call us on ${company.phone}.`,
  "checkout-session": `Too many payment attempts from your connection. Please try again later or call us on ${company.phone}.`,
  quote: `Too many quote requests from your connection. Please try again later or call us on ${company.phone}.`,
  booking: `Too many bookings from your connection. Please try again later or call us on ${company.phone}.`,
  "email-signup": "Too many sign-ups from your connection. Please try again later.",
  "verify-payment": `Too many payment checks from your connection. Please wait a few minutes, or call us on ${company.phone}.`,
};

/** Counts the attempt before the body is read, so malformed or invalid floods count too. */
export const limitPerAddress = (kind: AddressLimited) =>
  createMiddleware<HonoEnv>(async (c, next) => {
    await hitRateLimit(getDb(c.env), `${kind}:${addressKey(clientIp(c))}`, addressLimits[kind], messages[kind]);
    await next();
  });
