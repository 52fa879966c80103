import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The last number given in each series of issued documents (schema/numbers.ts). A number is taken
 * in the same D1 batch (one transaction) that issues its document, and only when the document is
 * still a draft, so a failed or refused issue takes none: no gaps, no number given twice.
 */
export const numberSeriesCounters = sqliteTable("number_series", {
  series: text("series").primaryKey(),
  last: integer("last").notNull(),
});
