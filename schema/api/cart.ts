import { CART_SESSION_HEADER, CART_SESSION_PREFIX, MAX_LINE_QUANTITY } from "./constants";
import { z } from "./z";

export { CART_SESSION_HEADER, CART_SESSION_PREFIX, MAX_LINE_QUANTITY };

import type { Product } from "./products";

/**
 * The anonymous cart id kept in localStorage (cart_session_id): a prefix, a timestamp and at least
 * 128 random bits. The server checks the format and uses it only to own cart lines.
 */
export const cartSessionIdSchema = z
  .string({ error: "A cart session id is required" })
  .regex(/^session_\d{10,16}_[A-Za-z0-9]{22,64}$/, "The cart session id is not valid");

/** One line of GET /api/cart. */
export type CartLine = { id: number; productId: number; quantity: number; product: Product };

const quantityMessage = `Please choose a quantity from 1 to ${MAX_LINE_QUANTITY}`;

/** POST /api/cart/add. The session may come in the body (as the site's own client sends it) or the header. */
export const cartAddSchema = z.object({
  sessionId: cartSessionIdSchema.optional(),
  productId: z
    .number({ error: "Please choose a product" })
    .int("Please choose a product")
    .positive("Please choose a product")
    .max(Number.MAX_SAFE_INTEGER, "Please choose a product"),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(MAX_LINE_QUANTITY, quantityMessage)
    .default(1),
});
export type CartAddRequest = z.input<typeof cartAddSchema>;

/** PUT /api/cart/{id}: 0 or less removes the line. */
export const cartUpdateSchema = z.object({
  sessionId: cartSessionIdSchema.optional(),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(-MAX_LINE_QUANTITY, quantityMessage)
    .max(MAX_LINE_QUANTITY, quantityMessage),
});
export type CartUpdateRequest = z.input<typeof cartUpdateSchema>;

/** POST /api/cart/clear. */
export const cartClearSchema = z.object({ sessionId: cartSessionIdSchema.optional() });

export const cartLineIdSchema = z.object({
  id: z.coerce
    .number({ error: "The cart item id is not valid" })
    .int("The cart item id is not valid")
    .positive("The cart item id is not valid")
    .max(Number.MAX_SAFE_INTEGER, "The cart item id is not valid"),
});

/** PUT answers the changed line, or this when the quantity removed it; DELETE always answers this. */
export type CartLineRemoved = { id: number; removed: true };
export type CartCleared = { cleared: number };
