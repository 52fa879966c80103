import { type SQL, sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, isoNow } from "./columns";

/**
 * A phone number as the duplicate check compares it: digits only, and a UK number given with +44
 * (with or without its 0 in brackets) read as its 0 form, so "07700 900123" and "+44 7700 900123"
 * are one number. The same expression is the index `customers_phone_key`, so a query written with
 * it finds the other customers with a number from the index (SQLite matches indexed expressions
 * as written). The phone field admits only digits, spaces, brackets, hyphens and a plus.
 */
export function phoneKey(phone: AnySQLiteColumn | SQL): SQL {
  const digits = sql`replace(replace(replace(replace(replace(${phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;
  return sql`(CASE WHEN substr(${digits}, 1, 3) = '440' THEN substr(${digits}, 3) WHEN substr(${digits}, 1, 2) = '44' THEN '0' || substr(${digits}, 3) ELSE ${digits} END)`;
}

/**
 * The people the business works for. Searched through the trigram FTS table `customers_search`
 * (migration 0003), so any part of a name, e-mail, phone number or postcode finds them.
 */
export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** At least one of e-mail and phone (many boiler customers only give a phone number). */
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    postcode: text("postcode"),
    /** A landlord must renew each property's gas safety certificate (CP12) every 12 months. */
    isLandlord: integer("is_landlord", { mode: "boolean" }).notNull().default(false),
    /** Set when the customer asked (through the link in a reminder) not to get service reminders. */
    remindersOptedOutAt: text("reminders_opted_out_at"),
    /**
     * Why the owner should look at this customer before trusting it: an online booking that gave a
     * known customer's e-mail with another name or address becomes a customer of its own, marked
     * here, and never writes into the known customer's history. Cleared by "Mark as checked".
     */
    checkReason: text("check_reason"),
    /**
     * How the customer wants service messages (booking confirmations, reminders, moves): e-mail,
     * text or both. Texts go only to a mobile number (worker/services/sms/phone.ts).
     */
    // Written as SQL, so an insert that leaves it out binds no parameter for it (D1's 100 a statement).
    contactChannel: text("contact_channel", { enum: ["email", "text", "both"] })
      .notNull()
      .default(sql`'email'`),
    createdAt: createdAt(),
  },
  (t) => [
    index("customers_email").on(t.email),
    // The customer on file for an address, whatever its letter case (a quote's, a booking's).
    index("customers_email_lower").on(sql`lower(${t.email})`),
    // The other customers with the same phone number (the list's "Possible duplicate").
    index("customers_phone_key").on(phoneKey(t.phone)),
    index("customers_name").on(t.lastName, t.firstName),
  ],
);

/**
 * Two customers made one (worker/services/customers/merge.ts): the customer kept, and the one merged
 * into it as it was, whole, since its row is gone. The kept customer's timeline shows it, with the
 * merged one's details that were not kept (a second e-mail address, another phone); the merged one's
 * id answers with the customer it became. A later merge of the kept customer carries these along.
 */
export const customerMerges = sqliteTable(
  "customer_merges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    keptCustomerId: integer("kept_customer_id")
      .notNull()
      .references((): AnySQLiteColumn => customers.id, { onDelete: "cascade" }),
    /** No reference: the row it named is deleted by the merge. */
    mergedCustomerId: integer("merged_customer_id").notNull(),
    mergedFirstName: text("merged_first_name").notNull(),
    mergedLastName: text("merged_last_name").notNull(),
    mergedEmail: text("merged_email"),
    mergedPhone: text("merged_phone"),
    mergedAddress: text("merged_address"),
    mergedPostcode: text("merged_postcode"),
    mergedAt: text("merged_at").notNull().default(isoNow),
  },
  (t) => [
    index("customer_merges_kept").on(t.keptCustomerId, t.mergedAt),
    index("customer_merges_merged").on(t.mergedCustomerId),
    index("customer_merges_email").on(sql`lower(${t.mergedEmail})`),
  ],
);
