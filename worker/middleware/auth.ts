import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../env";
import { verifyAdminToken } from "../lib/admin-token";
import { ApiError } from "../lib/errors";

/** Every /api/admin/* route but login: a valid, unrevoked bearer token or 401. */
export const requireAdmin = createMiddleware<HonoEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ApiError("UNAUTHORIZED", "Please log in to continue.");
  const { jti, username } = await verifyAdminToken(c.env, match[1]);
  c.set("adminJti", jti);
  c.set("adminUsername", username);
  await next();
});
