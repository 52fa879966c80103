import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../env";
import { requireAdminCredentials } from "../lib/admin-credentials";
import { verifyAdminToken } from "../lib/admin-token";
import { ApiError } from "../lib/errors";

/** Every /api/admin/* route but login: a valid, unrevoked bearer token of an active person, or 401. */
export const requireAdmin = createMiddleware<HonoEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ApiError("UNAUTHORIZED", "Please log in to continue.");
  const { jti, user } = await verifyAdminToken(c.env, match[1], requireAdminCredentials(c.env).username);
  c.set("adminJti", jti);
  c.set("adminUsername", user.username);
  c.set("adminUser", user);
  await next();
});
