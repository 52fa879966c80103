import { eq, sql } from "drizzle-orm";
import type { EstimateContent } from "../../../schema/api/estimates";
import { cancelUntil } from "../../../schema/consumer-contracts";
import { estimateAcceptances, estimates, estimateVersions } from "../../../schema/db";
import { addDays } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { DocumentKind } from "../documents/kind";
import { type AcceptedEstimate, renderAcceptedEstimate } from "./render";

/** An accepted quote as the documents room sees it (by the quote's id), and when a quote's links end. */
const rules = settings.documentLinks;
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * A quote's links end at its valid-until plus 30 days (the quote's own date, or the linked version's
 * where that is later). Accepted (or cancelled since), the later of that and the end of the 14-day
 * cancellation period plus 30 days, so the customer can cancel, pay the deposit and see the refund
 * from the same link however short the quote's validity was; a deposit still unpaid after that is
 * paid from the account page's link, or from a new one the owner sends.
 */
export function quoteLastDay(
  estimate: { validUntil: string },
  acceptance: { acceptedAt: string } | null,
  versionValidUntil?: string,
): string {
  const validUntil = versionValidUntil ? later(estimate.validUntil, versionValidUntil) : estimate.validUntil;
  const offered = addDays(validUntil, rules.quoteDaysAfterValid);
  if (!acceptance) return offered;
  return later(offered, addDays(cancelUntil(acceptance.acceptedAt), rules.acceptedQuoteDaysAfterCancellation));
}

/** The quote's link version, which a link to it made now carries (1 for a quote not found: its link opens nothing). */
export async function quoteLinkVersion(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ linkVersion: estimates.linkVersion }).from(estimates).where(eq(estimates.id, id));
  return row?.linkVersion ?? 1;
}

export const acceptedQuoteKind: DocumentKind<"estimate"> = {
  name: "estimate",
  /** Its accepted version, as it was accepted. */
  async source(db, id) {
    const [row] = await db
      .select({
        number: estimates.number,
        content: estimateVersions.content,
        vatRegistered: estimateVersions.vatRegistered,
        acceptance: estimateAcceptances,
      })
      .from(estimateAcceptances)
      .innerJoin(estimates, eq(estimates.id, estimateAcceptances.estimateId))
      .innerJoin(
        estimateVersions,
        sql`${estimateVersions.estimateId} = ${estimateAcceptances.estimateId} AND ${estimateVersions.version} = ${estimateAcceptances.version}`,
      )
      .where(eq(estimateAcceptances.estimateId, id));
    if (!row?.number) return null;
    const a = row.acceptance;
    const snapshot = JSON.parse(a.snapshot) as Pick<AcceptedEstimate, "letterhead" | "customerName" | "place">;
    const number = numberText("estimate", row.number);
    return {
      number,
      pdfKey: a.pdfKey,
      pdfSha256: a.pdfSha256,
      render: () =>
        renderAcceptedEstimate({
          ...snapshot,
          number,
          content: JSON.parse(row.content) as EstimateContent,
          vatRegistered: row.vatRegistered,
          optionId: a.optionId,
          optionalLineIds: JSON.parse(a.optionalLineIds) as string[],
          name: a.name,
          startEarly: a.startEarly,
          acceptedAt: a.acceptedAt,
        }),
    };
  },
  // The file is the acceptance's: the quote itself has versions, the accepted PDF only one.
  file: { table: estimateAcceptances, id: estimateAcceptances.estimateId },
  /** The quote's own link (the quote's version and its link version): the PDF is the accepted one, and only for that version. */
  async linkState(db, link) {
    const [row] = await db
      .select({ linkVersion: estimates.linkVersion, validUntil: estimates.validUntil, acceptance: estimateAcceptances })
      .from(estimateAcceptances)
      .innerJoin(estimates, eq(estimates.id, estimateAcceptances.estimateId))
      .where(eq(estimateAcceptances.estimateId, link.id));
    if (!row) return { current: false, lastDay: null };
    return {
      current: row.acceptance.version === link.version && row.linkVersion === (link.revision ?? 1),
      lastDay: quoteLastDay(row, row.acceptance),
    };
  },
  linksEnd: true,
};
