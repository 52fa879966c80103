import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { owedCsv, owedReport } from "../../services/reports/owed";

/** Mounted at /api/admin: the owner's reports, each with its CSV. */
const app = new Hono<HonoEnv>()
  .get("/reports/owed", async (c) => c.json(await owedReport(getDb(c.env))))
  .get("/reports/owed.csv", async (c) => {
    const csv = await owedCsv(getDb(c.env));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="money-owed.csv"`,
    });
  });

export default app;
