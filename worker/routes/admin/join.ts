import { Hono } from "hono";
import { joinLookupSchema, joinSchema } from "../../../schema/api/team";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { limitPerAddress } from "../../middleware/rate-limit";
import { findInvitation, joinTeam } from "../../services/team/invitations";

/**
 * Public, like POST /login: the invited person's link (/admin/join#<token>). The token travels in
 * the body, never in an address a log would keep; every try counts per address.
 */
const app = new Hono<HonoEnv>()
  .post("/join/invitation", limitPerAddress("team-join"), validate("json", joinLookupSchema), async (c) =>
    c.json(await findInvitation(c.env, getDb(c.env), c.req.valid("json").token)),
  )
  .post("/join", limitPerAddress("team-join"), validate("json", joinSchema), async (c) =>
    c.json(await joinTeam(c.env, getDb(c.env), c.req.valid("json"))),
  );

export default app;
