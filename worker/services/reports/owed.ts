import { asc, eq } from "drizzle-orm";
import { emptyOwedTotals, type OwedCustomer, type OwedReport, owedAgeOf } from "../../../schema/api/reports";
import { customers, invoices } from "../../../schema/db";
import { daysBetween, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { csvPounds, writeCsv } from "../../lib/csv";
import { balanceSql } from "../invoices/invoices";

/**
 * Money owed, aged (issue 45's reports): every issued invoice with a balance left, counted in the age
 * since it was issued (0-30, 31-60, 61-90, over 90 days), by customer, the most owed first. One read:
 * the issued invoices with something to pay (an index range on the status), with their customer.
 */
export async function owedReport(db: Db, asOf = londonToday()): Promise<OwedReport> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      balancePence: balanceSql,
      customerId: invoices.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.tab, "unpaid"))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const totals = emptyOwedTotals();
  const byCustomer = new Map<number | null, OwedCustomer>();
  for (const row of rows) {
    const issueDate = row.issueDate ?? asOf;
    const ageDays = Math.max(0, daysBetween(issueDate, asOf));
    const age = owedAgeOf(ageDays);
    let customer = byCustomer.get(row.customerId);
    if (!customer) {
      const name = row.firstName === null ? "No customer on file" : `${row.firstName} ${row.lastName ?? ""}`.trim();
      customer = { customerId: row.customerId, name, totals: emptyOwedTotals(), invoices: [] };
      byCustomer.set(row.customerId, customer);
    }
    customer.invoices.push({
      id: row.id,
      number: numberText("invoice", row.number!),
      issueDate,
      dueDate: row.dueDate,
      ageDays,
      age,
      balancePence: row.balancePence,
    });
    for (const sums of [customer.totals, totals]) {
      sums[age] += row.balancePence;
      sums.total += row.balancePence;
    }
  }
  const owing = [...byCustomer.values()].sort((a, b) => b.totals.total - a.totals.total || a.name.localeCompare(b.name));
  return { asOf, totals, customers: owing };
}

/** The same as a CSV for the accountant: one row per invoice, oldest first within each customer. */
export async function owedCsv(db: Db, asOf = londonToday()): Promise<string> {
  const report = await owedReport(db, asOf);
  return writeCsv(
    ["Customer", "Invoice", "Issued", "Due", "Days since issue", "Age", "Owed (£)"],
    report.customers.flatMap((c) =>
      c.invoices.map((i) => [c.name, i.number, i.issueDate, i.dueDate, i.ageDays, i.age, csvPounds(i.balancePence)]),
    ),
  );
}
