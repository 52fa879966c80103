import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";
import { adminUsers } from "./team";

export const bookableServices = ["annual-service", "boiler-repair", "gas-safety", "unvented-check"] as const;
export const bookingStatuses = ["booked", "cancelled"] as const;
/** Who made the booking: the customer on /book, or the owner from the back office. */
export const bookingSources = ["online", "owner"] as const;

/**
 * A visit the customer can see and change through their link: its time (UTC), who, where, and the
 * scheduled service record it belongs to. `reference` is what the customer quotes ("BK-7KQ2MX").
 * Online bookings make one; so does a visit the owner books at a time for a customer with an
 * e-mail address, which gets the same confirmation.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull().unique(),
    /** One of `bookableServices` for an online booking; the visit's own kind ("Power Flush") for one the owner booked. */
    service: text("service").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull().default("booked"),
    source: text("source", { enum: bookingSources }).notNull().default("online"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    postcode: text("postcode").notNull(),
    address: text("address").notNull(),
    notes: text("notes"),
    cancelledAt: text("cancelled_at"),
    /** The customer's link carries this version; the owner bumps it to revoke every link given before. */
    linkVersion: integer("link_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bookings_starts_at").on(t.startsAt), index("bookings_email").on(t.email)],
);

/**
 * Each engineer's time in 15-minute cells, each held by at most one visit (a service record with a
 * time, however it was booked): a visit inserts its cells, one set per engineer assigned, in the
 * same transaction that writes it, so two visits of one engineer that overlap (the same slot, or
 * slots of different lengths) cannot both be written, whatever the timing; two engineers' cells
 * never meet. The primary key is the rule. A visit whose time is still to be agreed holds none.
 */
export const bookingCells = sqliteTable(
  "booking_cells",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id),
    cell: text("cell").notNull(),
    serviceRecordId: integer("service_record_id")
      .notNull()
      .references(() => serviceRecords.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cell] }), index("booking_cells_record").on(t.serviceRecordId)],
);
