import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { customers, emailSubscribers, enquiries, orderLines, orders, serviceRecords } from "../../schema/db";
import { getDb } from "../../worker/db/client";

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export async function createEnquiry(overrides: Partial<typeof enquiries.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb(env)
    .insert(enquiries)
    .values({
      name: `Quote Person ${n}`,
      phone: "0161 496 0500",
      email: `quote${n}@example.com`,
      postcode: "M32 0AB",
      service: "boiler-repair",
      message: "Boiler losing pressure",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSubscriber(overrides: Partial<typeof emailSubscribers.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb(env)
    .insert(emailSubscribers)
    .values({
      email: `subscriber${n}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      status: "active",
      signedUpAt: new Date().toISOString(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(overrides: Partial<typeof customers.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb(env)
    .insert(customers)
    .values({ firstName: "Sam", lastName: `Customer${n}`, email: `customer${n}@example.com`, ...overrides })
    .returning();
  // Every customer made here has an address unless a test passes null (a phone-only customer).
  return row as typeof row & { email: string };
}

export async function createServiceRecord(overrides: Partial<typeof serviceRecords.$inferInsert> = {}) {
  const [row] = await getDb(env)
    .insert(serviceRecords)
    .values({ serviceType: "Annual boiler service", status: "completed", serviceDate: "2026-03-14", ...overrides })
    .returning();
  return row!;
}

type OrderOverrides = Partial<typeof orders.$inferInsert>;
type LineInput = Omit<typeof orderLines.$inferInsert, "orderId">;

/** An order with its snapshot lines; the total is the lines' sum unless given. */
export async function createOrder(overrides: OrderOverrides = {}, lines: LineInput[] = []) {
  const id = overrides.id ?? `ord_${crypto.randomUUID().replaceAll("-", "")}`;
  const totalPence = overrides.totalPence ?? lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  const db = getDb(env);
  const [order] = await db
    .insert(orders)
    .values({
      sessionId: "session_1700000000000_abcdefghijklmnopqrstuvwx",
      customerName: "Olivia Order",
      customerEmail: "olivia@example.com",
      customerPhone: "0161 496 0777",
      shippingAddress: "1 Test Street, Sale, M33 1AA",
      paymentMethod: "order_form",
      paymentStatus: "unpaid",
      number: sql`(SELECT COALESCE(MAX(${orders.number}), 10000) + 1 FROM ${orders})`,
      ...overrides,
      id,
      totalPence,
    })
    .returning();
  if (lines.length > 0) await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: id })));
  return order!;
}
