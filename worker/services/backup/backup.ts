import { getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION, type BackupTable } from "../../../schema/backup-tables";
import * as schema from "../../../schema/db";
import { type Db, getDb } from "../../db/client";
import type { AppEnv } from "../../env";

/**
 * "Download everything": every table of the owner's business as one JSON file, streamed a page of
 * rows at a time (the Worker never holds the whole database, and each read stays far inside D1's
 * 50 MB result and 1,000 queries an invocation), with the product images listed by key (the
 * images themselves stay in R2). Rows keep their database column names and ids, so the restore
 * (scripts/restore.mjs) is mechanical: the same rows into the same tables. Which tables, in which
 * order, and which are left out is schema/backup-tables.ts, the list the restore reads too.
 */
function backupTables(): [BackupTable, SQLiteTable][] {
  const tables = new Map(
    (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map((table) => [getTableName(table), table]),
  );
  return BACKUP_TABLES.map((name) => {
    const table = tables.get(name);
    if (!table) throw new Error(`schema/backup-tables.ts names a table schema/db does not declare: ${name}`);
    return [name, table];
  });
}

/**
 * A table's columns as the backup writes them: not the ones SQLite computes (an invoice's list
 * tab), which a restore could not insert and which come back by themselves.
 */
function storedColumns(table: SQLiteTable) {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated));
}

/** Rows per read: stored e-mails carry their whole HTML, so they come fewer at a time. */
const pageSize = (table: string) => (table === "outgoing_emails" ? 250 : 5000);

/** One page of a table's rows after `after` (a rowid), each with its rowid to read on from. */
function page(db: Db, table: SQLiteTable, name: string, after: number) {
  return db
    .select({ backupRowid: sql<number>`rowid`.as("backup_rowid"), ...storedColumns(table) })
    .from(table)
    .where(sql`rowid > ${after}`)
    .orderBy(sql`rowid`)
    .limit(pageSize(name));
}

/**
 * What opens something without signing in, as the mail log holds it in the e-mails it sends: a
 * sign-in link's secret (its fragment), every `token=` parameter (a booking's manage link,
 * unsubscribe, reminders, a sign-up's confirmation) and every signed token or JWT, wherever it
 * sits (a quote's, an invoice's or a certificate's link): values joined by dots (an empty one
 * among them), ending in a 43-character HMAC-SHA256. The log needs them until the e-mail is sent; the backup, a file
 * easier to lose than the database, keeps the e-mails without them (test/backup-tokens.test.ts).
 */
const LINK_SECRETS = [
  /(\/account\/sign-in#)[A-Za-z0-9_-]+/g,
  /(token=)[^&"'<>\s]+/g,
  /(^|[^A-Za-z0-9_.-])(?:[A-Za-z0-9_-]*\.)+[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
];
export const withoutLinkSecrets = (text: string) =>
  LINK_SECRETS.reduce((out, pattern) => out.replace(pattern, "$1removed-from-backup"), text);

/** The columns whose text is an e-mail as sent, links and all. */
const MAIL_TEXT: Partial<Record<BackupTable, string[]>> = { outgoing_emails: ["html", "text", "headers", "attachments"] };

/**
 * Writes a table's rows under their database column names, booleans as SQLite stores them, and
 * e-mails without the secrets of their links.
 */
function storedRows(name: BackupTable, table: SQLiteTable) {
  const columns = Object.entries(storedColumns(table)).map(([key, column]) => [key, column.name] as const);
  const mailText = new Set(MAIL_TEXT[name]);
  return (row: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[key];
      out[column] =
        typeof value === "boolean"
          ? Number(value)
          : typeof value === "string" && mailText.has(column)
            ? withoutLinkSecrets(value)
            : value;
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
  const tables = backupTables();
  const firstPages = (await db.batch(
    tables.map(([name, table]) => page(db, table, name, 0)) as unknown as [ReturnType<typeof page>],
  )) as unknown as (Record<string, unknown> & { backupRowid: number })[][];
  yield `{"format":"${BACKUP_FORMAT}","version":${BACKUP_VERSION},"exportedAt":"${new Date(now).toISOString()}","tables":{`;
  for (const [t, [name, table]] of tables.entries()) {
    yield `${t > 0 ? "," : ""}"${name}":[`;
    const stored = storedRows(name, table);
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
