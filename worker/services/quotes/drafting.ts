import { and, eq, inArray, sql } from "drizzle-orm";
import type { AdminQuote, NewQuote, QuoteChanges, QuoteContent, QuoteOption } from "../../../schema/api/quotes";
import { quotes, quoteVersions } from "../../../schema/db/index";
import { addDays, londonToday } from "../../../schema/london-time";
import { partId, uniqueId } from "../../../schema/random";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { readBilling } from "../settings/billing-settings";
import { CHOOSE_PROPERTY, placeOf } from "./place";
import { contentOf, event, FIXED, getQuote, loadQuote } from "./quotes";

/** The owner drafts a quote and changes it (a sent version is kept; the change makes the next one). */
const e = quotes;
const v = quoteVersions;

/** Ids for options and lines that came without one (unique within the quote). */
function withIds(options: NewQuote["options"]): QuoteOption[] {
  const used = new Set<string>();
  return options.map((o) => ({
    id: uniqueId(used, o.id, partId("o")),
    name: o.name,
    lines: o.lines.map((l) => ({ ...l, id: uniqueId(used, l.id, partId("l")) })),
  }));
}

/** A new draft: the default validity and terms from the billing settings when not given. */
export async function createQuote(env: AppEnv, db: Db, input: NewQuote): Promise<AdminQuote> {
  const propertyId = await placeOf(db, input.customerId, input.propertyId, input.enquiryId);
  const billing = await readBilling(db);
  const content: QuoteContent = {
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
        enquiryId: input.enquiryId,
        title: content.title,
        validUntil: content.validUntil,
        followUps: input.followUps,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: e.id }),
    db.insert(v).values({
      quoteId: sql`last_insert_rowid()` as unknown as number,
      version: 1,
      content: JSON.stringify(content),
      createdAt: now,
    }),
    event(db, sql`(SELECT ${v.quoteId} FROM ${v} WHERE ${v.id} = last_insert_rowid())`, "created", now),
  ]);
  return getQuote(env, db, row!.id);
}

/**
 * Changes the quote. A draft version is changed in place; once a version was sent, the change makes
 * the next version (the customer's link keeps the old one until the new one is sent).
 */
export async function updateQuote(env: AppEnv, db: Db, id: number, changes: QuoteChanges): Promise<AdminQuote> {
  const loaded = await loadQuote(db, id);
  const { quote, versions } = loaded;
  if (quote.status === "accepted" || quote.status === "cancelled") throw new ApiError("CONFLICT", FIXED[quote.status]);
  if (changes.propertyId === null && quote.sentVersion !== null) {
    throw new ApiError("VALIDATION_FAILED", "A sent quote keeps the property the work is at", {
      details: [{ path: "propertyId", message: CHOOSE_PROPERTY }],
    });
  }
  if (changes.propertyId) await placeOf(db, quote.customerId, changes.propertyId);
  const latest = versions.at(-1)!;
  const was = contentOf(latest);
  const { followUps, propertyId, options, ...fields } = changes;
  const content: QuoteContent = {
    ...was,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(options ? { options: withIds(options) } : {}),
  };
  const now = new Date().toISOString();
  const nextVersion = latest.sentAt ? latest.version + 1 : latest.version;
  await db.batch([
    latest.sentAt
      ? db.insert(v).values({ quoteId: id, version: nextVersion, content: JSON.stringify(content), createdAt: now })
      : db
          .update(v)
          .set({ content: JSON.stringify(content) })
          .where(eq(v.id, latest.id)),
    db
      .update(e)
      .set({
        version: nextVersion,
        title: content.title,
        validUntil: quote.sentVersion !== null && latest.sentAt ? quote.validUntil : content.validUntil,
        ...(followUps !== undefined && { followUps }),
        ...(propertyId !== undefined && { propertyId }),
        updatedAt: now,
      })
      .where(and(eq(e.id, id), inArray(e.status, ["draft", "sent", "viewed", "declined", "expired"]))),
  ]);
  return getQuote(env, db, id);
}
