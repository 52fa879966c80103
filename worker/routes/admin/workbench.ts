import { Hono } from "hono";
import * as z from "zod";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { exportCsv, exportKinds } from "../../services/admin/exports";
import { adminSummary } from "../../services/admin/summary";

const exportParam = z.object({
  file: z.enum(exportKinds.map((k) => `${k}.csv`) as [string, ...string[]], { error: "No such export" }),
});

/** The home screen's counts, and the CSV exports of the lists. */
const app = new Hono<HonoEnv>()
  .get("/summary", async (c) => c.json(await adminSummary(getDb(c.env))))
  .get("/export/:file", validate("param", exportParam), async (c) => {
    const kind = c.req.valid("param").file.replace(/\.csv$/, "") as (typeof exportKinds)[number];
    const date = londonToday();
    return c.body(await exportCsv(getDb(c.env), kind), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${date}.csv"`,
    });
  });

export default app;
