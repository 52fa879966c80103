import { env as workerEnv } from "cloudflare:workers";
import { and, eq, inArray, lt, notExists, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { oneLine } from "../../../schema/clean-text";
import { outgoingEmails } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { inJsonList } from "../../db/json-list";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { factsNow } from "../settings/business-facts";
import { addressAfterDelivery, gaveUp } from "./delivery-state";
import { withAccountLink } from "./layout";
import { enqueueEmails } from "./queue-messages";
import type { MailMessage } from "./types";

/**
 * E-mails other than campaigns, sent with retries: each is stored (queued) before the queue hears
 * of it, claimed (sending) just before the provider is called, then sent or failed. As with campaign
 * recipients, a row left `sending` becomes unknown and is never re-sent by itself, and a queued row
 * whose message went missing is enqueued again by the cron. A provider outage delays mail; it never
 * loses it.
 */
const e = outgoingEmails;

const isOwnerAddress = (to: string) =>
  to.trim().toLowerCase() === ((workerEnv as AppEnv).OWNER_EMAIL ?? factsNow().email).trim().toLowerCase();

/** The rows to insert for these messages (for a caller that writes them in its own batch). */
export const emailRows = (messages: MailMessage[]) =>
  messages.map((m) => ({
    kind: m.kind,
    to: m.to,
    // A name in a subject ("New quote from …") is one line, whatever was typed.
    subject: oneLine(m.subject),
    // Every e-mail but the owner's own notices links to the customer's account.
    ...withAccountLink(m, isOwnerAddress(m.to) ? null : siteUrl(workerEnv as AppEnv, "/account")),
    headers: JSON.stringify(m.headers ?? {}),
    attachments: JSON.stringify(m.attachments ?? []),
  }));

/**
 * Stores one message unless `taken` finds a row (the record it belongs to already has one), as a
 * statement for the caller's batch: with the record's own insert after it in the same batch, the
 * e-mail and its record are written together or not at all. RETURNING gives the id when stored.
 */
export function storeEmailUnless(db: Db, message: MailMessage, taken: SQLWrapper, nowIso: string) {
  const [row] = emailRows([message]);
  return insertWhen(db, e, { ...row!, createdAt: nowIso, updatedAt: nowIso }, { where: notExists(taken as SQL) }).returning({
    id: e.id,
  });
}

/** Hands stored rows to the queue; if that fails the cron re-drives them, so the caller never fails for it. */
export async function enqueueStoredEmails(queue: Queue, ids: number[]): Promise<void> {
  try {
    await enqueueEmails(queue, ids);
  } catch (error) {
    console.error(JSON.stringify({ mail: "enqueue", ids, error: String(error), note: "left to the cron re-enqueue" }));
  }
}

const ROWS_PER_INSERT = 10;

/** Stores the messages and queues them for sending. */
export async function queueEmails(db: Db, queue: Queue, messages: MailMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  // A row binds nine values and D1 binds at most 100 a statement: ten rows an insert, all in one batch.
  const rows = emailRows(messages);
  const inserts = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(e)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .returning({ id: e.id }),
    );
  }
  const [first, ...rest] = inserts;
  const ids = (await db.batch([first!, ...rest])).flat().map((row) => row.id);
  await enqueueStoredEmails(queue, ids);
  return ids;
}

/** Takes a queued e-mail for this delivery (queued → sending); null when another has it or it is done. */
export async function claimEmail(db: Db, id: number, nowIso: string) {
  const [row] = await db
    .update(e)
    .set({ status: "sending", attempts: sql`${e.attempts} + 1`, updatedAt: nowIso })
    .where(and(eq(e.id, id), eq(e.status, "queued")))
    .returning();
  return row ?? null;
}

/** Messages that used up their retries: their rows (if still queued) become failed. */
export async function markEmailsDeadLettered(db: Db, ids: number[], nowIso: string) {
  if (ids.length === 0) return;
  await db
    .update(e)
    .set({
      status: "failed",
      lastError: gaveUp(e),
      updatedAt: nowIso,
      to: addressAfterDelivery(e),
    })
    .where(and(inJsonList(e.id, ids), eq(e.status, "queued")));
}

/**
 * The cron's part: queued rows untouched for a while are enqueued again; rows left `sending` become
 * unknown. Answers the ids it enqueued: at most `settings.mail.enqueuePerRun` a run, the rest next run.
 */
export async function redriveStuckEmails(db: Db, queue: Queue, now = Date.now()): Promise<number[]> {
  const nowIso = new Date(now).toISOString();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const [requeued] = await db.batch([
    db
      .update(e)
      .set({ updatedAt: nowIso })
      .where(
        inArray(
          e.id,
          db
            .select({ id: e.id })
            .from(e)
            .where(and(eq(e.status, "queued"), lt(e.updatedAt, minutesAgo(settings.mail.requeueAfterMinutes))))
            .limit(settings.mail.enqueuePerRun),
        ),
      )
      .returning({ id: e.id }),
    db
      .update(e)
      .set({ status: "unknown", updatedAt: nowIso, to: addressAfterDelivery(e) })
      .where(and(eq(e.status, "sending"), lt(e.updatedAt, minutesAgo(settings.mail.sendingUnknownAfterMinutes)))),
  ]);
  const ids = requeued.map((row) => row.id);
  await enqueueStoredEmails(queue, ids);
  return ids;
}
