import { Hono } from "hono";
import { adminLoginSchema } from "../../../schema/api/admin";
import type { HonoEnv } from "../../env";
import { revokeAdminToken } from "../../lib/admin-token";
import { clientIp } from "../../lib/client-ip";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { login } from "../../services/admin/login";

/** POST /login is public; POST /logout ends the session of the token it is called with. */
const app = new Hono<HonoEnv>()
  .post("/login", validate("json", adminLoginSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await login(c.env, c.req.valid("json"), clientIp(c)));
  })
  .post("/logout", requireAdmin, async (c) => {
    await revokeAdminToken(c.env, c.get("adminJti")!);
    return c.json({ success: true });
  });

export default app;
