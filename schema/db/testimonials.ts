import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { consentMethods } from "../api/testimonials";
import { createdAt, updatedAt } from "./columns";

/**
 * What customers said, as the owner entered it from where they said it (issue 49 item 5): the
 * words, the name the site shows, the source and the date given, and the customer's consent to
 * publish (when and how). The site shows only those published with consent (worker/services/
 * testimonials/); `customer_email` (never shown) lets an erasure request find the customer's own.
 */
export const testimonials = sqliteTable(
  "testimonials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    words: text("words").notNull(),
    /** As the site shows it: "Sarah, Stockport". */
    shownName: text("shown_name").notNull(),
    /** Where it was said: "Google review", "Checkatrade", "E-mail to us". */
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    /** The day the customer gave it (YYYY-MM-DD, London). */
    givenOn: text("given_on").notNull(),
    /** The day the customer agreed to its publication; null: no consent recorded. */
    consentOn: text("consent_on"),
    consentMethod: text("consent_method", { enum: consentMethods }),
    customerEmail: text("customer_email"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The site's read: the published ones, newest given first.
    index("testimonials_published").on(t.givenOn).where(sql`is_published = 1 AND consent_on IS NOT NULL`),
  ],
);
