import { and, asc, eq, inArray, isNull, lt, max, or } from "drizzle-orm";
import {
  adminDevices,
  adminSessions,
  adminSignIns,
  auditLog,
  cartItems,
  chatMessages,
  emailSubscribers,
  outbox,
  outgoingEmails,
  sheetSyncs,
} from "../../schema/db";
import { settings } from "../../schema/settings";
import type { Db } from "../db/client";

/**
 * How long the product keeps what it collects (schema/settings.ts, also stated on the privacy
 * page), enforced by the cron. Each purge is one statement and safe to run twice.
 */
const { retention } = settings;

const daysAgo = (now: number, days: number) => new Date(now - days * 86_400_000).toISOString();
const monthsAgo = (now: number, months: number) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
};

/** Empties carts nobody has touched for 30 days. */
export async function purgeStaleCarts(db: Db, now = Date.now()) {
  const staleSessions = db
    .select({ sessionId: cartItems.sessionId })
    .from(cartItems)
    .groupBy(cartItems.sessionId)
    .having(lt(max(cartItems.updatedAt), daysAgo(now, retention.cartDays)));
  const deleted = await db.delete(cartItems).where(inArray(cartItems.sessionId, staleSessions)).returning({ id: cartItems.id });
  return deleted.length;
}

/** Deletes chat conversations whose last message is over 12 months old. */
export async function purgeOldChats(db: Db, now = Date.now()) {
  const oldSessions = db
    .select({ sessionId: chatMessages.sessionId })
    .from(chatMessages)
    .groupBy(chatMessages.sessionId)
    .having(lt(max(chatMessages.createdAt), monthsAgo(now, retention.chatMonths)));
  const deleted = await db
    .delete(chatMessages)
    .where(inArray(chatMessages.sessionId, oldSessions))
    .returning({ id: chatMessages.id });
  return deleted.length;
}

/** Local copies of e-mail (the outbox, and stored e-mails once sent or given up on) after 90 days. */
export async function purgeOldMail(db: Db, now = Date.now()) {
  const cutoff = daysAgo(now, retention.outboxDays);
  const [copies, stored] = await db.batch([
    db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id }),
    db
      .delete(outgoingEmails)
      .where(and(lt(outgoingEmails.createdAt, cutoff), inArray(outgoingEmails.status, ["sent", "failed", "unknown"])))
      .returning({ id: outgoingEmails.id }),
  ]);
  return copies.length + stored.length;
}

/** Sign-up requests nobody confirmed within 30 days: the address was never on the list. */
export async function purgeUnconfirmedSignups(db: Db, now = Date.now()) {
  const deleted = await db
    .delete(emailSubscribers)
    .where(
      and(
        eq(emailSubscribers.status, "pending"),
        isNull(emailSubscribers.confirmedAt),
        lt(emailSubscribers.signedUpAt, daysAgo(now, retention.pendingSignupDays)),
      ),
    )
    .returning({ id: emailSubscribers.id });
  return deleted.length;
}

/**
 * The back office's own records: expired sessions (a day's grace keeps logs readable), sign-in
 * records past their keeping time, and devices revoked or unused for their lifetime.
 */
export async function purgeAdminRecords(db: Db, now = Date.now()) {
  const deviceCutoff = daysAgo(now, settings.adminLogin.deviceDays);
  await db.batch([
    db.delete(adminSessions).where(lt(adminSessions.expiresAt, daysAgo(now, 1))),
    db.delete(adminSignIns).where(lt(adminSignIns.createdAt, daysAgo(now, retention.signInDays))),
    db.delete(adminDevices).where(or(lt(adminDevices.lastUsedAt, deviceCutoff), lt(adminDevices.revokedAt, deviceCutoff))),
    // A phone retries a lost sync within minutes or days, never a month later.
    db.delete(sheetSyncs).where(lt(sheetSyncs.createdAt, daysAgo(now, 30))),
  ]);
}

/** How many audit entries one cron run deletes: a bounded statement, 60,000 an hour at most. */
export const AUDIT_PRUNE_PER_RUN = 5_000;

const yearsAgo = (now: number, years: number) => monthsAgo(now, years * 12);

/**
 * Who-did-what entries past six years, the oldest first, a share per run (one statement, however
 * many are due: a first run after years of history never holds the cron past D1's limits).
 */
export async function pruneAuditLog(db: Db, now = Date.now()) {
  const deleted = await db
    .delete(auditLog)
    .where(
      inArray(
        auditLog.id,
        db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(lt(auditLog.at, yearsAgo(now, retention.auditYears)))
          .orderBy(asc(auditLog.at), asc(auditLog.id))
          .limit(AUDIT_PRUNE_PER_RUN),
      ),
    )
    .returning({ id: auditLog.id });
  return deleted.length;
}
