import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { customers } from "./customers";

/**
 * Where the work happens: a customer (a landlord, an agent, a home owner) has any number of
 * properties, each with its own tenant and appliances. The customer's own address stays theirs
 * (the landlord's address printed on a gas safety record); a home owner's home is their first
 * property, made from that address when they were added (migration 0011 for those before).
 */
export const properties = sqliteTable(
  "properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    postcode: text("postcode"),
    tenantName: text("tenant_name"),
    tenantEmail: text("tenant_email"),
    tenantPhone: text("tenant_phone"),
    /** The tenant gets a copy of each gas safety record (the law asks for one within 28 days). */
    tenantGetsCopies: integer("tenant_gets_copies", { mode: "boolean" }).notNull().default(false),
    /** The landlord (or the office) lets the tenant book the gas safety check from their own account. */
    tenantMayBook: integer("tenant_may_book", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("properties_customer").on(t.customerId, t.id),
    // A tenant's homes, by the address they sign in with (any letter case): the account's first read.
    index("properties_tenant_email").on(sql`lower(${t.tenantEmail})`),
    // The gas safety list's search by a postcode's start (stored upper case, one space): a range of it.
    index("properties_postcode").on(t.postcode),
  ],
);

export const applianceTypes = ["boiler", "fire", "cooker", "hob", "water-heater", "other"] as const;
export const flueTypes = ["room-sealed", "open-flued", "flueless", "other"] as const;

/** A gas appliance at a property, checked on each gas safety record. */
export const appliances = sqliteTable(
  "appliances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** Where it is: "Kitchen", "Loft". */
    location: text("location").notNull(),
    type: text("type", { enum: applianceTypes }).notNull(),
    make: text("make"),
    model: text("model"),
    serial: text("serial"),
    flueType: text("flue_type", { enum: flueTypes }).notNull(),
    /** Not the landlord's (a tenant's own cooker): a gas safety record checks it visually only. */
    landlordOwned: integer("landlord_owned", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("appliances_property").on(t.propertyId, t.id)],
);

/**
 * What a visit's sheet and the customer's page show of an appliance (where, what, make and model),
 * as the columns of a select.
 */
export const applianceSummaryColumns = {
  propertyId: appliances.propertyId,
  location: appliances.location,
  type: appliances.type,
  make: appliances.make,
  model: appliances.model,
};
