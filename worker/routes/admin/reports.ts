import { Hono } from "hono";
import { monthRangeSchema } from "../../../schema/api/reports";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { gasDueCsv, gasDueReport } from "../../services/reports/gas-due";
import { marginCsv, marginReport } from "../../services/reports/margin";
import { owedCsv, owedReport } from "../../services/reports/owed";
import { quotesCsv, quotesReport } from "../../services/reports/quotes";
import { takingsCsv, takingsReport } from "../../services/reports/takings";
import { vatCsv, vatReport } from "../../services/reports/vat";

/** Mounted at /api/admin: the owner's reports, each with its CSV. */
const csvFile = (name: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${name}"`,
});
const months = validate("query", monthRangeSchema);

const app = new Hono<HonoEnv>()
  .get("/reports/owed", async (c) => c.json(await owedReport(getDb(c.env))))
  .get("/reports/owed.csv", async (c) => c.body(await owedCsv(getDb(c.env)), 200, csvFile("money-owed.csv")))
  .get("/reports/takings", months, async (c) => c.json(await takingsReport(getDb(c.env), c.req.valid("query"))))
  .get("/reports/takings.csv", months, async (c) =>
    c.body(await takingsCsv(getDb(c.env), c.req.valid("query")), 200, csvFile("takings.csv")),
  )
  .get("/reports/quotes", months, async (c) => c.json(await quotesReport(getDb(c.env), c.req.valid("query"))))
  .get("/reports/quotes.csv", months, async (c) =>
    c.body(await quotesCsv(getDb(c.env), c.req.valid("query")), 200, csvFile("quotes.csv")),
  )
  .get("/reports/gas-due", async (c) => c.json(await gasDueReport(getDb(c.env))))
  .get("/reports/gas-due.csv", async (c) => c.body(await gasDueCsv(getDb(c.env)), 200, csvFile("gas-safety-due.csv")))

  .get("/reports/vat", months, async (c) => c.json(await vatReport(getDb(c.env), c.req.valid("query"))))
  .get("/reports/vat.csv", months, async (c) =>
    c.body(await vatCsv(getDb(c.env), c.req.valid("query")), 200, csvFile("vat.csv")),
  );

// Jobs' margins (its own block, so the reports added beside it merge cleanly).
app
  .get("/reports/margin", months, async (c) => c.json(await marginReport(getDb(c.env), c.req.valid("query"))))
  .get("/reports/margin.csv", months, async (c) =>
    c.body(await marginCsv(getDb(c.env), c.req.valid("query")), 200, csvFile("job-margins.csv")),
  );

export default app;
