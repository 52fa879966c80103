import * as z from "zod";

/**
 * The anonymous cart id kept in localStorage (cart_session_id): a prefix, a timestamp and at least
 * 128 random bits. The server checks the format and uses it only to own cart lines.
 */
export const CART_SESSION_PREFIX = "session_";
export const cartSessionIdSchema = z
  .string({ error: "A cart session id is required" })
  .regex(/^session_\d{10,16}_[A-Za-z0-9]{22,64}$/, "The cart session id is not valid");
export const CART_SESSION_HEADER = "X-Cart-Session";

import type { Product } from "./products";

/** One line of GET /api/cart. */
export type CartLine = { id: number; productId: number; quantity: number; product: Product };

export const MAX_LINE_QUANTITY = 99;
