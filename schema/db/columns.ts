import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** Every timestamp is ISO-8601 UTC text with milliseconds, so it sorts and compares as text. */
export const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const createdAt = () => text("created_at").notNull().default(isoNow);
export const updatedAt = () => text("updated_at").notNull().default(isoNow);

/** How money is paid or given back: one vocabulary for invoices and quotes' deposits. */
export const paymentMethods = ["card", "bank", "cash", "cheque"] as const;
