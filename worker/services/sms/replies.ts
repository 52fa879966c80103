import { and, eq, gt, ne } from "drizzle-orm";
import { bookings, serviceRecords, smsOptOuts, visitConfirmations } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { manageUrl } from "../visits/book";
import { alertOwnerOfReply } from "./reply-alert";
import { sendText } from "./texts";
import type { InboundText } from "./webhooks";
import { smsWording } from "./wording";

/**
 * What a customer's reply does. The keywords are the ones carriers and Twilio treat as opting out
 * (STOP and its variants) and back in (START, UNSTOP); C and R answer a visit's reminder. Anything
 * else is a message for the owner: on the customer's timeline and in the owner's inbox.
 */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);

export type ReplyOutcome = "opted-out" | "already-opted-out" | "opted-in" | "confirmed" | "manage-link" | "to-owner";

/** "stop.", " Stop " and "STOP!" are all STOP: the word alone, whatever its case and trailing marks. */
export const keywordOf = (body: string) =>
  body
    .trim()
    .toUpperCase()
    .replace(/[.!?\s]+$/, "");

export async function answerReply(env: AppEnv, db: Db, reply: InboundText, now = Date.now()): Promise<ReplyOutcome> {
  const keyword = keywordOf(reply.body);
  if (STOP_WORDS.has(keyword)) return optOut(env, db, reply, now);
  if (START_WORDS.has(keyword)) return optIn(env, db, reply);
  const visit = keyword === "C" || keyword === "R" ? await upcomingVisit(db, reply.visitId, now) : null;
  if (visit && keyword === "C") return confirmVisit(env, db, reply, visit, now);
  if (visit && keyword === "R") return sendManageLink(env, db, reply, visit.id);
  await alertOwnerOfReply(env, db, reply);
  return "to-owner";
}

/** Every text to the number stops at once; the confirmation is sent once, not for each STOP. */
async function optOut(env: AppEnv, db: Db, reply: InboundText, now: number): Promise<ReplyOutcome> {
  const inserted = await db
    .insert(smsOptOuts)
    .values({ phone: reply.phone, optedOutAt: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ phone: smsOptOuts.phone });
  if (inserted.length === 0) return "already-opted-out";
  await sendText(env, db, { kind: "opted-out", phone: reply.phone, body: smsWording.optedOut(), customerId: reply.customerId });
  return "opted-out";
}

async function optIn(env: AppEnv, db: Db, reply: InboundText): Promise<ReplyOutcome> {
  const removed = await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, reply.phone)).returning({ phone: smsOptOuts.phone });
  if (removed.length > 0) {
    await sendText(env, db, { kind: "opted-in", phone: reply.phone, body: smsWording.optedIn(), customerId: reply.customerId });
  }
  return "opted-in";
}

type UpcomingVisit = { id: number; visitStart: string };

/** The visit the last text to this number was about, while it is still to come and not cancelled. */
async function upcomingVisit(db: Db, visitId: number | null, now: number): Promise<UpcomingVisit | null> {
  if (visitId === null) return null;
  const [visit] = await db
    .select({ id: serviceRecords.id, visitStart: serviceRecords.visitStart })
    .from(serviceRecords)
    .where(
      and(
        eq(serviceRecords.id, visitId),
        ne(serviceRecords.status, "completed"),
        gt(serviceRecords.visitStart, new Date(now).toISOString()),
      ),
    );
  return visit?.visitStart ? { id: visit.id, visitStart: visit.visitStart } : null;
}

async function confirmVisit(env: AppEnv, db: Db, reply: InboundText, visit: UpcomingVisit, now: number): Promise<ReplyOutcome> {
  const inserted = await db
    .insert(visitConfirmations)
    .values({ visitId: visit.id, confirmedAt: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ visitId: visitConfirmations.visitId });
  if (inserted.length > 0) {
    await sendText(env, db, {
      kind: "visit-confirmed",
      phone: reply.phone,
      body: smsWording.confirmed(visit.visitStart),
      customerId: reply.customerId,
      visitId: visit.id,
    });
  }
  return "confirmed";
}

/** The booking's manage link, of its current version; a visit booked without one: our number to call. */
async function sendManageLink(env: AppEnv, db: Db, reply: InboundText, visitId: number): Promise<ReplyOutcome> {
  const [booking] = await db
    .select({ reference: bookings.reference, linkVersion: bookings.linkVersion })
    .from(bookings)
    .where(and(eq(bookings.serviceRecordId, visitId), eq(bookings.status, "booked")));
  const body = booking
    ? smsWording.manageLink(await manageUrl(env, booking.reference, booking.linkVersion))
    : smsWording.callToMove();
  await sendText(env, db, { kind: "manage-link", phone: reply.phone, body, customerId: reply.customerId, visitId });
  return "manage-link";
}
