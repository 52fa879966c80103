import { Hono } from "hono";
import { gasSafetyListQuerySchema } from "../../../schema/api/gas-safety-list";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { listAllDocuments } from "../../services/document-kinds";
import { documentPdf, pdfResponse } from "../../services/documents/files";
import { warningNoticeKind } from "../../services/gas-safety/document-kinds";
import { listGasSafetyRecords } from "../../services/gas-safety/list";

/**
 * Mounted at /api/admin: the gas safety records' list, their warning notices' PDFs and a customer's
 * documents (a record's and a service sheet's own routes are papers.ts's).
 */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>()
  .get("/gas-safety-records", validate("query", gasSafetyListQuerySchema), async (c) =>
    listAnswer(c, await listGasSafetyRecords(getDb(c.env), c.req.valid("query"))),
  )
  .get("/warning-notices/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), warningNoticeKind, c.req.valid("param").id);
    if (!file) throw notFound("Warning notice");
    return pdfResponse(file);
  })
  .get("/customers/:id/documents", id, async (c) =>
    c.json(await listAllDocuments(c.env, getDb(c.env), { customerId: c.req.valid("param").id })),
  );

export default app;
