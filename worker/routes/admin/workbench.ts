import { Hono } from "hono";
import { type ExportKind, exportFileParamSchema } from "../../../schema/api/exports";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { backupStream } from "../../services/backup/backup";
import { exportCsv } from "../../services/backup/exports";
import { adminSummary } from "../../services/home/summary";

/** The home screen's counts, the CSV exports of the lists, and the backup of everything. */
const app = new Hono<HonoEnv>()
  .get("/summary", async (c) => c.json(await adminSummary(getDb(c.env))))
  .get("/export/:file", validate("param", exportFileParamSchema), async (c) => {
    const kind = c.req.valid("param").file.replace(/\.csv$/, "") as ExportKind;
    const date = londonToday();
    return c.body(await exportCsv(getDb(c.env), kind), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${date}.csv"`,
    });
  })
  // "Download everything": streamed as it is read; never cached anywhere on the way.
  .get("/backup", (c) =>
    c.body(backupStream(c.env), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="northside-backup-${londonToday()}.json"`,
      "Cache-Control": "no-store",
    }),
  );

export default app;
