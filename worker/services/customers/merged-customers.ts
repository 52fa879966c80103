import { desc, eq, inArray } from "drizzle-orm";
import { customerMerges, customers } from "../../../schema/db";
import { formatDate } from "../../../schema/london-time-text";
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";

/**
 * A customer's id after a merge: the row is gone, so the id answers 404, naming the customer it
 * became (and `details[0].value` its id, which the customer page follows). A 404 rather than the
 * kept customer's record: an old link or a second tab must not edit someone under an id that is no
 * longer theirs without being told; the page takes the owner on to the kept customer itself.
 */

type CustomerRow = typeof customers.$inferSelect;

/** The customers with these ids (a fixed few) and the merges that ended any of them: two reads for one batch. */
export function customerRowsWithMerges(db: Db, ids: number[]) {
  return [
    db.select().from(customers).where(inArray(customers.id, ids)),
    db
      .select({
        mergedId: customerMerges.mergedCustomerId,
        keptId: customerMerges.keptCustomerId,
        mergedAt: customerMerges.mergedAt,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(customerMerges)
      .innerJoin(customers, eq(customers.id, customerMerges.keptCustomerId))
      .where(inArray(customerMerges.mergedCustomerId, ids))
      .orderBy(desc(customerMerges.id)),
  ] as const;
}

type Merge = Awaited<ReturnType<typeof customerRowsWithMerges>[1]>[number];

/** Each id's row, in the order asked; an id merged away, or never known, is a 404. */
export function requireCustomerRows(rows: CustomerRow[], merges: Merge[], ids: number[]): CustomerRow[] {
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (row) return row;
    const merge = merges.find((m) => m.mergedId === id);
    if (!merge) throw new ApiError("NOT_FOUND", `Customer #${id} not found`);
    const message = `Customer #${id} was merged into ${merge.firstName} ${merge.lastName} (#${merge.keptId}) on ${formatDate(merge.mergedAt)}`;
    throw new ApiError("NOT_FOUND", message, { details: [{ path: "mergedInto", message, value: merge.keptId }] });
  });
}

/** One customer, or the 404 above: one round trip. */
export async function requireCustomer(db: Db, id: number): Promise<CustomerRow> {
  const [rows, merges] = await db.batch(customerRowsWithMerges(db, [id]));
  return requireCustomerRows(rows, merges, [id])[0]!;
}
