// Turns the demo data into SQL statements for local D1.
//
// Why every insert is guarded by sqlite_sequence: each seeded row has a fixed id, and it is inserted
// only while the table's AUTOINCREMENT high-water mark is below that id. A second run therefore
// inserts nothing, and a demo row the owner deleted in the back office does not come back on the
// next `npm start` (the high-water mark never goes down). INSERT OR IGNORE additionally leaves any
// row that already holds the id (or a unique e-mail) untouched, so owner data is never overwritten.
import { boilerService } from "../../schema/business.ts";
import { urgentReason } from "../../schema/triage.ts";
import { appliances, customers, homeOf, landlords, properties, propertyOfRecord, serviceRecords } from "./customers.mjs";
import { quotes, subscribers } from "./leads.mjs";
import { chatMessages, chatSessionId, chatStartsAt, orders } from "./orders.mjs";
import { productImage, products, stockOf } from "./products.mjs";

const DAY_MS = 86_400_000;

/** A SQL literal: strings quoted with '' escaping, booleans as 0/1, null as NULL. */
export function sqlValue(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

const highWater = (table) => `COALESCE((SELECT seq FROM sqlite_sequence WHERE name = '${table}'), 0)`;

/** A value computed by SQL in the insert itself (an order's number: the next after the highest). */
const computed = (sql) => ({ computedSql: sql });

function guardedInsert(table, row, guard = `${highWater(table)} < ${row.id}`) {
  const columns = Object.keys(row);
  const values = columns.map((c) => (row[c]?.computedSql ? `(${row[c].computedSql})` : sqlValue(row[c])));
  return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} WHERE ${guard};`;
}

/** Dates relative to `today` (the first seed run): offsets in days, times "HH:MM" in UTC. */
function clock(today) {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const at = (days, time = "09:00", extraSeconds = 0) => {
    const [h, m] = time.split(":").map(Number);
    return new Date(midnight + days * DAY_MS + ((h * 60 + m) * 60 + extraSeconds) * 1000).toISOString();
  };
  return { at, date: (days) => at(days).slice(0, 10), pair: (p, extraSeconds = 0) => (p ? at(p[0], p[1], extraSeconds) : null) };
}

export function seedStatements(today = new Date()) {
  const { at, date, pair } = clock(today);
  const byId = new Map(products.map((p) => [p.id, p]));
  const statements = [];

  for (const p of products) {
    statements.push(
      guardedInsert("products", {
        id: p.id,
        name: p.name,
        description: p.description,
        price_pence: p.pricePence,
        original_price_pence: p.originalPricePence,
        image: productImage(p.slug),
        condition: p.condition,
        brand: p.brand,
        category: p.category,
        in_stock: p.inStock,
        rating: p.rating,
        stock_quantity: stockOf(p),
        created_at: at(-p.addedDaysAgo, "09:00"),
      }),
    );
  }

  for (const c of customers) {
    statements.push(
      guardedInsert("customers", {
        id: c.id,
        first_name: c.firstName,
        last_name: c.lastName,
        email: c.email,
        phone: c.phone,
        address: homeOf(c.id)?.[0] ?? null,
        postcode: homeOf(c.id)?.[1] ?? null,
        is_landlord: landlords.has(c.id),
        created_at: at(-c.addedDaysAgo, "10:30"),
      }),
    );
  }

  /** SQL giving `what` when property `id` is the demo's (its customer the demo customer), else NULL. */
  const demoProperty = (id, what) => {
    const owner = customers.find((c) => c.id === properties.find((p) => p.id === id).customerId);
    return `(SELECT ${what} FROM properties p JOIN customers c ON c.id = p.customer_id WHERE p.id = ${id} AND c.email = ${sqlValue(owner.email)})`;
  };
  for (const p of properties) {
    const owner = customers.find((c) => c.id === p.customerId);
    // Only for the demo customer itself (the owner's own customer may hold an id the demo skipped).
    const ownerIsDemo = `EXISTS (SELECT 1 FROM customers WHERE id = ${p.customerId} AND email = ${sqlValue(owner.email)})`;
    statements.push(
      guardedInsert(
        "properties",
        {
          id: p.id,
          customer_id: p.customerId,
          address: p.address,
          postcode: p.postcode,
          tenant_name: p.tenant?.name ?? null,
          tenant_email: p.tenant?.email ?? null,
          tenant_phone: p.tenant?.phone ?? null,
          tenant_gets_copies: Boolean(p.tenant),
          created_at: at(-owner.addedDaysAgo, "10:31"),
        },
        `${highWater("properties")} < ${p.id} AND ${ownerIsDemo}`,
      ),
    );
  }

  for (const a of appliances) {
    statements.push(
      guardedInsert(
        "appliances",
        {
          id: a.id,
          property_id: a.propertyId,
          location: a.location,
          type: a.type,
          make: a.make,
          model: a.model,
          serial: null,
          flue_type: a.flueType,
          landlord_owned: true,
          created_at: at(-60, "11:00"),
        },
        `${highWater("appliances")} < ${a.id} AND ${demoProperty(a.propertyId, "1")} IS NOT NULL`,
      ),
    );
  }

  for (const r of serviceRecords) {
    statements.push(
      guardedInsert("service_records", {
        id: r.id,
        customer_id: r.customerId,
        // The demo property if it is there (it is not when the owner's data came first).
        property_id: r.customerId === null ? null : computed(demoProperty(propertyOfRecord(r), "p.id")),
        service_type: r.serviceType,
        equipment_type: r.equipmentType,
        equipment_model: r.equipmentModel,
        status: r.status,
        service_date: date(r.day),
        technician_name: r.technicianName,
        cost_pence: r.costPence,
        work_completed: r.workCompleted,
        parts_used: r.partsUsed,
        next_service_due: r.due === null ? null : date(r.due),
        description: r.description,
        notes: r.notes,
        created_at: at(Math.min(r.day, 0) - 7, "16:00"),
      }),
    );
  }

  for (const q of quotes) {
    statements.push(
      guardedInsert("quotes", {
        id: q.id,
        name: q.name,
        phone: q.phone,
        email: q.email,
        postcode: q.postcode,
        service: q.service,
        message: q.message,
        // Triaged as a request arriving on the site is (schema/triage.ts).
        urgent_reason: urgentReason(q.message),
        is_read: q.isRead,
        replied_at: pair(q.repliedAt),
        created_at: pair(q.at),
      }),
    );
  }

  for (const s of subscribers) {
    statements.push(
      guardedInsert("email_subscribers", {
        id: s.id,
        email: s.email,
        status: s.unsubscribed !== null ? "unsubscribed" : s.pending ? "pending" : "active",
        signed_up_at: pair(s.signedUp),
        confirmed_at: s.pending ? null : pair(s.signedUp, 300),
        confirmation_requested_at: s.pending ? pair(s.signedUp) : null,
        unsubscribed_at: pair(s.unsubscribed),
        consent_source: s.source,
        consent_text: s.consentText,
      }),
    );
  }

  // Orders have text ids, so the order_lines sequence stands guard for both: an order goes in only
  // while its first line's id is still unused, i.e. on the first run.
  let lineId = 0;
  const byPlacement = [...orders].sort((a, b) => a.at[0] - b.at[0] || a.at[1].localeCompare(b.at[1]));
  for (const o of byPlacement) {
    const lines = o.lines.map((l) => {
      const product = byId.get(l.productId);
      if (!product) throw new Error(`order ${o.id} names unknown product ${l.productId}`);
      lineId += 1;
      return { id: lineId, product, quantity: l.quantity };
    });
    const totalPence = lines.reduce((sum, l) => sum + l.product.pricePence * l.quantity, 0);
    const createdAt = pair(o.at);
    statements.push(
      guardedInsert(
        "orders",
        {
          id: o.id,
          // Numbered as the shop numbers its orders (NS-10001 on), in the order they were placed.
          number: computed("SELECT COALESCE(MAX(number), 10000) + 1 FROM orders"),
          session_id: o.sessionId,
          customer_name: o.customerName,
          customer_email: o.customerEmail,
          customer_phone: o.customerPhone,
          shipping_address: o.shippingAddress,
          notes: o.notes,
          total_pence: totalPence,
          payment_method: o.paymentMethod,
          payment_status: o.paymentStatus,
          fulfilment_status: o.fulfilmentStatus,
          stripe_session_id: o.stripeSessionId,
          paid_at: pair(o.paidAt),
          created_at: createdAt,
          updated_at: pair(o.paidAt) ?? createdAt,
        },
        `${highWater("order_lines")} < ${lines[0].id}`,
      ),
      ...lines.map((l) =>
        guardedInsert("order_lines", {
          id: l.id,
          order_id: o.id,
          product_id: l.product.id,
          name: l.product.name,
          brand: l.product.brand,
          image: productImage(l.product.slug),
          unit_price_pence: l.product.pricePence,
          quantity: l.quantity,
        }),
      ),
    );
  }

  chatMessages.forEach(([seconds, sender, message], i) => {
    const sentAt = pair(chatStartsAt, seconds);
    statements.push(
      guardedInsert("chat_messages", {
        id: i + 1,
        session_id: chatSessionId,
        message,
        sender,
        timestamp: sentAt,
        created_at: sentAt,
      }),
    );
  });

  // The owner's facts start as schema/business.ts; the demo's summer service offer runs in this
  // year's summer (the row holds only what differs; a row the owner saved is left alone).
  const year = today.getUTCFullYear();
  const offers = [
    {
      id: "summer-service",
      title: "Summer Sale",
      text: "Get your boiler serviced before the winter rush",
      pricePence: boilerService.summerOfferPence,
      wasPence: boilerService.summerNormallyPence,
      startsAt: `${year}-06-01`,
      endsAt: `${year}-08-31`,
    },
  ];
  // The spec's rating (4.9 from 200+ reviews), entered as the owner would: where it is and the day it
  // was read. Google does not check that a reviewer was a customer, so the pages do not say "verified".
  const rating = { value: 4.9, count: 200, source: "Google", checkedOn: date(-7), verified: false };
  statements.push(
    `INSERT OR IGNORE INTO settings (key, value) VALUES ('facts', ${sqlValue(JSON.stringify({ offers, rating }))});`,
  );
  return statements;
}
