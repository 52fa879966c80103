import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { customers, quoteEvents, quotes } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { enqueueStoredEmails, storeEmailUnless } from "../mail/deliveries";
import { quoteFollowUpEmail } from "./emails";
import { quoteLink } from "./quotes";

/**
 * Follow-ups of sent quotes nobody has answered: one e-mail 3 days after sending and one after 7,
 * each once (its event is written with its e-mail in one batch, and the e-mail only while no such
 * event exists and the quote is still open), never after acceptance, decline or expiry, and not for
 * a quote whose follow-ups the owner turned off. At most `PER_RUN` a run; the cron runs often.
 */
const PER_RUN = 50;
const DAY = 86_400_000;

export async function followUpQuotes(env: AppEnv, db: Db, now = Date.now()): Promise<number> {
  const today = londonToday(now);
  const reminded = (day: 3 | 7) =>
    sql`EXISTS (SELECT 1 FROM ${quoteEvents} WHERE ${quoteEvents.quoteId} = ${quotes.id}
      AND ${quoteEvents.kind} = 'reminded' AND ${quoteEvents.detail} = ${`day ${day}`})`;
  const threeDays = new Date(now - 3 * DAY).toISOString();
  const sevenDays = new Date(now - 7 * DAY).toISOString();
  const due = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      validUntil: quotes.validUntil,
      sentAt: quotes.sentAt,
      sentVersion: quotes.sentVersion,
      linkVersion: quotes.linkVersion,
      firstName: customers.firstName,
      email: customers.email,
    })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .where(
      and(
        eq(quotes.followUps, true),
        inArray(quotes.status, ["sent", "viewed"]),
        sql`${quotes.validUntil} >= ${today}`,
        isNotNull(customers.email),
        lte(quotes.sentAt, threeDays),
        sql`((${quotes.sentAt} > ${sevenDays} AND NOT ${reminded(3)}) OR (${quotes.sentAt} <= ${sevenDays} AND NOT ${reminded(7)}))`,
      ),
    )
    .limit(PER_RUN);
  if (due.length === 0) return 0;
  const nowIso = new Date(now).toISOString();
  const statements = await Promise.all(
    due.map(async (q) => {
      const day = q.sentAt! <= sevenDays ? 7 : 3;
      const message = quoteFollowUpEmail({
        to: q.email!,
        name: q.firstName,
        number: numberText("estimate", q.number!),
        title: q.title,
        validUntil: q.validUntil,
        url: siteUrl(env, await quoteLink(env, q.id, q.sentVersion!, q.linkVersion)),
        last: day === 7,
      });
      // Taken: this follow-up went already, or the quote was answered since it was read.
      const taken = sql`(SELECT 1 WHERE EXISTS (SELECT 1 FROM ${quoteEvents} WHERE ${quoteEvents.quoteId} = ${q.id}
        AND ${quoteEvents.kind} = 'reminded' AND ${quoteEvents.detail} = ${`day ${day}`})
        OR NOT EXISTS (SELECT 1 FROM ${quotes} WHERE ${quotes.id} = ${q.id} AND ${quotes.status} IN ('sent', 'viewed')))`;
      return [
        storeEmailUnless(db, message, taken, nowIso),
        db.insert(quoteEvents).select(
          db
            .select({
              id: sql<number>`NULL`.as("id"),
              quoteId: sql<number>`${q.id}`.as("estimate_id"),
              kind: sql<"reminded">`'reminded'`.as("kind"),
              detail: sql<string>`${`day ${day}`}`.as("detail"),
              at: sql<string>`${nowIso}`.as("at"),
            })
            .from(sql`(SELECT 1)`)
            .where(sql`changes() = 1`),
        ),
      ] as const;
    }),
  );
  const [first, ...rest] = statements.flat();
  const results = await db.batch([first!, ...rest]);
  const ids = results.flatMap((r, i) => (i % 2 === 0 ? (r as { id: number }[]).map((row) => row.id) : []));
  await enqueueStoredEmails(env.MAIL_QUEUE, ids);
  return ids.length;
}
