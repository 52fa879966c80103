import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { normalisePostcode, UK_POSTCODE } from "../../../schema/api/fields";
import { GAS_LIST_DUE_DAYS, type GasSafetyListItem, type GasSafetyListQuery } from "../../../schema/api/gas-safety-list";
import { customers, gasSafetyRecords, properties, warningNotices } from "../../../schema/db";
import { addDays, daysBetween, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { latestIssuedRecord } from "./latest-record";

const r = gasSafetyRecords;

/** "GSR-000123", "gsr123", "CP12-0123" (the landlords' name for the record) or "123": the record's number. */
const numberOf = (needle: string): number | null => {
  const digits = needle.match(/^(?:gsr|cp12)?[-\s]?0*(\d{1,9})$/)?.[1];
  return digits === undefined ? null : Number(digits);
};

/** The start of a postcode ("m32", "SW1A 1", "m320zz"), as the properties store it: upper case, one space. */
function postcodeStart(needle: string): string | null {
  if (!/^[a-z]{1,2}\d[a-z\d]?(\s*\d[a-z]{0,2})?$/i.test(needle)) return null;
  const whole = normalisePostcode(needle);
  return UK_POSTCODE.test(whole) ? whole : needle.toUpperCase().replace(/\s+/g, " ");
}

/**
 * The records of the properties the search names. A postcode's start is a range of the properties'
 * postcode index (migration 0030); other words are looked for anywhere in the address, which reads
 * the properties (one short row each, not a document table); the records then come by their
 * property index, so the records are never read whole.
 */
function propertyWhere(db: Db, needle: string): SQL {
  const start = postcodeStart(needle);
  const matching = start
    ? and(gte(properties.postcode, start), lt(properties.postcode, `${start}\uffff`))
    : sql`instr(lower(${properties.address}), ${needle}) > 0`;
  return inArray(r.propertyId, db.select({ id: properties.id }).from(properties).where(matching));
}

/**
 * The search: a number finds that record by its unique index; anything else the records of the
 * landlords whose name or e-mail has it (the customers' search index, as the invoice list searches)
 * and of the properties whose address or postcode has it.
 */
function searchWhere(db: Db, q: string | undefined): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  const number = numberOf(needle);
  if (number !== null) return eq(r.number, number);
  const named = searchCondition(needle, "customers_search", customers.id, [
    customers.firstName,
    customers.lastName,
    customers.email,
  ]);
  return or(inArray(r.customerId, db.select({ id: customers.id }).from(customers).where(named)), propertyWhere(db, needle));
}

/** What a row shows, read by the statement that finds the rows (the notice by its record index). */
const rowColumns = {
  id: r.id,
  number: r.number,
  status: r.status,
  checkDate: r.checkDate,
  nextDueDate: r.nextDueDate,
  address: properties.address,
  postcode: properties.postcode,
  tenantName: properties.tenantName,
  firstName: customers.firstName,
  lastName: customers.lastName,
  hasWarning: sql<number>`EXISTS (SELECT 1 FROM ${warningNotices} AS wn WHERE wn.record_id = ${r.id})`,
  // Its deadline stands only while no later issued record at the property replaces it.
  isLatest: sql<number>`${r.id} IS ${latestIssuedRecord}`,
};

type Page = { limit: number; offset: number };

/**
 * The Due tab: from the properties, each with its latest issued record (the one definition, shared
 * with the gas-due report), whose deadline is within the next days or past; soonest first.
 */
function dueQueries(db: Db, where: SQL | undefined, page: Page, today: string) {
  const due = and(lte(r.nextDueDate, addDays(today, GAS_LIST_DUE_DAYS)), where);
  const rows = db
    .select(rowColumns)
    .from(properties)
    .innerJoin(r, eq(r.id, latestIssuedRecord))
    .leftJoin(customers, eq(customers.id, r.customerId))
    .where(due)
    .orderBy(asc(r.nextDueDate), asc(r.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = db.select({ n: count() }).from(properties).innerJoin(r, eq(r.id, latestIssuedRecord)).where(due);
  return [rows, total] as const;
}

/** All records or the drafts, newest check first: a walk of the (status,) check date index. */
function recordQueries(db: Db, where: SQL | undefined, page: Page) {
  const rows = db
    .select(rowColumns)
    .from(r)
    .leftJoin(properties, eq(properties.id, r.propertyId))
    .leftJoin(customers, eq(customers.id, r.customerId))
    .where(where)
    .orderBy(desc(r.checkDate), desc(r.id))
    .limit(page.limit)
    .offset(page.offset);
  // Counted on the records' own indexes: the names are not needed to count.
  const total = db.select({ n: count() }).from(r).where(where);
  return [rows, total] as const;
}

/** The owner's list of gas safety records, by tab and search: a page of what it shows, and the count. */
export async function listGasSafetyRecords(
  db: Db,
  query: GasSafetyListQuery,
): Promise<{ items: GasSafetyListItem[]; total: number }> {
  const today = londonToday();
  const search = searchWhere(db, query.q);
  const [rowsQuery, totalQuery] =
    query.tab === "due"
      ? dueQueries(db, search, query, today)
      : recordQueries(db, and(query.tab === "drafts" ? eq(r.status, "draft") : undefined, search), query);
  const [rows, [total]] = await db.batch([rowsQuery, totalQuery]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number === null ? null : numberText("gasSafetyRecord", row.number),
      status: row.status,
      address: row.address,
      postcode: row.postcode,
      customerName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ""}`.trim(),
      tenantName: row.tenantName,
      checkDate: row.checkDate,
      nextDueDate: row.status === "issued" ? row.nextDueDate : null,
      daysLeft: row.status === "issued" && row.nextDueDate ? daysBetween(today, row.nextDueDate) : null,
      hasWarning: Boolean(row.hasWarning),
      isLatest: Boolean(row.isLatest),
    })),
    total: total?.n ?? 0,
  };
}
