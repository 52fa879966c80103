import { Hono } from "hono";
import { buildingRegsRecordSchema } from "../../../schema/api/building-regs";
import { jobListQuerySchema } from "../../../schema/api/jobs";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { recordNotification } from "../../services/jobs/building-regs";
import { listJobs } from "../../services/jobs/job-list";
import { customerJobs, readJob } from "../../services/jobs/jobs";

/**
 * Mounted at /api/admin: every job, a job's thread, a customer's jobs, and the job's Building
 * Regulations notification as the owner records it. ("Invoice the job" is POST /invoices { fromJobId }.)
 */
const id = validate("param", idParamSchema);

const app = new Hono<HonoEnv>()
  .get("/jobs", validate("query", jobListQuerySchema), async (c) =>
    listAnswer(c, await listJobs(getDb(c.env), c.req.valid("query"))),
  )
  .get("/jobs/:id", id, async (c) => c.json(await readJob(getDb(c.env), c.req.valid("param").id)))
  .put("/jobs/:id/building-regs", id, validate("json", buildingRegsRecordSchema), async (c) =>
    c.json(await recordNotification(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .get("/customers/:id/jobs", id, async (c) => c.json(await customerJobs(getDb(c.env), c.req.valid("param").id)));

export default app;
