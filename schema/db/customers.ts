import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

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
    createdAt: createdAt(),
  },
  (t) => [
    index("customers_email").on(t.email),
    // The customer on file for an address, whatever its letter case (a quote's, a booking's).
    index("customers_email_lower").on(sql`lower(${t.email})`),
    index("customers_name").on(t.lastName, t.firstName),
  ],
);
