import { and, exists, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { customers, phoneKey } from "../../../schema/db";
import type { Db } from "../../db/client";

/**
 * Whether a customer row shares an e-mail (any letter case) or a phone number (its digits, +44 read
 * as 0) with another customer: each comparison is an index's expression (customers_email_lower,
 * customers_phone_key), so the list's flag is an index look-up per row (duplicates.ts lists them).
 */

type CustomerColumns = { id: SQLiteColumn; email: SQLiteColumn; phone: SQLiteColumn };

/** The row (of an aliased customers table) shares an e-mail or phone with another customer. */
export function hasPossibleDuplicate(db: Db, row: CustomerColumns): SQL {
  const other = alias(customers, "other_customer");
  const another = (same: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(same, ne(other.id, row.id))),
    );
  return or(
    another(sql`lower(${other.email}) = lower(${row.email})`),
    another(sql`${phoneKey(other.phone)} = ${phoneKey(row.phone)}`),
  )!;
}
