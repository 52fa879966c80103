import { and, type Column, eq, getTableColumns, getTableName, inArray, is, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { CustomerMergeResult } from "../../../schema/api/customers";
import * as schema from "../../../schema/db";
import { accountErasureRequests, customerMerges, customers, jobs } from "../../../schema/db";
import { isoNow } from "../../../schema/db/columns";
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { toAdminCustomer } from "./customers";
import { customerRowsWithMerges, requireCustomerRows } from "./merged-customers";

/**
 * Two customers made one, the owner's "Merge with another customer…": everything that points at the
 * merged customer moves to the kept one, what the kept one lacks is filled from the merged one, the
 * merge is logged (customer_merges, with the merged one's details as they were, so nothing is lost),
 * and the merged row is deleted. One D1 batch: all of it or none.
 */

/**
 * Every column that references customers.id, read from the Drizzle schema itself: today properties,
 * visits (service_records), reminders, bookings, quotes (estimates), invoices, gas safety records,
 * warning notices, service sheets and earlier merges. A table that gains a reference is moved without
 * an edit here; test/customer-merge.test.ts holds this list to the migrated database's foreign keys
 * and refuses a unique index over one of these columns (a move could break it: handle it here).
 * What hangs off those rows (credit notes, payments, job sheets, appliances) follows its parent.
 * Enquiries, orders, chats, the outbox and account sign-ins are the person's by e-mail address, not
 * by id: the kept customer's timeline finds them by the merged one's address too (customer_merges).
 */
export const customerReferences: readonly { table: SQLiteTable; column: Column; key: string }[] = (
  Object.values(schema) as unknown[]
)
  .filter((value): value is SQLiteTable => is(value, SQLiteTable))
  .flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const { columns, foreignTable } = fk.reference();
      if (foreignTable !== customers) return [];
      return columns.map((column) => {
        const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];
        return { table, column, key };
      });
    }),
  )
  // Jobs before their visits: a one-visit job follows its visit (the trigger service_records_job_place),
  // so moved first each job is moved, and counted, once.
  .sort((a, b) => Number(b.table === jobs) - Number(a.table === jobs));

/** The merged customer's value, read inside the batch (so a change made meanwhile is the one kept). */
const mergedValue = (column: Column, mergedId: number) =>
  sql`(SELECT ${column} FROM ${customers} WHERE ${customers.id} = ${mergedId})`;

/** A text the kept customer lacks (missing or blank) is the merged one's. */
const filled = (column: Column, mergedId: number) => sql`COALESCE(NULLIF(TRIM(${column}), ''), ${mergedValue(column, mergedId)})`;

/**
 * The address and postcode are one place: the kept customer takes the merged one's only when it has
 * neither, so a postcode is never put beside another house's address.
 */
const filledPlace = (column: typeof customers.address | typeof customers.postcode, mergedId: number) =>
  sql`CASE WHEN COALESCE(TRIM(${customers.address}), '') = '' AND COALESCE(TRIM(${customers.postcode}), '') = ''
    THEN ${mergedValue(column, mergedId)} ELSE ${column} END`;

/**
 * What the check before the batch found, stated again inside it, on every statement: the kept
 * customer is there and neither address has an erasure waiting. Something changed in between (the
 * kept customer erased, a request made), and the batch does nothing at all: no move without the
 * delete, and no delete (whose cascades would take the merged one's properties) without the moves.
 */
const stillMergeable = (keptId: number, mergedId: number) =>
  sql`EXISTS (SELECT 1 FROM customers k WHERE k.id = ${keptId}) AND NOT EXISTS (SELECT 1 FROM account_erasure_requests e
    WHERE e.status = 'open' AND lower(e.email) IN (SELECT lower(c.email) FROM customers c WHERE c.id IN (${keptId}, ${mergedId})))`;

function fillKeptCustomer(db: Db, keptId: number, mergedId: number) {
  return db
    .update(customers)
    .set({
      email: filled(customers.email, mergedId),
      phone: filled(customers.phone, mergedId),
      address: filledPlace(customers.address, mergedId),
      postcode: filledPlace(customers.postcode, mergedId),
      // Either was a landlord: the kept one is. Either asked for no reminders: the kept one gets none.
      isLandlord: sql`${customers.isLandlord} OR COALESCE(${mergedValue(customers.isLandlord, mergedId)}, 0)`,
      remindersOptedOutAt: sql`COALESCE(${customers.remindersOptedOutAt}, ${mergedValue(customers.remindersOptedOutAt, mergedId)})`,
    })
    .where(and(eq(customers.id, keptId), stillMergeable(keptId, mergedId)));
}

function logMerge(db: Db, keptId: number, mergedId: number) {
  return db
    .insert(customerMerges)
    .select(
      db
        // Every column of the log, in its order (Drizzle's rule for INSERT … SELECT): the id its own.
        .select({
          id: sql<number>`NULL`.as("id"),
          keptCustomerId: sql<number>`${keptId}`.as("kept_customer_id"),
          mergedCustomerId: customers.id,
          mergedFirstName: customers.firstName,
          mergedLastName: customers.lastName,
          mergedEmail: customers.email,
          mergedPhone: customers.phone,
          mergedAddress: customers.address,
          mergedPostcode: customers.postcode,
          mergedAt: sql<string>`${isoNow}`.as("merged_at"),
        })
        .from(customers)
        .where(and(eq(customers.id, mergedId), stillMergeable(keptId, mergedId))),
    )
    .returning({ id: customerMerges.id });
}

/** Refuses what must not be merged: itself, an unknown customer, a person whose erasure is waiting. */
async function requireMergeable(db: Db, keptId: number, mergedId: number) {
  if (keptId === mergedId) {
    throw new ApiError("VALIDATION_FAILED", "A customer cannot be merged with itself", {
      details: [{ path: "mergedCustomerId", message: "Choose another customer to merge with this one" }],
    });
  }
  const [erasures, rows, merges] = await db.batch([
    db
      .select({ email: accountErasureRequests.email })
      .from(accountErasureRequests)
      .where(
        sql`${accountErasureRequests.status} = 'open' AND lower(${accountErasureRequests.email}) IN (SELECT lower(${customers.email}) FROM ${customers} WHERE ${inArray(customers.id, [keptId, mergedId])})`,
      ),
    ...customerRowsWithMerges(db, [keptId, mergedId]),
  ]);
  const [kept, merged] = requireCustomerRows(rows, merges, [keptId, mergedId]);
  if (erasures.length > 0) {
    throw new ApiError(
      "CONFLICT",
      `${erasures[0]!.email} has asked for their account to be erased: settle that request before merging these customers`,
    );
  }
  return { kept: kept!, merged: merged! };
}

/** Merges customer `mergedId` into `keptId` (see the file's opening comment); answers the kept customer and what moved. */
export async function mergeCustomers(db: Db, keptId: number, mergedId: number): Promise<CustomerMergeResult> {
  const { merged } = await requireMergeable(db, keptId, mergedId);
  const moves = customerReferences.map(({ table, column, key }) =>
    db
      .update(table)
      .set({ [key]: keptId })
      .where(and(eq(column, mergedId), stillMergeable(keptId, mergedId)))
      .returning({ one: sql<number>`1` }),
  );
  const [logged, , ...rest] = await db.batch([
    logMerge(db, keptId, mergedId),
    fillKeptCustomer(db, keptId, mergedId),
    ...(moves as BatchItem<"sqlite">[]),
    db.delete(customers).where(and(eq(customers.id, mergedId), stillMergeable(keptId, mergedId))),
    db.select().from(customers).where(eq(customers.id, keptId)),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [kept] = rest.at(-1) as (typeof customers.$inferSelect)[];
  if ((logged as unknown[]).length === 0 || !kept) {
    // Changed between the check and the batch, which then did nothing: the check again says why.
    await requireMergeable(db, keptId, mergedId);
    throw new ApiError("CONFLICT", "The customers changed while they were being merged: nothing was changed, please try again");
  }
  const moved: Record<string, number> = {};
  customerReferences.forEach(({ table }, i) => {
    const n = (rest[i] as unknown[]).length;
    if (n > 0) moved[getTableName(table)] = (moved[getTableName(table)] ?? 0) + n;
  });
  return { customer: toAdminCustomer(kept), merged: { id: merged.id, name: `${merged.firstName} ${merged.lastName}` }, moved };
}
