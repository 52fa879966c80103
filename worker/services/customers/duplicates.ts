import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { PossibleDuplicate } from "../../../schema/api/customers";
import { customers, phoneKey } from "../../../schema/db";
import type { Db } from "../../db/client";
import { toAdminCustomer } from "./customers";
import { customerRowsWithMerges, requireCustomerRows } from "./merged-customers";

/**
 * Likely duplicates: two customers with one e-mail address (in any letter case) or one phone number
 * (its digits, +44 read as 0: phoneKey). Each comparison is the expression of an index
 * (customers_email_lower, customers_phone_key), so finding the others is an index look-up, not a scan.
 */

/** The other customers who share this one's e-mail address or phone number, and which they share; one round trip. */
export async function possibleDuplicates(db: Db, id: number): Promise<PossibleDuplicate[]> {
  const self = alias(customers, "this_customer");
  const sameEmail = sql<number>`lower(${customers.email}) = lower(${self.email})`;
  const samePhone = sql<number>`${phoneKey(customers.phone)} = ${phoneKey(self.phone)}`;
  const [found, merges, rows] = await db.batch([
    ...customerRowsWithMerges(db, [id]),
    db
      .select({ customer: customers, sameEmail, samePhone })
      .from(customers)
      .innerJoin(self, eq(self.id, id))
      .where(and(ne(customers.id, self.id), or(sameEmail, samePhone)))
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(20),
  ]);
  requireCustomerRows(found, merges, [id]);
  return rows.map((r) => ({ ...toAdminCustomer(r.customer), sameEmail: Boolean(r.sameEmail), samePhone: Boolean(r.samePhone) }));
}
