import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { mfaConfirmSchema, mfaEnableSchema, passwordChangeSchema, signInsQuerySchema } from "../../../schema/api/security";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { clientIp } from "../../lib/client-ip";
import { DEVICE_COOKIE, knownDevice } from "../../lib/device-token";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import {
  changePassword,
  disableMfa,
  enableMfa,
  listSignIns,
  renewRecoveryCodes,
  securityOverview,
  setupMfa,
  signOutEverywhere,
} from "../../services/security/security";

/** Who is asking: the throttle counts their address, the sign-in log keeps it. */
const confirmContext = (c: Context<HonoEnv>) => ({ ip: clientIp(c), userAgent: c.req.header("User-Agent") });

/** The owner sees every sign-in attempt; a team member only their own (services/security/security.ts). */
const historyOf = (c: Context<HonoEnv>) => (c.get("adminUser")?.role === "owner" ? null : c.get("adminUsername")!);

/** Each person's Security screen: their second factor, their password, the latest sign-ins, and signing out everywhere. */
const app = new Hono<HonoEnv>()
  .get("/security", async (c) => c.json(await securityOverview(getDb(c.env), c.get("adminUsername")!, historyOf(c))))
  .get("/security/sign-ins", validate("query", signInsQuerySchema), async (c) =>
    listAnswer(c, await listSignIns(getDb(c.env), c.req.valid("query"), historyOf(c))),
  )
  .post("/security/sign-out-everywhere", async (c) => {
    const db = getDb(c.env);
    const username = c.get("adminUsername")!;
    // The browser it is pressed on stays known (its device cookie is sent to /api/admin).
    const keep = (await knownDevice(c.env, db, getCookie(c, DEVICE_COOKIE), username))?.id ?? null;
    return c.json(await signOutEverywhere(db, username, keep));
  })
  .post("/security/password", validate("json", passwordChangeSchema), async (c) =>
    c.json(
      await changePassword(
        c.env,
        getDb(c.env),
        c.get("adminUsername")!,
        c.get("adminJti")!,
        c.req.valid("json"),
        confirmContext(c),
      ),
    ),
  )
  .post("/mfa/setup", async (c) => c.json(await setupMfa(c.env, getDb(c.env), c.get("adminUsername")!)))
  .post("/mfa/enable", validate("json", mfaEnableSchema), async (c) =>
    c.json(await enableMfa(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json"), confirmContext(c))),
  )
  .post("/mfa/disable", validate("json", mfaConfirmSchema), async (c) =>
    c.json(await disableMfa(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json"), confirmContext(c))),
  )
  .post("/mfa/recovery-codes", validate("json", mfaConfirmSchema), async (c) =>
    c.json(await renewRecoveryCodes(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json"), confirmContext(c))),
  );

export default app;
