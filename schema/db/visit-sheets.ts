import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { serviceRecords } from "./crm";
import { adminUsers } from "./team";

/**
 * The engineer's job sheet for a visit (docs/decisions/018-the-engineers-phone.md): what was done on
 * site, written from the phone, often after a spell without signal. One per visit, replaced whole
 * by each sync; parts used leave the stock through the ledger (stock_movements with the visit).
 */
export const visitSheets = sqliteTable("visit_sheets", {
  serviceRecordId: integer("service_record_id")
    .primaryKey()
    .references(() => serviceRecords.id, { onDelete: "cascade" }),
  arrivedAt: text("arrived_at"),
  finishedAt: text("finished_at"),
  workDone: text("work_done"),
  advice: text("advice"),
  labourMinutes: integer("labour_minutes"),
  /** SheetPart[] as JSON: the catalogue products used, with quantities and names as picked. */
  parts: text("parts").notNull().default("[]"),
  /** Photo keys in the DOCUMENTS bucket (visits/<id>/…), as JSON. */
  photos: text("photos").notNull().default("[]"),
  /** The customer's signature (a PNG data URL) and their printed name. */
  signature: text("signature"),
  signedName: text("signed_name"),
  /**
   * The notifiable installations fitted at the visit, as the engineer ticked them on the sheet (a JSON
   * array of "boiler", "cylinder", "gas-fire"): with the accepted quote's, what the job owes a Building
   * Regulations notification for (migrations/0042_sheet_installations.sql).
   */
  installations: text("installations").notNull().default("[]"),
  updatedAt: text("updated_at").notNull(),
  /** Who sent the sheet last (issue 46): the person, and their name as it was then. */
  updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  updatedByName: text("updated_by_name"),
});

/**
 * Each sync the phone sends, by its Idempotency-Key: a change sent twice (a retry after a lost
 * answer) is applied once; the same key with a different body is refused (422). Kept 30 days.
 */
export const sheetSyncs = sqliteTable(
  "sheet_syncs",
  {
    key: text("key").primaryKey(),
    serviceRecordId: integer("service_record_id").notNull(),
    /**
     * SHA-256 (hex) of the sync's validated body: the key sent again with another body is refused,
     * not answered as a replay. Null for syncs remembered before it was kept.
     */
    bodySha256: text("body_sha256"),
    createdAt: createdAt(),
  },
  (t) => [index("sheet_syncs_created").on(t.createdAt)],
);
