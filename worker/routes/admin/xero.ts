import { Hono } from "hono";
import { xeroCallbackSchema, xeroCatchUpSchema, xeroMappingSchema, xeroOrganisationSchema } from "../../../schema/api/xero";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { catchUp } from "../../services/xero/catch-up";
import {
  chooseOrganisation,
  disconnect,
  finishConnect,
  retryRefused,
  startConnect,
  xeroLink,
} from "../../services/xero/connection";
import { chooseMapping, readMappingChoice } from "../../services/xero/mapping-choice";

/**
 * The Xero link (the owner's, from the billing settings; issue 48). GET: its state. POST /connect:
 * the consent URL to send the browser to. Xero sends the browser back to the SPA's page, which posts
 * the code and state here (POST /callback): the bearer token proves who, the state that this person
 * asked. POST /organisation: the one chosen when the consent reached several. POST /disconnect.
 * POST /retry: what Xero refused, sent again. GET/PUT /mapping: the accounts and tax types, chosen
 * once from Xero's lists. POST /catch-up: what happened since a date, before connecting, sent.
 */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await xeroLink(c.env, getDb(c.env))))
  .post("/connect", async (c) => c.json(await startConnect(c.env, getDb(c.env), c.get("adminUser")!.id)))
  .post("/callback", validate("json", xeroCallbackSchema), async (c) =>
    c.json(await finishConnect(c.env, getDb(c.env), c.get("adminUser")!.id, c.req.valid("json"))),
  )
  .post("/organisation", validate("json", xeroOrganisationSchema), async (c) =>
    c.json(await chooseOrganisation(c.env, getDb(c.env), c.req.valid("json").tenantId)),
  )
  .post("/disconnect", async (c) => c.json(await disconnect(c.env, getDb(c.env))))
  .post("/retry", async (c) => c.json(await retryRefused(c.env, getDb(c.env))))
  .get("/mapping", async (c) => c.json(await readMappingChoice(c.env, getDb(c.env))))
  .put("/mapping", validate("json", xeroMappingSchema), async (c) =>
    c.json(await chooseMapping(c.env, getDb(c.env), c.req.valid("json"))),
  )
  .post("/catch-up", validate("json", xeroCatchUpSchema), async (c) =>
    c.json(await catchUp(c.env, getDb(c.env), c.req.valid("json").from)),
  );

export default app;
