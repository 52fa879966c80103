import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { unventedCreateSchema, unventedPatchSchema } from "../../../schema/api/unvented-records";
import { unventedServiceSchema } from "../../../schema/api/unvented-services";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { documentPdf, pdfResponse } from "../../services/documents/files";
import { unventedRecordKind } from "../../services/unvented/document-kind";
import { issueUnventedRecord } from "../../services/unvented/issue";
import {
  createUnventedRecord,
  getUnventedRecord,
  revokeUnventedLinks,
  updateUnventedRecord,
} from "../../services/unvented/records";
import { addUnventedService } from "../../services/unvented/services";

/** Mounted at /api/admin: unvented cylinder commissioning records (G3): drafts, issue, the PDF, revoking links, annual services. */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>()
  .post("/unvented-records", validate("json", unventedCreateSchema), async (c) =>
    c.json(await createUnventedRecord(c.env, getDb(c.env), c.req.valid("json"), c.get("adminUser")), 201),
  )
  .get("/unvented-records/:id", id, async (c) => c.json(await getUnventedRecord(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/unvented-records/:id", id, validate("json", unventedPatchSchema), async (c) =>
    c.json(await updateUnventedRecord(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/unvented-records/:id/issue", id, async (c) =>
    c.json(await issueUnventedRecord(c.env, getDb(c.env), c.req.valid("param").id, c.get("adminUser"))),
  )
  .post("/unvented-records/:id/services", id, validate("json", unventedServiceSchema), async (c) =>
    c.json(await addUnventedService(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"), c.get("adminUser")), 201),
  )
  .post("/unvented-records/:id/revoke-links", id, async (c) =>
    c.json(await revokeUnventedLinks(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .get("/unvented-records/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), unventedRecordKind, c.req.valid("param").id);
    if (!file) throw notFound("Issued unvented cylinder record");
    return pdfResponse(file);
  });

export default app;
