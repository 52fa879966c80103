import { and, eq, sql } from "drizzle-orm";
import type { PublicQuote } from "../../../schema/api/quotes";
import { CANCELLATION_NOTICE_VERSION, cancelUntil } from "../../../schema/consumer-contracts";
import { properties, quotes } from "../../../schema/db/index";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { customerAddress } from "../documents/drafts";
import { byLink, type LinkTarget } from "./customer-link";
import { depositStateOf } from "./deposit-ledger";
import { contentOf, eventWhen, statusNow, totalsOf } from "./quotes";

/** What the customer sees at their link; the first look at the version they were sent marks it viewed. */
const e = quotes;

export async function toPublic(db: Db, target: LinkTarget): Promise<PublicQuote> {
  const { quote, customer, version, acceptance, payments, depositCap } = target;
  const deposit = acceptance && depositStateOf(acceptance.depositPence, payments);
  const content = contentOf(version);
  const [property] = quote.propertyId
    ? await db
        .select({ address: properties.address, postcode: properties.postcode })
        .from(properties)
        .where(eq(properties.id, quote.propertyId))
    : [];
  const status = statusNow(quote.status, content.validUntil);
  return {
    ...content,
    number: numberText("estimate", quote.number!),
    version: version.version,
    status,
    replaced: quote.sentVersion !== version.version,
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
    cancelledAt: quote.cancelledAt,
    noticeVersion: CANCELLATION_NOTICE_VERSION,
  };
}

/** The customer opens their link: the version it names; the first look at the current one marks it viewed. */
export async function viewQuote(env: AppEnv, db: Db, token: string): Promise<PublicQuote> {
  const target = await byLink(env, db, token);
  const { quote } = target;
  if (quote.status === "sent" && quote.sentVersion === target.linkVersion) {
    const now = new Date().toISOString();
    const [marked] = await db.batch([
      db
        .update(e)
        .set({ status: "viewed", viewedAt: now })
        .where(and(eq(e.id, quote.id), eq(e.status, "sent")))
        .returning({ id: e.id }),
      eventWhen(
        db,
        quote.id,
        "viewed",
        now,
        `version ${target.linkVersion}`,
        sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.id} = ${quote.id} AND ${e.viewedAt} = ${now})`,
      ),
    ]);
    if (marked.length) target.quote = { ...quote, status: "viewed", viewedAt: now };
  }
  return toPublic(db, target);
}
