import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { customerJobs, readJob } from "../../services/jobs/jobs";

/** Mounted at /api/admin: a job's thread, and a customer's jobs. ("Invoice the job" is POST /invoices { fromJobId }.) */
const id = validate("param", idParamSchema);

const app = new Hono<HonoEnv>()
  .get("/jobs/:id", id, async (c) => c.json(await readJob(getDb(c.env), c.req.valid("param").id)))
  .get("/customers/:id/jobs", id, async (c) => c.json(await customerJobs(getDb(c.env), c.req.valid("param").id)));

export default app;
