import { Hono } from "hono";
import { CART_SESSION_HEADER } from "../../schema/api/cart";
import { type OrderResponse, orderRequestSchema } from "../../schema/api/orders";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { ownerEmail, queueInBackground } from "../services/mail";
import { orderPlacedMails } from "../services/mail/shop-emails";
import { resolveCartSession } from "../services/shop/cart";
import { placeOrder, summariseOrder } from "../services/shop/orders";

/** POST /api/orders: the checkout form's order. */
const app = new Hono<HonoEnv>().post("/", limitPerAddress("order"), validate("json", orderRequestSchema), async (c) => {
  const { sessionId, totalAmount, ...form } = c.req.valid("json");
  const session = resolveCartSession(c.req.header(CART_SESSION_HEADER), sessionId);
  const { order, lowStock } = await placeOrder(getDb(c.env), session, form, totalAmount);
  queueInBackground(c.executionCtx, c.env, ...orderPlacedMails(ownerEmail(c.env), order, lowStock));
  return c.json({ order: summariseOrder(order) } satisfies OrderResponse, 201);
});

export default app;
