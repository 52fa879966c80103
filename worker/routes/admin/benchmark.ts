import { Hono } from "hono";
import { benchmarkCreateSchema, benchmarkPatchSchema } from "../../../schema/api/benchmark-records";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { benchmarkKind } from "../../services/benchmark/document-kind";
import { issueBenchmarkRecord } from "../../services/benchmark/issue";
import {
  createBenchmarkRecord,
  getBenchmarkRecord,
  revokeBenchmarkLinks,
  updateBenchmarkRecord,
} from "../../services/benchmark/records";
import { documentPdf, pdfResponse } from "../../services/documents/files";

/** Mounted at /api/admin: Benchmark commissioning checklists of new boilers: drafts, issue, the PDF, revoking links. */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>()
  .post("/benchmark-records", validate("json", benchmarkCreateSchema), async (c) =>
    c.json(await createBenchmarkRecord(c.env, getDb(c.env), c.req.valid("json"), c.get("adminUser")), 201),
  )
  .get("/benchmark-records/:id", id, async (c) => c.json(await getBenchmarkRecord(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/benchmark-records/:id", id, validate("json", benchmarkPatchSchema), async (c) =>
    c.json(await updateBenchmarkRecord(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/benchmark-records/:id/issue", id, async (c) =>
    c.json(await issueBenchmarkRecord(c.env, getDb(c.env), c.req.valid("param").id, c.get("adminUser"))),
  )
  .post("/benchmark-records/:id/revoke-links", id, async (c) =>
    c.json(await revokeBenchmarkLinks(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .get("/benchmark-records/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), benchmarkKind, c.req.valid("param").id);
    if (!file) throw notFound("Issued Benchmark checklist");
    return pdfResponse(file);
  });

export default app;
