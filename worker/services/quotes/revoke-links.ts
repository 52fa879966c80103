import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminQuote } from "../../../schema/api/quotes";
import { quotes } from "../../../schema/db/index";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { getQuote } from "./quotes";

/**
 * The owner's "Revoke links" on a quote: its link version goes up by one, so every link given before
 * (e-mails, bookmarks, a forwarded message) answers as a link that is not valid.
 */
/** A quote's links (every version's, and its accepted PDF's); "Send again" e-mails the new one. */
export async function revokeQuoteLinks(env: AppEnv, db: Db, id: number): Promise<AdminQuote> {
  const [row] = await db
    .update(quotes)
    .set({ linkVersion: sql`${quotes.linkVersion} + 1` })
    .where(and(eq(quotes.id, id), isNotNull(quotes.sentVersion)))
    .returning({ id: quotes.id });
  if (!row) {
    await getQuote(env, db, id);
    throw new ApiError("CONFLICT", "This quote has not been sent: it has no links to revoke.");
  }
  return getQuote(env, db, id);
}
