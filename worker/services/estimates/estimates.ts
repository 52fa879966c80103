import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  type AcceptInput,
  type AdminEstimate,
  type EstimateChanges,
  type EstimateContent,
  type EstimateListItem,
  type EstimateOption,
  type EstimateStatus,
  type NewEstimate,
  optionTotals,
  type PublicEstimate,
} from "../../../schema/api/estimates";
import { CANCELLATION_NOTICE_VERSION, cancelUntil } from "../../../schema/consumer-contracts";
import {
  customers,
  estimateAcceptances,
  estimateEvents,
  type estimatePayments,
  estimates,
  estimateVersions,
  properties,
  quotes,
  serviceRecords,
} from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { partId, uniqueId } from "../../../schema/random";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink, readDocumentLink } from "../../lib/document-link";
import { ApiError, notFound } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import { siteUrl } from "../../lib/site-url";
import { readBilling } from "../billing-settings";
import { currentFacts } from "../business-facts";
import { checkSignature, customerAddress, letterheadOf } from "../documents/drafts";
import { documentPdf } from "../documents/files";
import { linkOpen, madeToday, quoteLastDay, quoteLinkVersion } from "../documents/link-rules";
import { ownerEmail } from "../mail";
import { queueEmails } from "../mail/deliveries";
import { numberTaken, takeNumber } from "../number-series";
import { depositCapSql, depositPaymentOf, depositPaymentsQuery, depositStateOf } from "./deposit-ledger";
import { estimateAcceptedEmails, estimateSentEmail } from "./emails";

/**
 * Priced quotes: drafted by the owner, fixed version by version as they are sent, opened and
 * accepted (or declined) by the customer through a signed link naming the version they were sent.
 * Every total is computed here from the lines (schema/money.ts); the acceptance is written with
 * the evidence of what was accepted in one batch that a second acceptance cannot pass.
 */
const e = estimates;
const v = estimateVersions;

const LINK_PURPOSE = "estimate";
const NOT_A_LINK = "This link is not valid. Please use the link in our latest e-mail, or call us.";

/** Ids for options and lines that came without one (unique within the quote). */
function withIds(options: NewEstimate["options"]): EstimateOption[] {
  const used = new Set<string>();
  return options.map((o) => ({
    id: uniqueId(used, o.id, partId("o")),
    name: o.name,
    lines: o.lines.map((l) => ({ ...l, id: uniqueId(used, l.id, partId("l")) })),
  }));
}

const statusNow = (status: EstimateStatus, validUntil: string, today = londonToday()): EstimateStatus =>
  (status === "sent" || status === "viewed") && validUntil < today ? "expired" : status;

type EventKind = (typeof estimateEvents.$inferInsert)["kind"];

export const event = (db: Db, estimateId: number | SQL, kind: EventKind, at: string, detail: string | null = null) =>
  db.insert(estimateEvents).values({ estimateId: estimateId as number, kind, at, detail });

/** An event written only when `when` holds (the change it records happened in this batch). */
export const eventWhen = (db: Db, estimateId: number, kind: EventKind, at: string, detail: string | null, when: SQL) =>
  db.insert(estimateEvents).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        estimateId: sql<number>`${estimateId}`.as("estimate_id"),
        kind: sql<EventKind>`${kind}`.as("kind"),
        detail: sql<string | null>`${detail}`.as("detail"),
        at: sql<string>`${at}`.as("at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );

type Loaded = {
  estimate: typeof estimates.$inferSelect;
  customer: typeof customers.$inferSelect;
  versions: (typeof estimateVersions.$inferSelect)[];
  acceptance: typeof estimateAcceptances.$inferSelect | null;
  events: (typeof estimateEvents.$inferSelect)[];
  payments: (typeof estimatePayments.$inferSelect)[];
  /** What of the deposit the quote can take now (deposit-ledger.ts). */
  depositCap: number;
};

/**
 * The quote with its customer, versions, acceptance and history: one batch, one table a statement
 * (whole rows of joined tables share column names like `id`, which a batch's rows would mix up).
 */
async function load(db: Db, id: number): Promise<Loaded> {
  const [[estimate], [customer], versions, [acceptance], events, payments, [cap]] = await db.batch([
    db.select().from(e).where(eq(e.id, id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, sql`(SELECT ${e.customerId} FROM ${e} WHERE ${e.id} = ${id})`)),
    db.select().from(v).where(eq(v.estimateId, id)).orderBy(asc(v.version)),
    db.select().from(estimateAcceptances).where(eq(estimateAcceptances.estimateId, id)),
    db.select().from(estimateEvents).where(eq(estimateEvents.estimateId, id)).orderBy(asc(estimateEvents.id)),
    depositPaymentsQuery(db, id),
    db.select({ cap: depositCapSql(id) }).from(sql`(SELECT 1)`),
  ]);
  if (!estimate || !customer) throw notFound("Quote");
  return { estimate, customer, versions, acceptance: acceptance ?? null, events, payments, depositCap: cap?.cap ?? 0 };
}

const contentOf = (version: typeof estimateVersions.$inferSelect) => JSON.parse(version.content) as EstimateContent;

function totalsOf(content: EstimateContent, vatRegistered: boolean) {
  return Object.fromEntries(content.options.map((o) => [o.id, optionTotals(o, content.deposit, vatRegistered)]));
}

async function toAdmin(
  env: AppEnv,
  db: Db,
  { estimate, customer, versions, acceptance, events, payments, depositCap }: Loaded,
): Promise<AdminEstimate> {
  const latest = versions.at(-1)!;
  const deposit = acceptance && depositStateOf(acceptance.depositPence, payments);
  const content = contentOf(latest);
  const vatRegistered = latest.sentAt ? latest.vatRegistered : (await readBilling(db)).vatRegistered;
  return {
    ...content,
    id: estimate.id,
    number: estimate.number === null ? null : numberText("estimate", estimate.number),
    status: statusNow(estimate.status, estimate.validUntil),
    customerId: estimate.customerId,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
    propertyId: estimate.propertyId,
    quoteRequestId: estimate.quoteRequestId,
    version: estimate.version,
    sentVersion: estimate.sentVersion,
    unsentChanges: estimate.sentVersion !== null && latest.sentAt === null,
    followUps: estimate.followUps,
    totals: totalsOf(content, vatRegistered),
    vatRegistered,
    acceptance: acceptance && {
      optionId: acceptance.optionId,
      optionalLineIds: JSON.parse(acceptance.optionalLineIds) as string[],
      name: acceptance.name,
      startEarly: acceptance.startEarly,
      acceptedAt: acceptance.acceptedAt,
      grossPence: acceptance.grossPence,
      depositPence: acceptance.depositPence,
      contentSha256: acceptance.contentSha256,
      depositPaidAt: deposit!.paidAt,
      refundedAt: deposit!.refundedAt,
      depositHeldPence: deposit!.heldPence,
      depositToPayPence: depositCap,
      owedBackPence: deposit!.owedBackPence,
    },
    depositPayments: payments.map(depositPaymentOf),
    cancelledAt: estimate.cancelledAt,
    cancelReason: estimate.cancelReason,
    jobId: estimate.jobId,
    customerUrl: estimate.sentVersion === null ? null : await estimateLink(env, estimate.id, estimate.sentVersion),
    events: events.map((ev) => ({ kind: ev.kind, at: ev.at, detail: ev.detail })),
    createdAt: estimate.createdAt,
    updatedAt: estimate.updatedAt,
  };
}

export async function getEstimate(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  return toAdmin(env, db, await load(db, id));
}

const CHOOSE_PROPERTY = "Choose the property the work is at";

/**
 * Checks the quote's customer, property and request, and answers where the work is: the property
 * given (one of the customer's), else the customer's only property, else null (a customer with
 * several properties, or none yet, is asked before the quote is sent).
 */
async function placeOf(
  db: Db,
  customerId: number,
  propertyId: number | null | undefined,
  quoteRequestId?: number | null,
): Promise<number | null> {
  const [[customer], owned, [request]] = await db.batch([
    db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)),
    db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.customerId, customerId), propertyId ? eq(properties.id, propertyId) : undefined))
      .orderBy(asc(properties.id))
      .limit(2),
    db
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.id, quoteRequestId ?? 0)),
  ]);
  if (!customer) throw notFound("Customer");
  if (propertyId && owned.length === 0) {
    const message = "Choose one of this customer's properties";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "propertyId", message }] });
  }
  if (quoteRequestId && !request) throw notFound("Quote request");
  return propertyId ?? (owned.length === 1 ? owned[0]!.id : null);
}

/** A new draft: the default validity and terms from the billing settings when not given. */
export async function createEstimate(env: AppEnv, db: Db, input: NewEstimate): Promise<AdminEstimate> {
  const propertyId = await placeOf(db, input.customerId, input.propertyId, input.quoteRequestId);
  const billing = await readBilling(db);
  const content: EstimateContent = {
    title: input.title,
    introduction: input.introduction,
    options: withIds(input.options),
    validUntil: input.validUntil ?? addDays(londonToday(), billing.quoteValidDays),
    terms: input.terms === undefined ? billing.quoteTerms : input.terms,
    deposit: input.deposit,
  };
  const now = new Date().toISOString();
  const [[row]] = await db.batch([
    db
      .insert(e)
      .values({
        customerId: input.customerId,
        propertyId,
        quoteRequestId: input.quoteRequestId,
        title: content.title,
        validUntil: content.validUntil,
        followUps: input.followUps,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: e.id }),
    db.insert(v).values({
      estimateId: sql`last_insert_rowid()` as unknown as number,
      version: 1,
      content: JSON.stringify(content),
      createdAt: now,
    }),
    event(db, sql`(SELECT ${v.estimateId} FROM ${v} WHERE ${v.id} = last_insert_rowid())`, "created", now),
  ]);
  return getEstimate(env, db, row!.id);
}

const FIXED = {
  accepted: "An accepted quote cannot be changed.",
  cancelled: "A cancelled quote cannot be changed.",
} as const;

/**
 * Changes the quote. A draft version is changed in place; once a version was sent, the change makes
 * the next version (the customer's link keeps the old one until the new one is sent).
 */
export async function updateEstimate(env: AppEnv, db: Db, id: number, changes: EstimateChanges): Promise<AdminEstimate> {
  const loaded = await load(db, id);
  const { estimate, versions } = loaded;
  if (estimate.status === "accepted" || estimate.status === "cancelled") throw new ApiError("CONFLICT", FIXED[estimate.status]);
  if (changes.propertyId === null && estimate.sentVersion !== null) {
    throw new ApiError("VALIDATION_FAILED", "A sent quote keeps the property the work is at", {
      details: [{ path: "propertyId", message: CHOOSE_PROPERTY }],
    });
  }
  if (changes.propertyId) await placeOf(db, estimate.customerId, changes.propertyId);
  const latest = versions.at(-1)!;
  const was = contentOf(latest);
  const { followUps, propertyId, options, ...fields } = changes;
  const content: EstimateContent = {
    ...was,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(options ? { options: withIds(options) } : {}),
  };
  const now = new Date().toISOString();
  const nextVersion = latest.sentAt ? latest.version + 1 : latest.version;
  await db.batch([
    latest.sentAt
      ? db.insert(v).values({ estimateId: id, version: nextVersion, content: JSON.stringify(content), createdAt: now })
      : db
          .update(v)
          .set({ content: JSON.stringify(content) })
          .where(eq(v.id, latest.id)),
    db
      .update(e)
      .set({
        version: nextVersion,
        title: content.title,
        validUntil: estimate.sentVersion !== null && latest.sentAt ? estimate.validUntil : content.validUntil,
        ...(followUps !== undefined && { followUps }),
        ...(propertyId !== undefined && { propertyId }),
        updatedAt: now,
      })
      .where(and(eq(e.id, id), inArray(e.status, ["draft", "sent", "viewed", "declined", "expired"]))),
  ]);
  return getEstimate(env, db, id);
}

/** The path of the customer's link to the version they were sent (e-mails put the site's address before it). */
export const estimateLink = async (env: AppEnv, id: number, version: number) =>
  `/quote/${await createDocumentLink(env, LINK_PURPOSE, { id, version, revision: await quoteLinkVersion(env, id), ...madeToday() })}`;

/**
 * Sends the newest version: numbered Q-0001… on its first send (in the same batch), fixed, and
 * e-mailed to the customer with their link. Sending again with nothing changed e-mails the same link.
 */
export async function sendEstimate(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  const { estimate, customer, versions } = await load(db, id);
  if (estimate.status === "accepted" || estimate.status === "cancelled") throw new ApiError("CONFLICT", FIXED[estimate.status]);
  if (!customer.email) {
    const message = "Add the customer's e-mail address to send them the quote";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "customerEmail", message }] });
  }
  // Where the work is: the job made on acceptance goes there, and the e-mails and PDF name it.
  const propertyId = estimate.propertyId ?? (await placeOf(db, estimate.customerId, null));
  if (propertyId === null) {
    throw new ApiError("VALIDATION_FAILED", `${CHOOSE_PROPERTY} before sending the quote`, {
      details: [{ path: "propertyId", message: CHOOSE_PROPERTY }],
    });
  }
  const latest = versions.at(-1)!;
  const content = contentOf(latest);
  if (content.validUntil < londonToday()) {
    const message = "The valid-until date has passed: choose a later one before sending";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "validUntil", message }] });
  }
  const { vatRegistered } = await readBilling(db);
  const now = new Date().toISOString();
  const again = latest.sentAt !== null;
  await db.batch([
    takeNumber(db, "estimate", sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.id} = ${id} AND ${e.number} IS NULL)`),
    db
      .update(e)
      .set({
        number: sql`COALESCE(${e.number}, ${numberTaken("estimate")})`,
        status: again && estimate.status === "viewed" ? "viewed" : "sent",
        sentVersion: latest.version,
        validUntil: content.validUntil,
        propertyId,
        sentAt: now,
        declinedAt: null,
        declineReason: null,
        updatedAt: now,
      })
      .where(eq(e.id, id)),
    ...(again ? [] : [db.update(v).set({ sentAt: now, vatRegistered }).where(eq(v.id, latest.id))]),
    event(db, id, "sent", now, again ? `version ${latest.version} again` : `version ${latest.version}`),
  ]);
  const after = await load(db, id);
  await queueEmails(db, env.MAIL_QUEUE, [
    estimateSentEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("estimate", after.estimate.number!),
      title: content.title,
      validUntil: content.validUntil,
      url: siteUrl(env, await estimateLink(env, id, latest.version)),
      revised: latest.version > 1,
    }),
  ]);
  return toAdmin(env, db, after);
}

/** The owner's list: newest change first, searched by number, title or customer, by status. */
export async function listEstimates(
  db: Db,
  query: { q?: string; status?: EstimateStatus; limit: number; offset: number },
): Promise<{ items: EstimateListItem[]; total: number }> {
  const today = londonToday();
  const effective = sql<EstimateStatus>`CASE WHEN ${e.status} IN ('sent', 'viewed') AND ${e.validUntil} < ${today} THEN 'expired' ELSE ${e.status} END`;
  const needle = query.q?.toLowerCase();
  const number = needle?.match(/^q-?0*(\d+)$/)?.[1];
  const where = and(
    query.status ? sql`${effective} = ${query.status}` : undefined,
    needle
      ? or(
          sql`instr(lower(${e.title}), ${needle}) > 0`,
          sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${needle}) > 0`,
          number ? eq(e.number, Number(number)) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: e.id,
        number: e.number,
        status: effective,
        title: e.title,
        firstName: customers.firstName,
        lastName: customers.lastName,
        sentAt: e.sentAt,
        updatedAt: e.updatedAt,
        content: sql<string>`(SELECT ${v.content} FROM ${v} WHERE ${v.estimateId} = ${e.id} AND ${v.version} = ${e.version})`,
        vatRegistered: sql<number>`(SELECT ${v.vatRegistered} FROM ${v} WHERE ${v.estimateId} = ${e.id} AND ${v.version} = ${e.version})`,
      })
      .from(e)
      .innerJoin(customers, eq(customers.id, e.customerId))
      .where(where)
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(e).innerJoin(customers, eq(customers.id, e.customerId)).where(where),
  ]);
  const items = rows.map((row) => {
    const content = JSON.parse(row.content) as EstimateContent;
    const grosses = content.options.map((o) => optionTotals(o, content.deposit, Boolean(row.vatRegistered)).grossPence);
    return {
      id: row.id,
      number: row.number === null ? null : numberText("estimate", row.number),
      status: row.status,
      title: row.title,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      fromPence: Math.min(...grosses),
      toPence: Math.max(...grosses),
      sentAt: row.sentAt,
      updatedAt: row.updatedAt,
    };
  });
  return { items, total: total?.n ?? 0 };
}

export type LinkTarget = Loaded & { linkVersion: number; version: typeof estimateVersions.$inferSelect };

/** The last day the customer may cancel online: 14 days from the day the contract was made. */
export { cancelUntil };

export async function byLink(env: AppEnv, db: Db, token: string): Promise<LinkTarget> {
  const link = await readDocumentLink(env, LINK_PURPOSE, token);
  if (!link) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  const loaded = await load(db, link.id).catch(() => null);
  const version = loaded?.versions.find((x) => x.version === link.version);
  // Only a version that was sent has a link; a draft's would be a forgery or a bug.
  if (!loaded || !version?.sentAt) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  // Revoked by the owner (the quote's link version bumped), or past its end (documents/link-rules.ts).
  const lastDay = quoteLastDay(loaded.estimate, loaded.acceptance, contentOf(version).validUntil);
  if ((link.revision ?? 1) !== loaded.estimate.linkVersion || !linkOpen(lastDay, link))
    throw new ApiError("NOT_FOUND", NOT_A_LINK);
  return { ...loaded, linkVersion: link.version, version };
}

export async function toPublic(db: Db, target: LinkTarget): Promise<PublicEstimate> {
  const { estimate, customer, version, acceptance, payments, depositCap } = target;
  const deposit = acceptance && depositStateOf(acceptance.depositPence, payments);
  const content = contentOf(version);
  const [property] = estimate.propertyId
    ? await db
        .select({ address: properties.address, postcode: properties.postcode })
        .from(properties)
        .where(eq(properties.id, estimate.propertyId))
    : [];
  const status = statusNow(estimate.status, content.validUntil);
  return {
    ...content,
    number: numberText("estimate", estimate.number!),
    version: version.version,
    status,
    replaced: estimate.sentVersion !== version.version,
    expired: status === "expired",
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    place: property ? customerAddress(property) : null,
    vatRegistered: version.vatRegistered,
    totals: totalsOf(content, version.vatRegistered),
    acceptance:
      acceptance && acceptance.version === version.version
        ? {
            optionId: acceptance.optionId,
            optionalLineIds: JSON.parse(acceptance.optionalLineIds) as string[],
            name: acceptance.name,
            acceptedAt: acceptance.acceptedAt,
            depositPence: acceptance.depositPence,
            depositPaidAt: deposit!.paidAt,
            refundedAt: deposit!.refundedAt,
            depositToPayPence: depositCap,
            cancelUntil: cancelUntil(acceptance.acceptedAt),
          }
        : null,
    cancelledAt: estimate.cancelledAt,
    noticeVersion: CANCELLATION_NOTICE_VERSION,
  };
}

/** The customer opens their link: the version it names; the first look at the current one marks it viewed. */
export async function viewEstimate(env: AppEnv, db: Db, token: string): Promise<PublicEstimate> {
  const target = await byLink(env, db, token);
  const { estimate } = target;
  if (estimate.status === "sent" && estimate.sentVersion === target.linkVersion) {
    const now = new Date().toISOString();
    const [marked] = await db.batch([
      db
        .update(e)
        .set({ status: "viewed", viewedAt: now })
        .where(and(eq(e.id, estimate.id), eq(e.status, "sent")))
        .returning({ id: e.id }),
      eventWhen(
        db,
        estimate.id,
        "viewed",
        now,
        `version ${target.linkVersion}`,
        sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.id} = ${estimate.id} AND ${e.viewedAt} = ${now})`,
      ),
    ]);
    if (marked.length) target.estimate = { ...estimate, status: "viewed", viewedAt: now };
  }
  return toPublic(db, target);
}

/** Why this link's version can no longer be accepted or declined; null when it can. */
function closed(target: LinkTarget): string | null {
  const { estimate } = target;
  if (estimate.status === "accepted") return "This quote has already been accepted.";
  if (estimate.status === "cancelled") return "This quote was cancelled.";
  if (estimate.sentVersion !== target.linkVersion)
    return "This quote was replaced by a newer version: please use the link in our latest e-mail.";
  if (estimate.status === "declined") return "This quote was declined. Please call us if you would like a new one.";
  if (statusNow(estimate.status, estimate.validUntil) === "expired")
    return "This quote has expired. Please call us and we'll send you an up-to-date one.";
  return null;
}

/**
 * Accepts one option of the version the link names: checked, priced here, and written with its
 * evidence (the content's SHA-256, the name, time, address, the notice's version and the early-start
 * request) in a batch only one acceptance can pass. The customer and the owner are e-mailed.
 */
export async function acceptEstimate(
  env: AppEnv,
  db: Db,
  token: string,
  input: AcceptInput,
  from: { ip: string | null; userAgent: string | null },
): Promise<PublicEstimate> {
  const target = await byLink(env, db, token);
  const refusal = closed(target);
  if (refusal) throw new ApiError("CONFLICT", refusal);
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
  // The same check as the job sheet's: a signature the accepted quote's PDF could not draw is refused.
  if (input.signature) await checkSignature(input.signature);
  const totals = optionTotals(option, content.deposit, target.version.vatRegistered, extras);
  const now = new Date().toISOString();
  const id = target.estimate.id;
  const contentSha256 = await sha256Hex(target.version.content);
  const quoteNumber = numberText("estimate", target.estimate.number!);
  const [facts, billing, [property]] = await Promise.all([
    currentFacts(db),
    readBilling(db),
    db
      .select({ address: properties.address, postcode: properties.postcode })
      .from(properties)
      .where(eq(properties.id, target.estimate.propertyId ?? 0)),
  ]);
  const snapshot = JSON.stringify({
    letterhead: { ...letterheadOf(facts), vatNumber: billing.vatNumber },
    customerName: `${target.customer.firstName} ${target.customer.lastName}`.trim(),
    place: property ? customerAddress(property) : null,
  });
  const chosen = option.lines.filter((l) => !l.optional || extras.includes(l.id));
  const jobDescription = `${option.name}:\n${chosen.map((l) => `${l.quantity} × ${l.description}`).join("\n")}`;
  const stillOpen = and(
    eq(e.id, id),
    inArray(e.status, ["sent", "viewed"]),
    eq(e.sentVersion, target.linkVersion),
    sql`${e.validUntil} >= ${londonToday()}`,
  );
  const [inserted] = await db.batch([
    db
      .insert(estimateAcceptances)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            estimateId: e.id,
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
      .returning({ id: estimateAcceptances.id }),
    db
      .update(e)
      .set({ status: "accepted", updatedAt: now })
      .where(
        and(
          eq(e.id, id),
          sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.acceptedAt} = ${now})`,
        ),
      ),
    eventWhen(
      db,
      id,
      "accepted",
      now,
      `${option.name}, by ${input.name}${input.startEarly ? ", early start asked" : ""}`,
      sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.acceptedAt} = ${now})`,
    ),
    // The job: a visit for the property, its time to be agreed (the owner picks one of the diary's
    // free times on it), with the chosen lines and price.
    db.insert(serviceRecords).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          customerId: e.customerId,
          serviceType: sql<string>`${content.title.slice(0, 100)}`.as("service_type"),
          equipmentType: sql<null>`NULL`.as("equipment_type"),
          equipmentModel: sql<null>`NULL`.as("equipment_model"),
          status: sql<string>`'scheduled'`.as("status"),
          serviceDate: sql<string>`${londonToday()}`.as("service_date"),
          technicianName: sql<null>`NULL`.as("technician_name"),
          costPence: sql<number>`${totals.grossPence}`.as("cost_pence"),
          workCompleted: sql<null>`NULL`.as("work_completed"),
          partsUsed: sql<null>`NULL`.as("parts_used"),
          nextServiceDue: sql<null>`NULL`.as("next_service_due"),
          description: sql<string>`${jobDescription}`.as("description"),
          notes:
            sql<string>`${`From quote ${quoteNumber}, accepted by ${input.name}${input.startEarly ? "; asked to start within the 14 days" : "; start after the 14-day cancellation period"}`}`.as(
              "notes",
            ),
          visitStart: sql<null>`NULL`.as("visit_start"),
          visitEnd: sql<null>`NULL`.as("visit_end"),
          // The quote's own property, never a guess: a quote is not sent without one (sendEstimate).
          propertyId: e.propertyId,
          quoteId: e.quoteRequestId,
          createdAt: sql<string>`${now}`.as("created_at"),
          version: sql<number>`1`.as("version"),
        })
        .from(e)
        .where(
          and(
            eq(e.id, id),
            sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.acceptedAt} = ${now})`,
          ),
        ),
    ),
    db
      .update(e)
      .set({ jobId: sql`last_insert_rowid()` })
      .where(
        and(
          eq(e.id, id),
          sql`changes() = 1`,
          sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.acceptedAt} = ${now})`,
        ),
      ),
    eventWhen(
      db,
      id,
      "job",
      now,
      "a visit to book",
      sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.acceptedAt} = ${now})`,
    ),
  ]);
  if (inserted.length === 0) {
    // Another acceptance (or a change) got there first.
    throw new ApiError("CONFLICT", closed(await byLink(env, db, token)) ?? "This quote can no longer be accepted.");
  }
  const after = await byLink(env, db, token);
  const { customer } = after;
  // The accepted quote's PDF now, so the confirmation finds it stored (else it is made when first read).
  await documentPdf(env, db, "estimate", id).catch((error: unknown) =>
    console.error(JSON.stringify({ document: "estimate", id, stage: "pdf", error: String(error) })),
  );
  const number = numberText("estimate", after.estimate.number!);
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    estimateAcceptedEmails({
      estimateId: id,
      customer: customer.email ? { to: customer.email, name: customer.firstName } : null,
      owner: ownerEmail(env),
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      number,
      title: content.title,
      optionName: option.name,
      lines: option.lines.filter((l) => !l.optional || extras.includes(l.id)),
      totals,
      vatRegistered: target.version.vatRegistered,
      startEarly: input.startEarly,
      url: siteUrl(env, await estimateLink(env, id, target.linkVersion)),
      adminUrl: siteUrl(env, `/admin/estimates/${id}`),
    }),
  );
  return toPublic(db, after);
}

/** The customer declines, with a reason if they give one. */
export async function declineEstimate(env: AppEnv, db: Db, token: string, reason: string | null): Promise<PublicEstimate> {
  const target = await byLink(env, db, token);
  const refusal = closed(target);
  if (refusal) throw new ApiError("CONFLICT", refusal);
  const now = new Date().toISOString();
  const id = target.estimate.id;
  const [declined] = await db.batch([
    db
      .update(e)
      .set({ status: "declined", declinedAt: now, declineReason: reason, updatedAt: now })
      .where(and(eq(e.id, id), inArray(e.status, ["sent", "viewed"]), eq(e.sentVersion, target.linkVersion)))
      .returning({ id: e.id }),
    eventWhen(
      db,
      id,
      "declined",
      now,
      reason,
      sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.id} = ${id} AND ${e.declinedAt} = ${now})`,
    ),
  ]);
  if (declined.length === 0)
    throw new ApiError("CONFLICT", closed(await byLink(env, db, token)) ?? "This quote can no longer be declined.");
  return toPublic(db, await byLink(env, db, token));
}
