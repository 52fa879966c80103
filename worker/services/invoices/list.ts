import { and, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { InvoiceListItem, InvoiceTab } from "../../../schema/api/invoices";
import { customers, invoices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { balanceOf, balanceSql, isOverdue, nameOf, stateOf } from "./invoices";

const i = invoices;

/** The list's tabs, in SQL: each a range of the tab's index (migration 0028). */
function tabWhere(tab: InvoiceTab | undefined, today: string): SQL | undefined {
  if (!tab) return undefined;
  if (tab === "overdue") return and(eq(i.tab, "unpaid"), lt(i.dueDate, today));
  return eq(i.tab, tab);
}

/**
 * The search: a number ("INV-0123", "123") finds that invoice by its unique index; anything else
 * the invoices of the customers whose name or e-mail has it (the customers' search index, then
 * theirs by customer), so neither reads every invoice.
 */
function searchWhere(db: Db, q: string | undefined): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  const number = needle.match(/^(?:inv-?)?0*(\d+)$/)?.[1];
  if (number) return eq(i.number, Number(number));
  const named = searchCondition(needle, "customers_search", customers.id, [
    customers.firstName,
    customers.lastName,
    customers.email,
  ]);
  return inArray(i.customerId, db.select({ id: customers.id }).from(customers).where(named));
}

/** The owner's list: newest change first, searched by number or customer, by tab. Only what it shows is read. */
export async function listInvoices(
  db: Db,
  query: { q?: string; status?: InvoiceTab; limit: number; offset: number },
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const today = londonToday();
  const where = and(tabWhere(query.status, today), searchWhere(db, query.q));
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: i.id,
        number: i.number,
        status: i.status,
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        grossPence: i.grossPence,
        depositPence: i.depositPence,
        creditedPence: i.creditedPence,
        paidPence: i.paidPence,
        updatedAt: i.updatedAt,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(i)
      .leftJoin(customers, eq(customers.id, i.customerId))
      .where(where)
      .orderBy(desc(i.updatedAt), desc(i.id))
      .limit(query.limit)
      .offset(query.offset),
    // Counted on the invoices' own indexes: the customers' names are not needed to count.
    db.select({ n: count() }).from(i).where(where),
  ]);
  return {
    items: rows.map(({ firstName, lastName, ...invoice }) => ({
      id: invoice.id,
      number: invoice.number === null ? null : numberText("invoice", invoice.number),
      state: stateOf(invoice),
      overdue: isOverdue(invoice, today),
      customerName: firstName === null ? "Unknown customer" : nameOf({ firstName, lastName: lastName ?? "" }),
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      grossPence: invoice.grossPence,
      balancePence: balanceOf(invoice),
      updatedAt: invoice.updatedAt,
    })),
    total: total?.n ?? 0,
  };
}

/** Overdue invoices and everything owed, for the home screen (one statement, for its batch). */
export const moneyOwedQuery = (db: Db, today = londonToday()) =>
  db
    .select({
      overdueCount: sql<number>`COALESCE(SUM(CASE WHEN ${i.dueDate} < ${today} THEN 1 ELSE 0 END), 0)`,
      overduePence: sql<number>`COALESCE(SUM(CASE WHEN ${i.dueDate} < ${today} THEN ${balanceSql} ELSE 0 END), 0)`,
      owedPence: sql<number>`COALESCE(SUM(${balanceSql}), 0)`,
    })
    .from(i)
    .where(eq(i.tab, "unpaid"));
