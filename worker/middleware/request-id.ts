import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../env";

/** Cloudflare's CF-Ray identifies a request end to end; locally a random id stands in. */
export const requestId = createMiddleware<HonoEnv>(async (c, next) => {
  const id = c.req.header("CF-Ray") ?? crypto.randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
