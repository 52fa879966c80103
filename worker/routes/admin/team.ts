import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { teamChangeParamSchema, teamEditSchema, teamInviteSchema, teamListQuerySchema } from "../../../schema/api/team";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { queueInBackground } from "../../services/mail";
import { inviteTeamMember, resendInvitation } from "../../services/team/invitations";
import { changeTeamMemberStatus, editTeamMember, listTeam } from "../../services/team/people";

/**
 * Mounted at /api/admin/team: the owner's people (services/team). Who may call these is the route
 * table's to say (routes/admin/roles.ts): the owner only.
 */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", teamListQuerySchema), async (c) => c.json(await listTeam(getDb(c.env), c.req.valid("query"))))
  .post("/", validate("json", teamInviteSchema), async (c) => {
    const { person, mail } = await inviteTeamMember(c.env, getDb(c.env), c.req.valid("json"));
    queueInBackground(c.executionCtx, c.env, mail);
    return c.json(person, 201);
  })
  .put("/:id", validate("param", idParamSchema), validate("json", teamEditSchema), async (c) =>
    c.json(await editTeamMember(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/:id/invitation", validate("param", idParamSchema), async (c) => {
    const { person, mail } = await resendInvitation(c.env, getDb(c.env), c.req.valid("param").id);
    queueInBackground(c.executionCtx, c.env, mail);
    return c.json(person);
  })
  .post("/:id/:change", validate("param", teamChangeParamSchema), async (c) => {
    const { id, change } = c.req.valid("param");
    return c.json(await changeTeamMemberStatus(getDb(c.env), id, change));
  });

export default app;
