import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminEstimate } from "../../../schema/api/estimates";
import { estimates } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { getEstimate } from "./estimates";

/**
 * The owner's "Revoke links" on a quote: its link version goes up by one, so every link given before
 * (e-mails, bookmarks, a forwarded message) answers as a link that is not valid.
 */
/** A quote's links (every version's, and its accepted PDF's); "Send again" e-mails the new one. */
export async function revokeEstimateLinks(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  const [row] = await db
    .update(estimates)
    .set({ linkVersion: sql`${estimates.linkVersion} + 1` })
    .where(and(eq(estimates.id, id), isNotNull(estimates.sentVersion)))
    .returning({ id: estimates.id });
  if (!row) {
    await getEstimate(env, db, id);
    throw new ApiError("CONFLICT", "This quote has not been sent: it has no links to revoke.");
  }
  return getEstimate(env, db, id);
}
