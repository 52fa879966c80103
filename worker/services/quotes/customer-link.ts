import type { quoteVersions } from "../../../schema/db/index";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { readDocumentLink } from "../../lib/document-link";
import { ApiError } from "../../lib/errors";
import { linkOpen } from "../documents/link-rules";
import { quoteLastDay } from "./document-kind";
import { contentOf, LINK_PURPOSE, type Loaded, loadQuote, statusNow } from "./quotes";

const NOT_A_LINK = "This link is not valid. Please use the link in our latest e-mail, or call us.";

export type LinkTarget = Loaded & { linkVersion: number; version: typeof quoteVersions.$inferSelect };

/** The quote and version a customer's link names, when it is genuine, was sent, and is not revoked or past its end. */
export async function byLink(env: AppEnv, db: Db, token: string): Promise<LinkTarget> {
  const link = await readDocumentLink(env, LINK_PURPOSE, token);
  if (!link) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  const loaded = await loadQuote(db, link.id).catch(() => null);
  const version = loaded?.versions.find((x) => x.version === link.version);
  // Only a version that was sent has a link; a draft's would be a forgery or a bug.
  if (!loaded || !version?.sentAt) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  // Revoked by the owner (the quote's link version bumped), or past its end (documents/link-rules.ts).
  const lastDay = quoteLastDay(loaded.quote, loaded.acceptance, contentOf(version).validUntil);
  if ((link.revision ?? 1) !== loaded.quote.linkVersion || !linkOpen(lastDay, link)) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  return { ...loaded, linkVersion: link.version, version };
}

/** Why this link's version can no longer be accepted or declined; null when it can. */
export function closed(target: LinkTarget): string | null {
  const { quote } = target;
  if (quote.status === "accepted") return "This quote has already been accepted.";
  if (quote.status === "cancelled") return "This quote was cancelled.";
  if (quote.sentVersion !== target.linkVersion)
    return "This quote was replaced by a newer version: please use the link in our latest e-mail.";
  if (quote.status === "declined") return "This quote was declined. Please call us if you would like a new one.";
  if (statusNow(quote.status, quote.validUntil) === "expired")
    return "This quote has expired. Please call us and we'll send you an up-to-date one.";
  return null;
}
