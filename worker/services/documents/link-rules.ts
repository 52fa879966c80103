import { addDays, londonToday } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import type { DocumentLink } from "../../lib/document-link";

/**
 * When a public link to a document stops opening it (the numbers are in schema/settings.ts,
 * `documentLinks`). The end is worked out when the link is opened, from where the document stands
 * then, not written into the link: a link e-mailed with an unpaid invoice cannot know when the
 * invoice will be paid. Each kind's `linkState` answers the last London day its link opens the
 * document, or null for no end; the rules are the kinds' own. A link made at most `newLinkDays` days
 * ago opens it whatever the end, so the link a screen makes afresh (the owner's, the account page's,
 * the one sent after revoking) always works.
 */
const rules = settings.documentLinks;

/** Whether a link, not revoked, still opens its document. */
export function linkOpen(lastDay: string | null, link: Pick<DocumentLink, "madeOn">, now = Date.now()): boolean {
  const today = londonToday(now);
  if (lastDay === null || today <= lastDay) return true;
  return link.madeOn !== undefined && today <= addDays(link.madeOn, rules.newLinkDays);
}

/** What a link to a document that ends carries: the day it is made. */
export const madeToday = (now = Date.now()) => ({ madeOn: londonToday(now) });
