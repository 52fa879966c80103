import { and, count, desc, eq, sql } from "drizzle-orm";
import type { AdminErasureRequest } from "../../../schema/api/account";
import { accountErasureRequests, customers, outbox, outgoingEmails, serviceRecords } from "../../../schema/db";
import type { KeptRecord } from "../../../schema/db/personal-data";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import { ofAccount } from "../customers/customers";
import type { MailMessage } from "../mail";
import { erasureDoneMail, erasureRefusedMail } from "../mail/account-emails";
import { forgetPublishedTestimonials } from "../testimonials/published";
import { deleteVisitPhotos } from "../visits/photo-erasure";
import { accountScope, erasureStatements, isIn, keptCounts, keptPaperCounts } from "./erasure-plan";
import { addressPattern, namesAddress } from "./names-address";

/**
 * The owner settles a customer's "Delete my account" (UK GDPR's right to erasure, which yields to
 * records the law requires): every place the person's data lives, as schema/db/personal-data.ts lists
 * it, erased in one D1 batch (one transaction) after one batch of reads, and the visits' photos
 * deleted from R2 first (a failure there stops the erasure before D1 changes; trying again is safe).
 * The customer is told what was kept and why.
 */
const req = accountErasureRequests;

/** One request as the back office lists it; the customers are counted by the request's own address. */
const requestRows = (db: Db) =>
  db
    .select({
      id: req.id,
      email: req.email,
      status: req.status,
      reason: req.reason,
      requestedAt: req.requestedAt,
      settledAt: req.settledAt,
      outcome: req.outcome,
      // A builder of its own, so both sides are written with their tables: the customer's, the request's.
      customers: sql<number>`${db.select({ n: count() }).from(customers).where(sql`lower(${customers.email}) = ${req.email}`)}`,
    })
    .from(req);

export async function listErasureRequests(db: Db): Promise<AdminErasureRequest[]> {
  return requestRows(db).orderBy(sql`${req.status} = 'open' DESC`, desc(req.requestedAt)).limit(100);
}

async function openRequest(db: Db, id: number) {
  const [row] = await db.select().from(req).where(eq(req.id, id));
  if (!row) throw notFound("Deletion request");
  if (row.status !== "open") throw new ApiError("CONFLICT", "This request has already been settled.");
  return row;
}

export async function eraseAccount(
  env: AppEnv,
  db: Db,
  id: number,
): Promise<{ request: AdminErasureRequest; mails: MailMessage[] }> {
  const request = await openRequest(db, id);
  const email = request.email.toLowerCase();
  const scope = accountScope(db, email);
  // Candidates by substring; only those naming the whole address go (names-address.ts).
  const mentions = (table: typeof outgoingEmails | typeof outbox) =>
    db
      .select({ id: table.id, subject: table.subject, text: table.text, html: table.html, headers: table.headers })
      .from(table)
      .where(
        sql`instr(lower(${table.subject}), ${email}) > 0 OR instr(lower(${table.text}), ${email}) > 0 OR instr(lower(${table.headers}), ${email}) > 0 OR instr(lower(${table.html}), ${email}) > 0`,
      );
  const paperCounts = keptPaperCounts(db, scope);
  const [[all], [keptRow], visits, mails, delivered, ...counts] = await db.batch([
    db.select({ n: count() }).from(customers).where(ofAccount(email)),
    db.select({ n: count() }).from(customers).where(isIn(customers.id, scope.keptCustomerIds)),
    db
      .select({ id: serviceRecords.id, status: serviceRecords.status, date: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(isIn(serviceRecords.id, scope.visitIds)),
    mentions(outgoingEmails),
    mentions(outbox),
    ...keptCounts(db, scope),
    ...paperCounts.map((p) => p.read),
  ]);
  const [invoiceCount, creditNoteCount, noticeCount, quoteCount, orderCount, ...paperCountRows] = counts.map(
    ([row]) => (row as { n: number } | undefined)?.n ?? 0,
  );
  const kept: Record<KeptRecord, number> = {
    invoices: invoiceCount! + creditNoteCount!,
    safetyRecords: noticeCount!,
    serviceSheets: 0,
    commissioningRecords: 0,
    acceptedQuotes: quoteCount!,
    orders: orderCount!,
  };
  // Each paper's issued ones, in its kind's place.
  paperCounts.forEach((p, i) => {
    kept[p.keptAs] += paperCountRows[i]!;
  });
  const cancelledVisits = visits.filter((v) => v.status !== "completed" && v.date >= londonToday()).length;
  const pattern = addressPattern(email);
  const naming = (rows: { id: number; subject: string; text: string; html: string; headers: string }[]) =>
    rows.filter((m) => namesAddress(pattern, m.subject, m.text, m.html, m.headers)).map((m) => m.id);

  // The photos first: if R2 fails, nothing in D1 has changed and the owner can simply try again.
  await deleteVisitPhotos(
    env.IMAGES,
    visits.map((v) => v.id),
  );

  const keptCustomers = keptRow?.n ?? 0;
  const deleted = (all?.n ?? 0) - keptCustomers;
  const settledAt = new Date().toISOString();
  const statements = erasureStatements(db, {
    ...scope,
    requestId: id,
    mailIds: naming(mails),
    outboxIds: naming(delivered),
    addressHash: await sha256Hex(email),
    settledAt,
    outcome: `Erased: ${deleted} customer record(s) deleted, ${keptCustomers} kept without contact details for the records the law requires; ${visits.length} visit(s) deleted.`,
  });
  const results = await db.batch([statements[0]!, ...statements.slice(1), requestRows(db).where(eq(req.id, id))]);
  const [after] = results.at(-1) as AdminErasureRequest[];
  // Their testimonials went with the batch: the home page stops showing them on its next request.
  await forgetPublishedTestimonials();
  // The customer hears the outcome at the address, sent after the batch: the mail log forgets the
  // address once it is delivered (services/mail/delivery-state.ts).
  return { request: after!, mails: [erasureDoneMail(request.email, kept, cancelledVisits)] };
}

export async function refuseErasure(
  db: Db,
  id: number,
  outcome: string,
): Promise<{ request: AdminErasureRequest; mails: MailMessage[] }> {
  const request = await openRequest(db, id);
  const [, [after]] = await db.batch([
    db
      .update(req)
      .set({ status: "refused", settledAt: new Date().toISOString(), outcome })
      .where(and(eq(req.id, id), eq(req.status, "open"))),
    requestRows(db).where(eq(req.id, id)),
  ]);
  return { request: after!, mails: [erasureRefusedMail(request.email, outcome)] };
}
