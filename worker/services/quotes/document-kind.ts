import { eq, sql } from "drizzle-orm";
import type { QuoteContent } from "../../../schema/api/quotes";
import { cancelUntil } from "../../../schema/consumer-contracts";
import { quoteAcceptances, quotes, quoteVersions } from "../../../schema/db/index";
import { addDays } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { DocumentKind } from "../documents/kind";
import { type AcceptedQuote, renderAcceptedQuote } from "./render";

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
  quote: { validUntil: string },
  acceptance: { acceptedAt: string } | null,
  versionValidUntil?: string,
): string {
  const validUntil = versionValidUntil ? later(quote.validUntil, versionValidUntil) : quote.validUntil;
  const offered = addDays(validUntil, rules.quoteDaysAfterValid);
  if (!acceptance) return offered;
  return later(offered, addDays(cancelUntil(acceptance.acceptedAt), rules.acceptedQuoteDaysAfterCancellation));
}

/** The quote's link version, which a link to it made now carries (1 for a quote not found: its link opens nothing). */
export async function quoteLinkVersion(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ linkVersion: quotes.linkVersion }).from(quotes).where(eq(quotes.id, id));
  return row?.linkVersion ?? 1;
}

export const acceptedQuoteKind: DocumentKind<"estimate"> = {
  name: "estimate",
  /** Its accepted version, as it was accepted. */
  async source(db, id) {
    const [row] = await db
      .select({
        number: quotes.number,
        content: quoteVersions.content,
        vatRegistered: quoteVersions.vatRegistered,
        acceptance: quoteAcceptances,
      })
      .from(quoteAcceptances)
      .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
      .innerJoin(
        quoteVersions,
        sql`${quoteVersions.quoteId} = ${quoteAcceptances.quoteId} AND ${quoteVersions.version} = ${quoteAcceptances.version}`,
      )
      .where(eq(quoteAcceptances.quoteId, id));
    if (!row?.number) return null;
    const a = row.acceptance;
    const snapshot = JSON.parse(a.snapshot) as Pick<AcceptedQuote, "letterhead" | "customerName" | "place">;
    const number = numberText("estimate", row.number);
    return {
      number,
      pdfKey: a.pdfKey,
      pdfSha256: a.pdfSha256,
      render: () =>
        renderAcceptedQuote({
          ...snapshot,
          number,
          content: JSON.parse(row.content) as QuoteContent,
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
  file: { table: quoteAcceptances, id: quoteAcceptances.quoteId },
  /** The quote's own link (the quote's version and its link version): the PDF is the accepted one, and only for that version. */
  async linkState(db, link) {
    const [row] = await db
      .select({ linkVersion: quotes.linkVersion, validUntil: quotes.validUntil, acceptance: quoteAcceptances })
      .from(quoteAcceptances)
      .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
      .where(eq(quoteAcceptances.quoteId, link.id));
    if (!row) return { current: false, lastDay: null };
    return {
      current: row.acceptance.version === link.version && row.linkVersion === (link.revision ?? 1),
      lastDay: quoteLastDay(row, row.acceptance),
    };
  },
  linksEnd: true,
};
