import { createMiddleware } from "hono/factory";
import { settings } from "../../schema/settings";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { addressKey, clientIp, networkKey } from "../lib/client-ip";
import { hitRateLimits, type Limit, type RateLimitHit } from "../lib/rate-limit";
import { factsNow } from "../services/settings/business-facts";

/** Per-address limits on every public write (schema/settings.ts says why these numbers). */
export const addressLimits = settings.addressLimits satisfies Record<string, Limit>;

export type AddressLimited = keyof typeof addressLimits;

/** The refusals, with the phone number the owner gives today (the facts are read before any write). */
const messages: Record<AddressLimited, (phone: string) => string> = {
  "cart-add": () => "You're adding items very quickly. Please wait a moment and try again.",
  order: (phone) => `Too many orders from your connection. Please try again later or call us on ${phone}.`,
  "checkout-session": (phone) => `Too many payment attempts from your connection. Please try again later or call us on ${phone}.`,
  quote: (phone) => `Too many quote requests from your connection. Please try again later or call us on ${phone}.`,
  booking: (phone) => `Too many bookings from your connection. Please try again later or call us on ${phone}.`,
  "email-signup": () => "Too many sign-ups from your connection. Please try again later.",
  "verify-payment": (phone) => `Too many payment checks from your connection. Please wait a few minutes, or call us on ${phone}.`,
  "account-sign-in": (phone) => `Too many sign-in requests from your connection. Please try again later or call us on ${phone}.`,
  "account-session": () => "Too many sign-in attempts from your connection. Please wait a few minutes and try again.",
  "team-join": () => "Too many tries with invitation links from your connection. Please wait a few minutes and try again.",
};

/** How many /64s' worth of requests one IPv6 /48 may make: a site with several people, not a script cycling its /64s. */
export const NETWORK_FACTOR = 4;

/**
 * Counts the attempt before the body is read, so malformed or invalid floods count too: per
 * address (an IPv6 /64), and per IPv6 /48 at four times the limit, so a client given a /48 cannot
 * multiply its allowance by moving from /64 to /64.
 */
export const limitPerAddress = (kind: AddressLimited) =>
  createMiddleware<HonoEnv>(async (c, next) => {
    const ip = clientIp(c);
    const network = networkKey(ip);
    const limit = addressLimits[kind];
    const hits: RateLimitHit[] = [{ key: `${kind}:${addressKey(ip)}`, ...limit }];
    if (network)
      hits.push({ key: `${kind}:${network}`, limit: limit.limit * NETWORK_FACTOR, windowSeconds: limit.windowSeconds });
    await hitRateLimits(getDb(c.env), hits, messages[kind](factsNow().phone));
    await next();
  });
