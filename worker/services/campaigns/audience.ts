import { and, count, desc, eq, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Audience, AudienceCount } from "../../../schema/api/campaigns";
import { customers, emailSubscribers, orders, serviceRecords } from "../../../schema/db";
import { addDays, londonToday, londonToUtc } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";

const s = emailSubscribers;

/** Addresses (lower case) of customers whose latest visit names a next service due around today. */
function serviceDueAddresses(db: Db, now: number) {
  const today = londonToday(now);
  const { serviceDueDays } = settings.campaigns;
  const latest = sql`(SELECT later.id FROM ${serviceRecords} AS later WHERE later.customer_id = ${customers.id}
    ORDER BY later.service_date DESC, later.id DESC LIMIT 1)`;
  return db
    .select({ email: sql`lower(${customers.email})` })
    .from(customers)
    .innerJoin(serviceRecords, eq(serviceRecords.customerId, customers.id))
    .where(
      and(
        isNotNull(customers.email),
        eq(serviceRecords.id, latest),
        sql`${serviceRecords.nextServiceDue} BETWEEN ${addDays(today, -serviceDueDays)} AND ${addDays(today, serviceDueDays)}`,
      ),
    );
}

/** Addresses (lower case) that have paid for a store order. */
const buyerAddresses = (db: Db) =>
  db
    .select({ email: sql`lower(${orders.customerEmail})` })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "paid"), isNotNull(orders.customerEmail)));

/**
 * The audience as a condition on email_subscribers: always the active ones, and of them the
 * segment's. Subqueries, never a list of addresses: an audience of any size is one statement.
 */
export function audienceWhere(db: Db, audience: Audience, now = Date.now()): SQL {
  const active = eq(s.status, "active");
  const segment = (() => {
    switch (audience.segment) {
      case "all":
        return undefined;
      case "since":
        // From the start of that day in the UK.
        return gte(s.signedUpAt, londonToUtc(audience.since, "00:00").toISOString());
      case "source":
        return eq(s.consentSource, audience.source);
      case "service-due":
        return sql`lower(${s.email}) IN ${serviceDueAddresses(db, now)}`;
      case "buyers":
        return sql`lower(${s.email}) IN ${buyerAddresses(db)}`;
    }
  })();
  return and(active, segment)!;
}

/** How many the audience holds now, and the pages active subscribers signed up on (for the "signed up on" choice), in one round trip. */
export async function countAudience(db: Db, audience: Audience, now = Date.now()): Promise<AudienceCount> {
  const [[total], sources] = await db.batch([
    db
      .select({ count: count() })
      .from(s)
      .where(audienceWhere(db, audience, now)),
    db
      .select({ source: sql<string>`${s.consentSource}`, count: count() })
      .from(s)
      .where(and(eq(s.status, "active"), isNotNull(s.consentSource)))
      .groupBy(s.consentSource)
      .orderBy(desc(count()))
      .limit(50),
  ]);
  return { count: total?.count ?? 0, sources };
}
