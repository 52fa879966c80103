import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type JobBuildingRegs, notifiedByLabels } from "../../../schema/api/installations";
import { type AdminJob, type JobEvent, type JobSummary, jobNextStep } from "../../../schema/api/jobs";
import { paymentMethodLabels } from "../../../schema/api/payment-methods";
import { allEnquiryServiceLabels } from "../../../schema/business";
import {
  creditNotes,
  customers,
  enquiries,
  gasSafetyRecords,
  invoicePayments,
  invoices,
  jobs,
  properties,
  quoteAcceptances,
  quotePayments,
  quotes,
  serviceRecords,
  warningNotices,
} from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { numberText, writtenNumber } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { visitPaperKinds } from "../document-kinds";
import { customerAddress } from "../documents/drafts";
import { balanceSql } from "../invoices/invoices";
import { statusNow } from "../quotes/quotes";
import { buildingRegsRead, jobBuildingRegs, owesNotification } from "./building-regs";
import { jobStateSql, jobTitleSql } from "./job-state";

/**
 * A job read whole (docs/decisions/023-the-job.md): what hangs on it, in one D1 batch, as the events
 * of its thread in order, with its state and the owner's next step. No list here is unbounded by
 * more than one job's (or one customer's) own rows.
 */

/** The visits of the job `jobId` (an id or SQL), as a subquery. */
const visitIdsOf = (db: Db, jobId: number) =>
  db.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.jobId, jobId));
const invoiceIdsOf = (db: Db, jobId: number) => db.select({ id: invoices.id }).from(invoices).where(eq(invoices.jobId, jobId));

/** Jobs with whose and where they are, their title and state, for a caller's filter. */
export const jobRows = (db: Db, today = londonToday()) =>
  db
    .select({
      id: jobs.id,
      customerId: jobs.customerId,
      propertyId: jobs.propertyId,
      createdAt: jobs.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      address: properties.address,
      postcode: properties.postcode,
      title: jobTitleSql,
      state: jobStateSql(today),
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(properties, eq(properties.id, jobs.propertyId));

/** The statements that read a job: each filtered by the job, so the batch reads its rows only. */
function jobReads(db: Db, id: number, today: string) {
  const quoteOfJob = db.select({ id: quotes.id }).from(quotes).where(eq(quotes.jobId, id));
  const recordsOfJob = db
    .select({ id: gasSafetyRecords.id })
    .from(gasSafetyRecords)
    .where(inArray(gasSafetyRecords.serviceRecordId, visitIdsOf(db, id)));
  return [
    jobRows(db, today).where(eq(jobs.id, id)),
    db
      .select({
        id: serviceRecords.id,
        serviceType: serviceRecords.serviceType,
        status: serviceRecords.status,
        serviceDate: serviceRecords.serviceDate,
        visitStart: serviceRecords.visitStart,
        createdAt: serviceRecords.createdAt,
      })
      .from(serviceRecords)
      .where(eq(serviceRecords.jobId, id))
      .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.id)),
    db
      .select({
        id: quotes.id,
        number: quotes.number,
        title: quotes.title,
        status: quotes.status,
        validUntil: quotes.validUntil,
        sentAt: quotes.sentAt,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .where(eq(quotes.jobId, id))
      .orderBy(asc(quotes.id)),
    db.select({ name: quoteAcceptances.name }).from(quoteAcceptances).where(inArray(quoteAcceptances.quoteId, quoteOfJob)),
    db
      .select({ amountPence: quotePayments.amountPence, method: quotePayments.method, paidOn: quotePayments.paidOn })
      .from(quotePayments)
      .where(inArray(quotePayments.quoteId, quoteOfJob)),
    db
      .select({ id: enquiries.id, service: enquiries.service, createdAt: enquiries.createdAt })
      .from(enquiries)
      .where(
        sql`${enquiries.id} IN (SELECT v.quote_id FROM service_records AS v WHERE v.job_id = ${id}
          UNION SELECT q.quote_request_id FROM estimates AS q WHERE q.job_id = ${id})`,
      ),
    db
      .select({ number: warningNotices.number, classification: warningNotices.classification, issuedAt: warningNotices.issuedAt })
      .from(warningNotices)
      .where(inArray(warningNotices.recordId, recordsOfJob)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        issuedAt: invoices.issuedAt,
        createdAt: invoices.createdAt,
        grossPence: invoices.grossPence,
        paidAt: invoices.paidAt,
        balancePence: balanceSql,
      })
      .from(invoices)
      .where(eq(invoices.jobId, id))
      .orderBy(asc(invoices.id)),
    db
      .select({
        invoiceId: invoicePayments.invoiceId,
        amountPence: invoicePayments.amountPence,
        method: invoicePayments.method,
        paidOn: invoicePayments.paidOn,
        createdAt: invoicePayments.createdAt,
      })
      .from(invoicePayments)
      .where(inArray(invoicePayments.invoiceId, invoiceIdsOf(db, id))),
    db
      .select({
        invoiceId: creditNotes.invoiceId,
        number: creditNotes.number,
        grossPence: creditNotes.grossPence,
        issueDate: creditNotes.issueDate,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.invoiceId, invoiceIdsOf(db, id))),
    buildingRegsRead(db, id),
  ] as const;
}

type Reads = { [K in keyof ReturnType<typeof jobReads>]: Awaited<ReturnType<typeof jobReads>[K]> };

/** The papers started at the job's visits, one read per registered kind (documents/visit-paper.ts). */
const paperReads = (db: Db, id: number) =>
  visitPaperKinds.map(({ paper: { table: t, date } }) =>
    db
      .select({ id: t.id, number: t.number, status: t.status, date, issuedAt: t.issuedAt })
      .from(t)
      .where(inArray(t.serviceRecordId, visitIdsOf(db, id))),
  );
type PaperRow = { id: number; number: number | null; status: "draft" | "issued"; date: string; issuedAt: string | null };

/** The job screen: the job, its thread oldest first, its state and what is next. */
export async function readJob(db: Db, id: number, today = londonToday()): Promise<AdminJob> {
  const fixed = jobReads(db, id, today);
  const answers = await db.batch([...fixed, ...paperReads(db, id)] as unknown as Parameters<Db["batch"]>[0]);
  const reads = answers.slice(0, fixed.length) as unknown as Reads;
  const paperRows = visitPaperKinds.map((kind, i) => ({ kind, rows: answers[fixed.length + i] as PaperRow[] }));
  const [[job], visits, [quote], [acceptance], deposits, enquiryRows, notices, invoiceRows, payments, credits, [regsFacts]] =
    reads;
  const boilers = paperRows.find(({ kind }) => kind.name === "benchmark")?.rows ?? [];
  if (!job) throw notFound("Job");
  const { state } = job;
  const buildingRegs = jobBuildingRegs(regsFacts, today);
  const notificationOwed = owesNotification(buildingRegs);
  const draftInvoiceId = invoiceRows.find((i) => i.status === "draft")?.id ?? null;
  const numberOf = new Map(invoiceRows.map((i) => [i.id, i.number === null ? "a draft" : numberText("invoice", i.number)]));
  const events: JobEvent[] = [
    ...enquiryRows.map((e) => ({
      kind: "enquiry" as const,
      at: e.createdAt,
      title: `Enquiry: ${allEnquiryServiceLabels[e.service]}`,
      detail: null,
      status: null,
      href: "/quotes",
    })),
    ...(quote
      ? [
          {
            kind: "quote" as const,
            at: quote.sentAt ?? quote.createdAt,
            title: `Quote ${quote.number === null ? "(draft)" : numberText("estimate", quote.number)}: ${quote.title}`,
            detail: acceptance ? `Accepted by ${acceptance.name}` : null,
            status: statusNow(quote.status, quote.validUntil),
            href: `/estimates/${quote.id}`,
          },
        ]
      : []),
    ...deposits.map((d) => ({
      kind: "deposit" as const,
      at: d.paidOn,
      title: `Deposit ${formatPence(d.amountPence)} paid`,
      detail: paymentMethodLabels[d.method],
      status: null,
      href: quote ? `/estimates/${quote.id}` : null,
    })),
    ...visits.map((v) => ({
      kind: "visit" as const,
      // A visit's time, else the day it was done; one still to book is in the thread when it was made.
      at: v.visitStart ?? (v.status === "completed" ? v.serviceDate : v.createdAt),
      title: `Visit: ${v.serviceType}`,
      detail: v.visitStart ? null : "Time to be agreed",
      status: v.status,
      href: "/service-records",
    })),
    ...paperRows.flatMap(
      ({
        kind: {
          paper: { descriptor: d },
        },
        rows,
      }) =>
        rows.map((r) => ({
          kind: "document" as const,
          at: r.issuedAt ?? r.date,
          title: `${d.label} ${r.number === null ? "(draft)" : writtenNumber(d.number, r.number)}`,
          detail: null,
          status: r.status,
          href: `/${d.segment}/${r.id}`,
        })),
    ),
    ...notices.map((n) => ({
      kind: "document" as const,
      at: n.issuedAt ?? "",
      title: `Warning notice ${numberText("warningNotice", n.number)} (${n.classification})`,
      detail: null,
      status: "issued",
      href: null,
    })),
    ...invoiceRows.map((i) => ({
      kind: "invoice" as const,
      at: i.issuedAt ?? i.createdAt,
      title: `Invoice ${i.number === null ? "(draft)" : numberText("invoice", i.number)}: ${formatPence(i.grossPence)}`,
      detail: i.status === "issued" && i.paidAt === null ? `${formatPence(i.balancePence)} to pay` : null,
      status: i.status === "issued" && i.paidAt ? "paid" : i.status,
      href: `/invoices/${i.id}`,
    })),
    ...payments.map((p) => ({
      kind: "payment" as const,
      at: p.createdAt,
      title: `Payment ${formatPence(p.amountPence)}`,
      detail: `${paymentMethodLabels[p.method]}, against ${numberOf.get(p.invoiceId)}`,
      status: null,
      href: `/invoices/${p.invoiceId}`,
    })),
    ...credits.map((c) => ({
      kind: "credit" as const,
      at: c.issueDate,
      title: `Credit note ${numberText("creditNote", c.number)}: ${formatPence(c.grossPence)}`,
      detail: `Against ${numberOf.get(c.invoiceId)}`,
      status: null,
      href: `/invoices/${c.invoiceId}`,
    })),
    ...(buildingRegs?.record ? [notificationEvent(buildingRegs.record)] : []),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    ...summaryOf(job),
    next: jobNextStep(state, {
      quoteStatus: quote ? statusNow(quote.status, quote.validUntil) : null,
      nextVisitStart: visits.find((v) => v.status !== "completed")?.visitStart,
      draftInvoiceId,
      notificationOwed,
      benchmarkOwed: buildingRegs?.benchmarkOwed ?? false,
    }),
    events,
    draftInvoiceId,
    canInvoice: state === "done" && invoiceRows.every((i) => i.status === "void") && !notificationOwed,
    buildingRegs,
    benchmarkStart:
      buildingRegs?.benchmarkOwed && visits.length > 0
        ? { visitId: visits.at(-1)!.id, draftId: boilers.find((b) => b.status === "draft")?.id ?? null }
        : null,
  };
}

/** The recorded Building Regulations notification, in the thread on the day it was notified (else when recorded). */
const notificationEvent = (record: NonNullable<JobBuildingRegs["record"]>): JobEvent => ({
  kind: "document",
  at: record.notifiedOn ?? record.recordedAt,
  title: `Building Regulations notification${record.reference ? ` ${record.reference}` : ""}`,
  detail: record.certificateNumber ? `Certificate ${record.certificateNumber}` : null,
  status: notifiedByLabels[record.notifiedBy],
  href: null,
});

export const summaryOf = (job: Awaited<ReturnType<typeof jobRows>>[number]): JobSummary => ({
  id: job.id,
  title: job.title,
  state: job.state,
  customerId: job.customerId,
  customerName: job.firstName === null ? null : `${job.firstName} ${job.lastName ?? ""}`.trim(),
  propertyId: job.propertyId,
  place: job.address === null ? null : customerAddress({ address: job.address, postcode: job.postcode }),
  createdAt: job.createdAt,
});

/** A customer's jobs, newest first, each with its title and state: one read of the customer's own rows. */
export async function customerJobs(db: Db, customerId: number): Promise<JobSummary[]> {
  const rows = await jobRows(db).where(eq(jobs.customerId, customerId)).orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map(summaryOf);
}
