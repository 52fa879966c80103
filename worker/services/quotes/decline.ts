import { and, eq, inArray, sql } from "drizzle-orm";
import type { PublicQuote } from "../../../schema/api/quotes";
import { quotes } from "../../../schema/db/index";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { byLink, closed } from "./customer-link";
import { toPublic } from "./public-view";
import { eventWhen } from "./quotes";

const e = quotes;

/** The customer declines, with a reason if they give one. */
export async function declineQuote(env: AppEnv, db: Db, token: string, reason: string | null): Promise<PublicQuote> {
  const target = await byLink(env, db, token);
  const refusal = closed(target);
  if (refusal) throw new ApiError("CONFLICT", refusal);
  const now = new Date().toISOString();
  const id = target.quote.id;
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
