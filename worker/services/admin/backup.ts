import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountErasureRequests,
  appliances,
  bookingCells,
  bookings,
  campaignRecipients,
  campaigns,
  chatMessages,
  creditNotes,
  customers,
  emailSubscribers,
  estimateAcceptances,
  estimateEvents,
  estimates,
  estimateVersions,
  gasSafetyRecords,
  invoiceEvents,
  invoicePayments,
  invoiceRefunds,
  invoices,
  numberSeriesCounters,
  orderLines,
  orders,
  outgoingEmails,
  ownerSettings,
  products,
  properties,
  quotes,
  serviceRecords,
  serviceReminders,
  serviceSheets,
  stockMovements,
  stripeEvents,
  visitSheets,
  warningNotices,
} from "../../../schema/db";
import { type Db, getDb } from "../../db/client";
import type { AppEnv } from "../../env";

/**
 * "Download everything": every table of the owner's business as one JSON file, streamed a page of
 * rows at a time (the Worker never holds the whole database, and each read stays far inside D1's
 * 50 MB result and 1,000 queries an invocation), with the product images listed by key (the
 * images themselves stay in R2). Rows keep their database column names and ids, so the restore
 * (scripts/restore.mjs) is mechanical: the same rows into the same tables, in this order, which
 * puts every table after the ones it refers to.
 */
const BACKUP: [string, SQLiteTable][] = [
  ["products", products],
  ["customers", customers],
  ["properties", properties],
  ["appliances", appliances],
  ["quotes", quotes],
  ["service_records", serviceRecords],
  ["visit_sheets", visitSheets],
  ["outgoing_emails", outgoingEmails],
  ["gas_safety_records", gasSafetyRecords],
  ["warning_notices", warningNotices],
  ["service_sheets", serviceSheets],
  ["estimates", estimates],
  ["estimate_versions", estimateVersions],
  ["estimate_acceptances", estimateAcceptances],
  ["estimate_events", estimateEvents],
  ["invoices", invoices],
  ["invoice_payments", invoicePayments],
  ["invoice_refunds", invoiceRefunds],
  ["credit_notes", creditNotes],
  ["invoice_events", invoiceEvents],
  ["service_reminders", serviceReminders],
  ["bookings", bookings],
  ["booking_cells", bookingCells],
  ["email_subscribers", emailSubscribers],
  ["campaigns", campaigns],
  ["campaign_recipients", campaignRecipients],
  ["orders", orders],
  ["order_lines", orderLines],
  ["stock_movements", stockMovements],
  ["chat_messages", chatMessages],
  ["settings", ownerSettings],
  ["number_series", numberSeriesCounters],
  ["stripe_events", stripeEvents],
  ["account_erasure_requests", accountErasureRequests],
];
export const BACKUP_TABLES = BACKUP.map(([name]) => name);

/** Tables left out, and why: secrets and what renews itself, not the business's records. */
export const LEFT_OUT_OF_BACKUP: Record<string, string> = {
  admin_accounts: "the owner's password hash and second factor: set again on a new install",
  admin_devices: "browsers remembered for sign-in",
  admin_recovery_codes: "second-factor recovery codes (hashed)",
  admin_sessions: "sign-in sessions",
  admin_sign_ins: "the sign-in log (kept 90 days)",
  rate_limits: "request counters of the last day",
  cart_items: "visitors' carts (emptied after 30 days)",
  outbox: "the local copy of sent e-mail (development only)",
  sheet_syncs: "the keys of job sheets synced from the phone (kept 30 days, to apply each once)",
  account_sessions: "customers' signed-in browsers (hashed; they sign in again)",
  account_sign_in_links: "customers' one-time sign-in links (hashed, 15 minutes)",
};

export const BACKUP_FORMAT = "northside-backup";
export const BACKUP_VERSION = 1;

/** Rows per read: stored e-mails carry their whole HTML, so they come fewer at a time. */
const pageSize = (table: string) => (table === "outgoing_emails" ? 250 : 5000);

/** One page of a table's rows after `after` (a rowid), each with its rowid to read on from. */
function page(db: Db, table: SQLiteTable, name: string, after: number) {
  return db
    .select({ backupRowid: sql<number>`rowid`.as("backup_rowid"), ...getTableColumns(table) })
    .from(table)
    .where(sql`rowid > ${after}`)
    .orderBy(sql`rowid`)
    .limit(pageSize(name));
}

/** Writes a table's rows under their database column names, booleans as SQLite stores them. */
function storedRows(table: SQLiteTable) {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return (row: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, name] of columns) {
      const value = row[key];
      out[name] = typeof value === "boolean" ? Number(value) : value;
    }
    return out;
  };
}

/**
 * The backup, piece by piece: the JSON text of each page of rows as it is read. The first page of
 * every table comes in one round trip; a table with more is read on a page at a time.
 */
async function* backupPieces(env: AppEnv, now: number): AsyncGenerator<string> {
  const db = getDb(env);
  const firstPages = (await db.batch(
    BACKUP.map(([name, table]) => page(db, table, name, 0)) as unknown as [ReturnType<typeof page>],
  )) as unknown as (Record<string, unknown> & { backupRowid: number })[][];
  yield `{"format":"${BACKUP_FORMAT}","version":${BACKUP_VERSION},"exportedAt":"${new Date(now).toISOString()}","tables":{`;
  for (const [t, [name, table]] of BACKUP.entries()) {
    yield `${t > 0 ? "," : ""}"${name}":[`;
    const stored = storedRows(table);
    let rows = firstPages[t]!;
    let first = true;
    while (rows.length > 0) {
      yield `${first ? "" : ","}${rows.map(({ backupRowid: _, ...row }) => JSON.stringify(stored(row))).join(",")}`;
      first = false;
      if (rows.length < pageSize(name)) break;
      rows = (await page(db, table, name, rows.at(-1)!.backupRowid)) as typeof rows;
    }
    yield "]";
  }
  yield `},"images":[`;
  yield* objectList(env.IMAGES);
  // Issued documents' PDFs: each can be rendered again from its row's snapshot, and its SHA-256 checked.
  yield `],"documents":[`;
  yield* objectList(env.DOCUMENTS);
  yield "]}";
}

/** A bucket's objects by key, size and upload time, a thousand a listing. */
async function* objectList(bucket: R2Bucket): AsyncGenerator<string> {
  let cursor: string | undefined;
  let first = true;
  do {
    const listed = await bucket.list({ cursor, limit: 1000 });
    const objects = listed.objects.map((o) => JSON.stringify({ key: o.key, size: o.size, uploaded: o.uploaded.toISOString() }));
    if (objects.length > 0) {
      yield `${first ? "" : ","}${objects.join(",")}`;
      first = false;
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

/** The backup as a byte stream, read as the browser downloads it. */
export function backupStream(env: AppEnv, now = Date.now()): ReadableStream<Uint8Array> {
  const pieces = backupPieces(env, now);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(JSON.stringify({ job: "backup", error: String(error) }));
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
