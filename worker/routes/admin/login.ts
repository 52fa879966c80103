import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { adminLoginSchema } from "../../../schema/api/security";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { revokeAdminToken } from "../../lib/admin-token";
import { clientIp } from "../../lib/client-ip";
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from "../../lib/device-token";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { queueInBackground } from "../../services/mail";
import { login } from "../../services/security/login";

/** POST /login is public; POST /logout ends the session of the token it is called with; GET /me says whose it is. */
const app = new Hono<HonoEnv>()
  .post("/login", validate("json", adminLoginSchema), async (c) => {
    const { result, deviceToken, mails } = await login(c.env, getDb(c.env), c.req.valid("json"), {
      ip: clientIp(c),
      userAgent: c.req.header("User-Agent"),
      deviceToken: getCookie(c, DEVICE_COOKIE),
    });
    if (mails?.length) queueInBackground(c.executionCtx, c.env, ...mails);
    if (deviceToken) {
      // Sent back only to the admin API (sign-in, and "sign out everywhere" to keep this browser);
      // script on the page can never read it.
      setCookie(c, DEVICE_COOKIE, deviceToken, {
        httpOnly: true,
        secure: true,
        sameSite: "Strict",
        path: "/api/admin",
        maxAge: DEVICE_TTL_SECONDS,
      });
    }
    return c.json(result);
  })
  .post("/logout", requireAdmin, async (c) => {
    await revokeAdminToken(c.env, c.get("adminJti")!);
    return c.json({ success: true });
  })
  // Who is signed in, as the server sees them now (the screens read the role from the token).
  .get("/me", requireAdmin, (c) => c.json(c.get("adminUser")!));

export default app;
