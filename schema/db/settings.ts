import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./columns";

/**
 * The owner's settings, one JSON document per key ("facts": the company's facts and offers). A key
 * with no row means the defaults of schema/business.ts, as on a new install.
 */
export const ownerSettings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});
