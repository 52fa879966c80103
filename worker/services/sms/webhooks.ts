import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { customers, phoneKey, type SmsStatus, smsMessages } from "../../../schema/db";
import type { Db } from "../../db/client";
import { phoneKeyOf, textableNumber } from "./phone";
import { countSegments } from "./segments";

/**
 * What Twilio tells the Worker, each recorded once: its webhooks are retried when an answer is slow,
 * so the same MessageSid may arrive twice, and callbacks of one message may arrive out of order.
 */

/** How far along an outgoing text is: a state never goes back (a late "sent" after "delivered" is ignored). */
const progress: Partial<Record<SmsStatus, number>> = { queued: 0, sending: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };

const progressOf = (column: typeof smsMessages.status) =>
  sql`CASE ${column} WHEN 'queued' THEN 0 WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 ELSE 3 END`;

/** A status callback (MessageSid, MessageStatus, ErrorCode): true when it moved the text on. */
export async function recordDeliveryStatus(db: Db, params: URLSearchParams): Promise<boolean> {
  const sid = params.get("MessageSid");
  const status = params.get("MessageStatus") as SmsStatus | null;
  const rank = status ? progress[status] : undefined;
  // Twilio's other states (accepted, scheduled, read, canceled…) say nothing this product shows.
  if (!sid || !status || rank === undefined) return false;
  const changed = await db
    .update(smsMessages)
    .set({ status, errorCode: params.get("ErrorCode") || null, updatedAt: new Date().toISOString() })
    .where(
      and(eq(smsMessages.providerSid, sid), eq(smsMessages.direction, "out"), sql`${progressOf(smsMessages.status)} < ${rank}`),
    )
    .returning({ id: smsMessages.id });
  return changed.length > 0;
}

export type InboundText = { id: number; phone: string; body: string; customerId: number | null; visitId: number | null };

/**
 * Who a reply is from and what it answers: the last text sent to that number (its customer and
 * visit: a tenant's reply answers the visit texted to the tenant), else the newest customer with
 * that number on file.
 */
async function replyContext(db: Db, phone: string) {
  const [[lastText], [customer]] = await db.batch([
    db
      .select({ customerId: smsMessages.customerId, visitId: smsMessages.visitId })
      .from(smsMessages)
      .where(and(eq(smsMessages.phone, phone), eq(smsMessages.direction, "out"), isNotNull(smsMessages.customerId)))
      .orderBy(desc(smsMessages.id))
      .limit(1),
    db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(phoneKey(customers.phone), phoneKeyOf(phone)))
      .orderBy(desc(customers.id))
      .limit(1),
  ]);
  return { customerId: lastText?.customerId ?? customer?.id ?? null, visitId: lastText?.visitId ?? null };
}

/** An incoming text (MessageSid, From, Body), stored once: null when this MessageSid was seen before. */
export async function recordInbound(db: Db, params: URLSearchParams): Promise<InboundText | null> {
  const sid = params.get("MessageSid");
  const from = params.get("From");
  if (!sid || !from) return null;
  const number = textableNumber(from);
  const phone = number.ok ? number.e164 : from;
  const body = params.get("Body") ?? "";
  const context = await replyContext(db, phone);
  const [row] = await db
    .insert(smsMessages)
    .values({
      direction: "in",
      kind: "reply",
      phone,
      body,
      segments: Number(params.get("NumSegments")) || countSegments(body).segments,
      status: "received",
      providerSid: sid,
      ...context,
    })
    .onConflictDoNothing({ target: smsMessages.providerSid })
    .returning({ id: smsMessages.id });
  return row ? { id: row.id, phone, body, ...context } : null;
}
