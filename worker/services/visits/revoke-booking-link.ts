import { eq, sql } from "drizzle-orm";
import { bookings } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { manageUrl } from "./book";

/** The owner's "Revoke link" on a booking: every link given before answers that it was replaced. */
/** A booking's link to see, move or cancel the visit; the answer is the new one. */
export async function revokeBookingLink(env: AppEnv, db: Db, reference: string): Promise<{ manageUrl: string }> {
  const [row] = await db
    .update(bookings)
    .set({ linkVersion: sql`${bookings.linkVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(bookings.reference, reference))
    .returning({ reference: bookings.reference, linkVersion: bookings.linkVersion });
  if (!row) throw notFound("Booking");
  return { manageUrl: await manageUrl(env, row.reference, row.linkVersion) };
}
