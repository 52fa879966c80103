import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminErasureRequest } from "../../../schema/api/account";
import {
  accountErasureRequests,
  accountSessions,
  accountSignInLinks,
  bookings,
  chatMessages,
  customers,
  emailSubscribers,
  estimates,
  gasSafetyRecords,
  invoices,
  outgoingEmails,
  quotes,
  serviceSheets,
  warningNotices,
} from "../../../schema/db";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import type { MailMessage } from "../mail";
import { erasureSettledMail } from "../mail/account-emails";
import { accountChats, ofAccount } from "./sessions";

/**
 * The owner settles a customer's "Delete my account" (UK GDPR's right to erasure, which yields to
 * records the law requires). Erasing, in one D1 batch:
 * - a customer with no record that must be kept (an issued invoice, a gas safety record, warning
 *   notice or service sheet, an accepted quote) is deleted, with their properties and appliances;
 * - one with such records keeps their name and address (they are on those records) and loses their
 *   e-mail address and phone number, and every reminder;
 * - the deals list entry, the quote requests (and the chats handed over with them), the bookings'
 *   contact details, the local copies of e-mails sent to the address, and every sign-in link and
 *   session go.
 * Shop orders stay: they are the business's accounting records (six years).
 */
const req = accountErasureRequests;

export async function listErasureRequests(db: Db): Promise<AdminErasureRequest[]> {
  const rows = await db
    .select({
      id: req.id,
      email: req.email,
      status: req.status,
      reason: req.reason,
      requestedAt: req.requestedAt,
      settledAt: req.settledAt,
      outcome: req.outcome,
      // The outer row's address, named with its table: inside the subquery a bare "email" is the customer's.
      customers: sql<number>`(SELECT COUNT(*) FROM ${customers} WHERE lower(${customers.email}) = ${sql.raw('"account_erasure_requests"."email"')})`,
    })
    .from(req)
    .orderBy(sql`${req.status} = 'open' DESC`, desc(req.requestedAt))
    .limit(100);
  return rows;
}

async function openRequest(db: Db, id: number) {
  const [row] = await db.select().from(req).where(eq(req.id, id));
  if (!row) throw notFound("Deletion request");
  if (row.status !== "open") throw new ApiError("CONFLICT", "This request has already been settled.");
  return row;
}

/**
 * The account's customers with a record that must be kept, as a subquery. Inside each EXISTS the
 * customer is named with its table: a bare "id" there would be the inner table's own.
 */
const customerId = sql.raw('"customers"."id"');
const keptFor = (email: string) => sql`SELECT ${customers.id} FROM ${customers} WHERE ${ofAccount(email)} AND (
  EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.customerId} = ${customerId} AND ${invoices.status} <> 'draft')
  OR EXISTS (SELECT 1 FROM ${gasSafetyRecords} WHERE ${gasSafetyRecords.customerId} = ${customerId} AND ${gasSafetyRecords.status} = 'issued')
  OR EXISTS (SELECT 1 FROM ${warningNotices} WHERE ${warningNotices.customerId} = ${customerId})
  OR EXISTS (SELECT 1 FROM ${serviceSheets} WHERE ${serviceSheets.customerId} = ${customerId} AND ${serviceSheets.status} = 'issued')
  OR EXISTS (SELECT 1 FROM ${estimates} WHERE ${estimates.customerId} = ${customerId} AND ${estimates.status} = 'accepted'))`;

export async function eraseAccount(db: Db, id: number): Promise<{ request: AdminErasureRequest; mails: MailMessage[] }> {
  const request = await openRequest(db, id);
  const email = request.email;
  const account = ofAccount(email);
  const [[counts]] = await db.batch([
    db
      .select({
        all: sql<number>`(SELECT COUNT(*) FROM ${customers} WHERE ${account})`,
        kept: sql<number>`(SELECT COUNT(*) FROM (${keptFor(email)}))`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  const kept = counts?.kept ?? 0;
  const deleted = (counts?.all ?? 0) - kept;
  const outcome =
    kept > 0
      ? `We have deleted your details, except your name and address on the invoices and safety records the law requires us to keep (invoices for six years, gas safety records for at least two). Your e-mail address and phone number are gone, and you will get no more e-mails from us.`
      : "We have deleted your account and everything we held about you, except shop orders, which we keep for six years as the law requires.";
  const settledAt = new Date().toISOString();
  // The customer hears the outcome at the address, sent before the address is forgotten.
  const mails = [erasureSettledMail(email, true, outcome)];
  const handedOver = accountChats(db, email);
  await db.batch([
    db.delete(customers).where(and(account, sql`${customers.id} NOT IN (${keptFor(email)})`)),
    db
      .update(customers)
      .set({ email: null, phone: null, remindersOptedOutAt: settledAt })
      .where(and(account, sql`${customers.id} IN (${keptFor(email)})`)),
    db.delete(emailSubscribers).where(eq(emailSubscribers.email, email)),
    // The chats handed over from the address first: their call-backs, which name them, go next.
    db.delete(chatMessages).where(inArray(chatMessages.sessionId, handedOver)),
    db.delete(quotes).where(sql`lower(${quotes.email}) = ${email}`),
    db.update(bookings).set({ email: "", phone: "", notes: null }).where(sql`lower(${bookings.email}) = ${email}`),
    // The mail log's copies: to the address, and the owner's notices that name it (the quote, the
    // booking, this request). One pass over the log either way.
    db
      .delete(outgoingEmails)
      .where(
        sql`lower(${outgoingEmails.to}) = ${email} OR instr(lower(${outgoingEmails.subject}), ${email}) > 0 OR instr(lower(${outgoingEmails.text}), ${email}) > 0`,
      ),
    db.delete(accountSignInLinks).where(eq(accountSignInLinks.email, email)),
    db.delete(accountSessions).where(eq(accountSessions.email, email)),
    db
      .update(req)
      .set({
        status: "done",
        settledAt,
        outcome: `Erased: ${deleted} customer record(s) deleted, ${kept} kept without contact details for the records the law requires.`,
      })
      .where(and(eq(req.id, id), eq(req.status, "open"))),
  ]);
  const [after] = (await listErasureRequests(db)).filter((r) => r.id === id);
  return { request: after!, mails };
}

export async function refuseErasure(
  db: Db,
  id: number,
  outcome: string,
): Promise<{ request: AdminErasureRequest; mails: MailMessage[] }> {
  const request = await openRequest(db, id);
  await db
    .update(req)
    .set({ status: "refused", settledAt: new Date().toISOString(), outcome })
    .where(and(eq(req.id, id), eq(req.status, "open")));
  const [after] = (await listErasureRequests(db)).filter((r) => r.id === id);
  return { request: after!, mails: [erasureSettledMail(request.email, false, outcome)] };
}
