import { or, type SQL, sql } from "drizzle-orm";
import { customers, phoneKey, smsMessages, smsOptOuts } from "../../../schema/db";
import type { Db } from "../../db/client";

/**
 * An account's texts and its numbers on the STOP list, as the erasure plan
 * (worker/services/account/erasure-plan.ts) deletes them: `customerIds` and `visitIds` are its
 * subqueries of the account's customers and visits. A number opted out is found by the customers'
 * numbers, read as the duplicate check reads them (E.164 and 0… alike).
 */
type Rows = { getSQL(): SQL };

export const textsOfAccount = (customerIds: Rows, visitIds: Rows) =>
  or(sql`${smsMessages.customerId} IN ${customerIds}`, sql`${smsMessages.visitId} IN ${visitIds}`)!;

export const optOutsOfAccount = (db: Db, customerIds: Rows) =>
  sql`${phoneKey(smsOptOuts.phone)} IN ${db
    .select({ key: phoneKey(customers.phone) })
    .from(customers)
    .where(sql`${customers.id} IN ${customerIds}`)}`;
