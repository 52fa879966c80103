import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type AcceptInput,
  optionTotals,
  type PublicQuote,
  type QuoteContent,
  type QuoteOption,
} from "../../../schema/api/quotes";
import { CANCELLATION_NOTICE_VERSION } from "../../../schema/consumer-contracts";
import { properties, quoteAcceptances, quotes } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import { siteUrl } from "../../lib/site-url";
import { checkSignature, customerAddress, letterheadOf } from "../documents/drafts";
import { documentPdf } from "../documents/files";
import { queueEmails } from "../mail/deliveries";
import { ownerEmail } from "../mail/index";
import { readBilling } from "../settings/billing-settings";
import { currentFacts } from "../settings/business-facts";
import { insertVisitFrom } from "../visits/visit-statements";
import { byLink, closed, type LinkTarget } from "./customer-link";
import { acceptedQuoteKind } from "./document-kind";
import { quoteAcceptedEmails } from "./emails";
import { toPublic } from "./public-view";
import { contentOf, eventWhen, quoteLink } from "./quotes";

const e = quotes;

type From = { ip: string | null; userAgent: string | null };
type Totals = ReturnType<typeof optionTotals>;
/** What the customer chose: one option of the version their link names, and its optional lines they added. */
type Choice = { content: QuoteContent; option: QuoteOption; extras: string[] };

/**
 * Accepts one option of the version the link names: checked, priced here, and written with its
 * evidence (the content's SHA-256, the name, time, address, the notice's version and the early-start
 * request) in a batch only one acceptance can pass. The customer and the owner are e-mailed.
 */
export async function acceptQuote(env: AppEnv, db: Db, token: string, input: AcceptInput, from: From): Promise<PublicQuote> {
  const target = await byLink(env, db, token);
  const refusal = closed(target);
  if (refusal) throw new ApiError("CONFLICT", refusal);
  const choice = choiceOf(target, input);
  // The same check as the job sheet's: a signature the accepted quote's PDF could not draw is refused.
  if (input.signature) await checkSignature(input.signature);
  const totals = optionTotals(choice.option, choice.content.deposit, target.version.vatRegistered, choice.extras);
  const now = new Date().toISOString();
  const [inserted] = await db.batch([
    ...(await acceptanceStatements(db, target, choice, input, from, totals, now)),
    ...jobStatements(db, target, choice, input, totals, now),
  ]);
  if (inserted.length === 0) {
    // Another acceptance (or a change) got there first.
    throw new ApiError("CONFLICT", closed(await byLink(env, db, token)) ?? "This quote can no longer be accepted.");
  }
  const after = await byLink(env, db, token);
  await confirmAcceptance(env, db, after, choice, input, totals);
  return toPublic(db, after);
}

/** The option chosen and its optional lines, refused unless they are the version's own. */
function choiceOf(target: LinkTarget, input: AcceptInput): Choice {
  const content = contentOf(target.version);
  const option = content.options.find((o) => o.id === input.optionId);
  if (!option) {
    throw new ApiError("VALIDATION_FAILED", "Choose one of the quote's options", {
      details: [{ path: "optionId", message: "Choose one of the quote's options" }],
    });
  }
  const extras = [...new Set(input.optionalLineIds)];
  const unknown = extras.filter((id) => !option.lines.some((l) => l.id === id && l.optional));
  if (unknown.length) {
    throw new ApiError("VALIDATION_FAILED", "Only this option's optional lines can be added", {
      details: [{ path: "optionalLineIds", message: "Only this option's optional lines can be added" }],
    });
  }
  return { content, option, extras };
}

/** This acceptance's row is in: the guard of every statement after the acceptance in its batch. */
const acceptedAt = (id: number, now: string) =>
  sql`EXISTS (SELECT 1 FROM ${quoteAcceptances} WHERE ${quoteAcceptances.quoteId} = ${id} AND ${quoteAcceptances.acceptedAt} = ${now})`;

/**
 * The acceptance with its evidence, only while the version the link names is still open to it
 * (one acceptance a quote), the quote marked accepted, and its event.
 */
async function acceptanceStatements(
  db: Db,
  target: LinkTarget,
  { option, extras }: Choice,
  input: AcceptInput,
  from: From,
  totals: Totals,
  now: string,
) {
  const id = target.quote.id;
  const contentSha256 = await sha256Hex(target.version.content);
  const snapshot = await snapshotOf(db, target);
  const stillOpen = and(
    eq(e.id, id),
    inArray(e.status, ["sent", "viewed"]),
    eq(e.sentVersion, target.linkVersion),
    sql`${e.validUntil} >= ${londonToday()}`,
  );
  return [
    db
      .insert(quoteAcceptances)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            quoteId: e.id,
            version: sql<number>`${target.linkVersion}`.as("version"),
            optionId: sql<string>`${option.id}`.as("option_id"),
            optionalLineIds: sql<string>`${JSON.stringify(extras)}`.as("optional_line_ids"),
            name: sql<string>`${input.name}`.as("name"),
            signature: sql<string | null>`${input.signature}`.as("signature"),
            startEarly: sql<number>`${input.startEarly ? 1 : 0}`.as("start_early"),
            ipAddress: sql<string | null>`${from.ip}`.as("ip_address"),
            userAgent: sql<string | null>`${from.userAgent}`.as("user_agent"),
            contentSha256: sql<string>`${contentSha256}`.as("content_sha256"),
            noticeVersion: sql<string>`${CANCELLATION_NOTICE_VERSION}`.as("notice_version"),
            grossPence: sql<number>`${totals.grossPence}`.as("gross_pence"),
            depositPence: sql<number>`${totals.depositPence}`.as("deposit_pence"),
            acceptedAt: sql<string>`${now}`.as("accepted_at"),
            snapshot: sql<string>`${snapshot}`.as("snapshot"),
            pdfKey: sql<null>`NULL`.as("pdf_key"),
            pdfSha256: sql<null>`NULL`.as("pdf_sha256"),
            depositSessionId: sql<null>`NULL`.as("deposit_session_id"),
          })
          .from(e)
          .where(stillOpen),
      )
      .onConflictDoNothing()
      .returning({ id: quoteAcceptances.id }),
    db
      .update(e)
      .set({ status: "accepted", updatedAt: now })
      .where(and(eq(e.id, id), acceptedAt(id, now))),
    eventWhen(
      db,
      id,
      "accepted",
      now,
      `${option.name}, by ${input.name}${input.startEarly ? ", early start asked" : ""}`,
      acceptedAt(id, now),
    ),
  ] as const;
}

/** The business, the customer and the place as the accepted quote's PDF names them, fixed now. */
async function snapshotOf(db: Db, target: LinkTarget): Promise<string> {
  const [facts, billing, [property]] = await Promise.all([
    currentFacts(db),
    readBilling(db),
    db
      .select({ address: properties.address, postcode: properties.postcode })
      .from(properties)
      .where(eq(properties.id, target.quote.propertyId ?? 0)),
  ]);
  return JSON.stringify({
    letterhead: { ...letterheadOf(facts), vatNumber: billing.vatNumber },
    customerName: `${target.customer.firstName} ${target.customer.lastName}`.trim(),
    place: property ? customerAddress(property) : null,
  });
}

/**
 * The job: a visit for the property, its time to be agreed (the owner picks one of the diary's free
 * times on it), with the chosen lines and price; the quote then names it, and its event says so.
 */
function jobStatements(
  db: Db,
  target: LinkTarget,
  { content, option, extras }: Choice,
  input: AcceptInput,
  totals: Totals,
  now: string,
) {
  const id = target.quote.id;
  const quoteNumber = numberText("estimate", target.quote.number!);
  const chosen = option.lines.filter((l) => !l.optional || extras.includes(l.id));
  const jobDescription = `${option.name}:\n${chosen.map((l) => `${l.quantity} × ${l.description}`).join("\n")}`;
  const accepted = acceptedAt(id, now);
  return [
    insertVisitFrom(
      db,
      {
        customerId: e.customerId,
        serviceType: content.title.slice(0, 100),
        status: "scheduled",
        serviceDate: londonToday(),
        costPence: totals.grossPence,
        description: jobDescription,
        notes: `From quote ${quoteNumber}, accepted by ${input.name}${input.startEarly ? "; asked to start within the 14 days" : "; start after the 14-day cancellation period"}`,
        // The quote's own property, never a guess: a quote is not sent without one (sendQuote).
        propertyId: e.propertyId,
        // On the quote's job (made with the quote), so the visit is one of its thread.
        jobId: e.jobId,
        enquiryId: e.enquiryId,
        createdAt: now,
      },
      { from: e, where: and(eq(e.id, id), accepted) },
    ),
    db
      .update(e)
      .set({ visitId: sql`last_insert_rowid()` })
      .where(and(eq(e.id, id), sql`changes() = 1`, accepted)),
    eventWhen(db, id, "job", now, "a visit to book", accepted),
  ] as const;
}

/** The accepted quote's PDF, then the e-mails to the customer and the owner. */
async function confirmAcceptance(
  env: AppEnv,
  db: Db,
  after: LinkTarget,
  { content, option, extras }: Choice,
  input: AcceptInput,
  totals: Totals,
) {
  const id = after.quote.id;
  const { customer } = after;
  // The accepted quote's PDF now, so the confirmation finds it stored (else it is made when first read).
  await documentPdf(env, db, acceptedQuoteKind, id).catch((error: unknown) =>
    console.error(JSON.stringify({ document: "estimate", id, stage: "pdf", error: String(error) })),
  );
  const number = numberText("estimate", after.quote.number!);
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    quoteAcceptedEmails({
      quoteId: id,
      customer: customer.email ? { to: customer.email, name: customer.firstName } : null,
      owner: ownerEmail(env),
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      number,
      title: content.title,
      optionName: option.name,
      lines: option.lines.filter((l) => !l.optional || extras.includes(l.id)),
      totals,
      vatRegistered: after.version.vatRegistered,
      startEarly: input.startEarly,
      url: siteUrl(env, await quoteLink(env, id, after.linkVersion, after.quote.linkVersion)),
      adminUrl: siteUrl(env, `/admin/estimates/${id}`),
    }),
  );
}
