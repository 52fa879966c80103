import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { visitPaperKinds } from "../../services/document-kinds";
import { documentPdf, pdfResponse } from "../../services/documents/files";

/**
 * Mounted at /api/admin: every paper drafted at a visit (a gas safety record, a service sheet, an
 * unvented cylinder record, a Benchmark checklist…), each under its segment, from its one
 * registration (services/document-kinds.ts): a draft started at a property or its visit, read, saved
 * as the engineer goes, issued, its PDF, its links revoked, and any step of its own (a G3's annual
 * service). Their roles and an engineer's reach are roles.ts's and engineer-scope.ts's, from the same list.
 */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>();

for (const kind of visitPaperKinds) {
  const { api, descriptor } = kind.paper;
  const at = `/${descriptor.segment}`;
  app
    .post(at, validate("json", api.createSchema), async (c) =>
      c.json(await api.create(c.env, getDb(c.env), c.req.valid("json"), c.get("adminUser")), 201),
    )
    .get(`${at}/:id`, id, async (c) => c.json(await api.get(c.env, getDb(c.env), c.req.valid("param").id)))
    .patch(`${at}/:id`, id, validate("json", api.patchSchema), async (c) =>
      c.json(await api.update(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
    )
    .post(`${at}/:id/issue`, id, async (c) =>
      c.json(await api.issue(c.env, getDb(c.env), c.req.valid("param").id, c.get("adminUser"))),
    )
    .post(`${at}/:id/revoke-links`, id, async (c) => c.json(await api.revokeLinks(c.env, getDb(c.env), c.req.valid("param").id)))
    .get(`${at}/:id/pdf`, id, async (c) => {
      const file = await documentPdf(c.env, getDb(c.env), kind, c.req.valid("param").id);
      if (!file) throw notFound(`Issued ${descriptor.noun}`);
      return pdfResponse(file);
    });
  for (const action of api.actions ?? []) {
    const path = `${at}/:id/${action.path}`;
    if (action.body) {
      app.post(path, id, validate("json", action.body), async (c) =>
        c.json(
          await action.run(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"), c.get("adminUser")),
          action.created ? 201 : 200,
        ),
      );
    } else {
      app.post(path, id, async (c) =>
        c.json(
          await action.run(c.env, getDb(c.env), c.req.valid("param").id, undefined, c.get("adminUser")),
          action.created ? 201 : 200,
        ),
      );
    }
  }
}

export default app;
