import { type SQL, sql } from "drizzle-orm";
import { numberSeriesCounters } from "../../../schema/db";
import type { NumberSeries } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";

/**
 * Numbers for issued documents, gapless and never reused. Issuing is one D1 batch (one
 * transaction) holding, in order:
 *   1. `takeNumber(db, series, stillDraft)`: the series' counter goes up by one, but only while
 *      `stillDraft` (an EXISTS over the document being issued) holds;
 *   2. the document's own UPDATE … WHERE it is still a draft, setting its number to
 *      `numberTaken(series)`.
 * D1 runs one writer at a time, so twenty issues at once take twenty consecutive numbers; a batch
 * that fails anywhere takes none, and a document already issued takes none either.
 */
export function takeNumber(db: Db, series: NumberSeries, stillDraft: SQL) {
  return insertWhen(db, numberSeriesCounters, { series, last: 1 }, { where: stillDraft }).onConflictDoUpdate({
    target: numberSeriesCounters.series,
    set: { last: sql`${numberSeriesCounters.last} + 1` },
  });
}

/** The number step 1 took, for the document's UPDATE in the same batch. */
export const numberTaken = (series: NumberSeries): SQL<number> =>
  sql<number>`(SELECT ${numberSeriesCounters.last} FROM ${numberSeriesCounters} WHERE ${numberSeriesCounters.series} = ${series})`;
