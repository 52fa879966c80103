import { Hono } from "hono";
import { CART_SESSION_HEADER, cartAddSchema, cartClearSchema, cartLineIdSchema, cartUpdateSchema } from "../../schema/api/cart";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { noStore } from "../middleware/no-store";
import { limitPerAddress } from "../middleware/rate-limit";
import { addToCart, clearCart, listCart, removeCartLine, resolveCartSession, updateCartLine } from "../services/shop/cart";

/**
 * The anonymous cart. The session comes in the X-Cart-Session header, or in
 * the body the site's own client sends (a `sessionId` query parameter for the body-less GET and DELETE). Lines
 * are private to their session: never cached.
 */
const app = new Hono<HonoEnv>()
  .use("*", noStore())
  .get("/", async (c) => {
    const sessionId = resolveCartSession(c.req.header(CART_SESSION_HEADER), c.req.query("sessionId"));
    return c.json(await listCart(getDb(c.env), sessionId));
  })
  .post("/add", limitPerAddress("cart-add"), validate("json", cartAddSchema), async (c) => {
    const { sessionId, productId, quantity } = c.req.valid("json");
    const session = resolveCartSession(c.req.header(CART_SESSION_HEADER), sessionId);
    return c.json(await addToCart(getDb(c.env), session, productId, quantity));
  })
  .post("/clear", validate("json", cartClearSchema), async (c) => {
    const session = resolveCartSession(c.req.header(CART_SESSION_HEADER), c.req.valid("json").sessionId);
    return c.json(await clearCart(getDb(c.env), session));
  })
  .put("/:id", validate("param", cartLineIdSchema), validate("json", cartUpdateSchema), async (c) => {
    const { sessionId, quantity } = c.req.valid("json");
    const session = resolveCartSession(c.req.header(CART_SESSION_HEADER), sessionId);
    return c.json(await updateCartLine(getDb(c.env), session, c.req.valid("param").id, quantity));
  })
  .delete("/:id", validate("param", cartLineIdSchema), async (c) => {
    const session = resolveCartSession(c.req.header(CART_SESSION_HEADER), c.req.query("sessionId"));
    return c.json(await removeCartLine(getDb(c.env), session, c.req.valid("param").id));
  });

export default app;
