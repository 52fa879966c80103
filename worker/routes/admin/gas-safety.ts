import { Hono } from "hono";
import { gasSafetyCreateSchema, gasSafetyPatchSchema } from "../../../schema/api/gas-safety";
import { gasSafetyListQuerySchema } from "../../../schema/api/gas-safety-list";
import { idParamSchema } from "../../../schema/api/lists";
import { serviceSheetCreateSchema, serviceSheetPatchSchema } from "../../../schema/api/service-sheets";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { listAllDocuments } from "../../services/document-kinds";
import { documentPdf, pdfResponse } from "../../services/documents/files";
import { gasSafetyRecordKind, serviceSheetKind, warningNoticeKind } from "../../services/gas-safety/document-kinds";
import { listGasSafetyRecords } from "../../services/gas-safety/list";
import { markTenantCopyGiven } from "../../services/gas-safety/record-copies";
import { createGasSafetyRecord, updateGasSafetyRecord } from "../../services/gas-safety/record-drafts";
import { issueGasSafetyRecord } from "../../services/gas-safety/record-issue";
import { revokeGasSafetyLinks } from "../../services/gas-safety/record-links";
import { getGasSafetyRecord } from "../../services/gas-safety/records";
import {
  createServiceSheet,
  getServiceSheet,
  issueServiceSheet,
  updateServiceSheet,
} from "../../services/gas-safety/service-sheets";

/** Mounted at /api/admin: gas safety records (the list, drafts, issue, PDFs, copies), their warning notices, and service sheets. */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>()
  .get("/gas-safety-records", validate("query", gasSafetyListQuerySchema), async (c) =>
    listAnswer(c, await listGasSafetyRecords(getDb(c.env), c.req.valid("query"))),
  )
  .post("/gas-safety-records", validate("json", gasSafetyCreateSchema), async (c) =>
    c.json(await createGasSafetyRecord(c.env, getDb(c.env), c.req.valid("json"), c.get("adminUser")), 201),
  )
  .get("/gas-safety-records/:id", id, async (c) => c.json(await getGasSafetyRecord(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/gas-safety-records/:id", id, validate("json", gasSafetyPatchSchema), async (c) =>
    c.json(await updateGasSafetyRecord(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/gas-safety-records/:id/issue", id, async (c) =>
    c.json(await issueGasSafetyRecord(c.env, getDb(c.env), c.req.valid("param").id, c.get("adminUser"))),
  )
  .post("/gas-safety-records/:id/tenant-copy-given", id, async (c) =>
    c.json(await markTenantCopyGiven(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .post("/gas-safety-records/:id/revoke-links", id, async (c) =>
    c.json(await revokeGasSafetyLinks(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .get("/gas-safety-records/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), gasSafetyRecordKind, c.req.valid("param").id);
    if (!file) throw notFound("Issued gas safety record");
    return pdfResponse(file);
  })
  .get("/warning-notices/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), warningNoticeKind, c.req.valid("param").id);
    if (!file) throw notFound("Warning notice");
    return pdfResponse(file);
  })
  .post("/service-sheets", validate("json", serviceSheetCreateSchema), async (c) =>
    c.json(await createServiceSheet(c.env, getDb(c.env), c.req.valid("json"), c.get("adminUser")), 201),
  )
  .get("/service-sheets/:id", id, async (c) => c.json(await getServiceSheet(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/service-sheets/:id", id, validate("json", serviceSheetPatchSchema), async (c) =>
    c.json(await updateServiceSheet(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/service-sheets/:id/issue", id, async (c) =>
    c.json(await issueServiceSheet(c.env, getDb(c.env), c.req.valid("param").id, c.get("adminUser"))),
  )
  .get("/service-sheets/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), serviceSheetKind, c.req.valid("param").id);
    if (!file) throw notFound("Issued service sheet");
    return pdfResponse(file);
  })
  .get("/customers/:id/documents", id, async (c) =>
    c.json(await listAllDocuments(c.env, getDb(c.env), { customerId: c.req.valid("param").id })),
  );

export default app;
