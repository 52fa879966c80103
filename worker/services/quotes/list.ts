import { and, count, desc, eq, or, sql } from "drizzle-orm";
import { optionTotals, type QuoteContent, type QuoteListItem, type QuoteStatus } from "../../../schema/api/quotes";
import { customers, quotes, quoteVersions } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";

const e = quotes;
const v = quoteVersions;

/** The owner's list: newest change first, searched by number, title or customer, by status. */
export async function listQuotes(
  db: Db,
  query: { q?: string; status?: QuoteStatus; limit: number; offset: number },
): Promise<{ items: QuoteListItem[]; total: number }> {
  const today = londonToday();
  const effective = sql<QuoteStatus>`CASE WHEN ${e.status} IN ('sent', 'viewed') AND ${e.validUntil} < ${today} THEN 'expired' ELSE ${e.status} END`;
  const needle = query.q?.toLowerCase();
  const number = needle?.match(/^q-?0*(\d+)$/)?.[1];
  const where = and(
    query.status ? sql`${effective} = ${query.status}` : undefined,
    needle
      ? or(
          sql`instr(lower(${e.title}), ${needle}) > 0`,
          sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${needle}) > 0`,
          number ? eq(e.number, Number(number)) : undefined,
        )
      : undefined,
  );
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
    db.select({ n: count() }).from(e).innerJoin(customers, eq(customers.id, e.customerId)).where(where),
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
