import { and, count, desc, eq, inArray, isNull, lt, not, or, type SQL, sql } from "drizzle-orm";
import { optionTotals, type QuoteContent, type QuoteListItem, type QuoteStatus } from "../../../schema/api/quotes";
import { customers, quotes, quoteVersions } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";

const e = quotes;
const v = quoteVersions;

/**
 * A status tab as the customer's link shows it (a sent quote past its date is expired), written as
 * ranges of the status index rather than the CASE the rows show, so a tab reads only its own quotes.
 */
function statusWhere(status: QuoteStatus, today: string): SQL | undefined {
  const pastDate = lt(e.validUntil, today);
  if (status === "expired") return or(eq(e.status, "expired"), and(inArray(e.status, ["sent", "viewed"]), pastDate));
  if (status === "sent" || status === "viewed") return and(eq(e.status, status), or(isNull(e.validUntil), not(pastDate)));
  return eq(e.status, status);
}

/**
 * The search: a number ("Q-0012") finds that quote by its unique index; anything else the quotes
 * whose title has it or whose customer's name or e-mail has it (the customers' search index).
 */
function searchWhere(db: Db, q: string | undefined): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  const number = needle.match(/^q-?0*(\d+)$/)?.[1];
  if (number) return eq(e.number, Number(number));
  const named = searchCondition(needle, "customers_search", customers.id, [
    customers.firstName,
    customers.lastName,
    customers.email,
  ]);
  return or(
    sql`instr(lower(${e.title}), ${needle}) > 0`,
    inArray(e.customerId, db.select({ id: customers.id }).from(customers).where(named)),
  );
}

/** The owner's list: newest change first, searched by number, title or customer, by status. */
export async function listQuotes(
  db: Db,
  query: { q?: string; status?: QuoteStatus; limit: number; offset: number },
): Promise<{ items: QuoteListItem[]; total: number }> {
  const today = londonToday();
  const effective = sql<QuoteStatus>`CASE WHEN ${e.status} IN ('sent', 'viewed') AND ${e.validUntil} < ${today} THEN 'expired' ELSE ${e.status} END`;
  const where = and(query.status ? statusWhere(query.status, today) : undefined, searchWhere(db, query.q));
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: e.id,
        number: e.number,
        status: effective,
        title: e.title,
        firstName: customers.firstName,
        lastName: customers.lastName,
        sentAt: e.sentAt,
        updatedAt: e.updatedAt,
        content: sql<string>`(SELECT ${v.content} FROM ${v} WHERE ${v.quoteId} = ${e.id} AND ${v.version} = ${e.version})`,
        vatRegistered: sql<number>`(SELECT ${v.vatRegistered} FROM ${v} WHERE ${v.quoteId} = ${e.id} AND ${v.version} = ${e.version})`,
      })
      .from(e)
      .innerJoin(customers, eq(customers.id, e.customerId))
      .where(where)
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(query.limit)
      .offset(query.offset),
    // Counted on the quotes' own indexes: the customers' names are not needed to count.
    db.select({ n: count() }).from(e).where(where),
  ]);
  const items = rows.map((row) => {
    const content = JSON.parse(row.content) as QuoteContent;
    const grosses = content.options.map((o) => optionTotals(o, content.deposit, Boolean(row.vatRegistered)).grossPence);
    return {
      id: row.id,
      number: row.number === null ? null : numberText("estimate", row.number),
      status: row.status,
      title: row.title,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      fromPence: Math.min(...grosses),
      toPence: Math.max(...grosses),
      sentAt: row.sentAt,
      updatedAt: row.updatedAt,
    };
  });
  return { items, total: total?.n ?? 0 };
}
