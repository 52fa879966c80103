import { Hono } from "hono";
import { mfaConfirmSchema, mfaEnableSchema } from "../../../schema/api/security";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import {
  disableMfa,
  enableMfa,
  renewRecoveryCodes,
  securityOverview,
  setupMfa,
  signOutEverywhere,
} from "../../services/admin/security";

/** The owner's Security screen: the second factor, the latest sign-ins, and signing out everywhere. */
const app = new Hono<HonoEnv>()
  .get("/security", async (c) => c.json(await securityOverview(getDb(c.env), c.get("adminUsername")!)))
  .post("/security/sign-out-everywhere", async (c) => c.json(await signOutEverywhere(getDb(c.env), c.get("adminUsername")!)))
  .post("/mfa/setup", async (c) => c.json(await setupMfa(c.env, getDb(c.env), c.get("adminUsername")!)))
  .post("/mfa/enable", validate("json", mfaEnableSchema), async (c) =>
    c.json(await enableMfa(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json").code)),
  )
  .post("/mfa/disable", validate("json", mfaConfirmSchema), async (c) =>
    c.json(await disableMfa(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json"))),
  )
  .post("/mfa/recovery-codes", validate("json", mfaConfirmSchema), async (c) =>
    c.json(await renewRecoveryCodes(c.env, getDb(c.env), c.get("adminUsername")!, c.req.valid("json"))),
  );

export default app;
