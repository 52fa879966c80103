import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { customers, serviceRecords } from "./crm";

export const bookableServices = ["annual-service", "boiler-repair", "gas-safety"] as const;
export const bookingStatuses = ["booked", "cancelled"] as const;

/**
 * A visit a customer booked online: its time (UTC), who, where, and the scheduled service record it
 * made. `reference` is what the customer quotes ("BK-7KQ2MX").
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull().unique(),
    service: text("service", { enum: bookableServices }).notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull().default("booked"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    postcode: text("postcode").notNull(),
    address: text("address").notNull(),
    notes: text("notes"),
    cancelledAt: text("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bookings_starts_at").on(t.startsAt), index("bookings_email").on(t.email)],
);

/**
 * The engineer's time in 15-minute cells, each held by at most one booking: a booking inserts the
 * cells of its visit in the same transaction, so two bookings that overlap (the same slot, or
 * slots of different lengths) cannot both succeed, whatever the timing. The primary key is the rule.
 */
export const bookingCells = sqliteTable("booking_cells", {
  cell: text("cell").primaryKey(),
  bookingId: integer("booking_id")
    .notNull()
    .references(() => bookings.id, { onDelete: "cascade" }),
});
