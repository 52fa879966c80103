import { eq, sql } from "drizzle-orm";
import type { AdminInvoice } from "../../../schema/api/invoices";
import { invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { getInvoice, invoiceEventWhen } from "./invoices";

const i = invoices;

/** The owner pauses or resumes the reminders chasing this invoice (chasing.ts sends them). */
export async function setChasing(env: AppEnv, db: Db, id: number, chase: boolean): Promise<AdminInvoice> {
  const now = new Date().toISOString();
  await db.batch([
    db.update(i).set({ chase, updatedAt: now }).where(eq(i.id, id)),
    invoiceEventWhen(db, id, "chasing", now, chase ? "on" : "paused", sql`changes() = 1`),
  ]);
  return getInvoice(env, db, id);
}
