import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { InvoiceListItem, InvoiceTab } from "../../../schema/api/invoices";
import { customers, invoices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { balanceOf, balanceSql, isOverdue, nameOf, stateOf } from "./invoices";

const i = invoices;

/** The list's tabs, in SQL. */
function tabWhere(tab: InvoiceTab | undefined, today: string): SQL | undefined {
  switch (tab) {
    case "draft":
      return eq(i.status, "draft");
    case "void":
      return eq(i.status, "void");
    case "paid":
      return and(eq(i.status, "issued"), sql`${balanceSql} <= 0`);
    case "unpaid":
      return and(eq(i.status, "issued"), sql`${balanceSql} > 0`);
    case "overdue":
      return and(eq(i.status, "issued"), sql`${balanceSql} > 0`, sql`${i.dueDate} < ${today}`);
    default:
      return undefined;
  }
}

/** The owner's list: newest change first, searched by number or customer, by tab. */
export async function listInvoices(
  db: Db,
  query: { q?: string; status?: InvoiceTab; limit: number; offset: number },
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const today = londonToday();
  const needle = query.q?.toLowerCase();
  const number = needle?.match(/^(?:inv-?)?0*(\d+)$/)?.[1];
  const where = and(
    tabWhere(query.status, today),
    needle
      ? or(
          sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${needle}) > 0`,
          sql`instr(lower(COALESCE(${customers.email}, '')), ${needle}) > 0`,
          number ? eq(i.number, Number(number)) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select({
        invoice: i,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(i)
      .leftJoin(customers, eq(customers.id, i.customerId))
      .where(where)
      .orderBy(desc(i.updatedAt), desc(i.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(i).leftJoin(customers, eq(customers.id, i.customerId)).where(where),
  ]);
  return {
    items: rows.map(({ invoice, firstName, lastName }) => ({
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
    .where(and(eq(i.status, "issued"), sql`${balanceSql} > 0`));
