import { eq, sql } from "drizzle-orm";
import type { AdminEstimate } from "../../../schema/api/estimates";
import { estimates, estimateVersions } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { numberTaken, takeNumber } from "../documents/number-series";
import { queueEmails } from "../mail/deliveries";
import { readBilling } from "../settings/billing-settings";
import { estimateSentEmail } from "./emails";
import { contentOf, estimateLink, event, FIXED, loadEstimate, toAdmin } from "./estimates";
import { CHOOSE_PROPERTY, placeOf } from "./place";

const e = estimates;
const v = estimateVersions;

/**
 * Sends the newest version: numbered Q-0001… on its first send (in the same batch), fixed, and
 * e-mailed to the customer with their link. Sending again with nothing changed e-mails the same link.
 */
export async function sendEstimate(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  const { estimate, customer, versions } = await loadEstimate(db, id);
  if (estimate.status === "accepted" || estimate.status === "cancelled") throw new ApiError("CONFLICT", FIXED[estimate.status]);
  if (!customer.email) {
    const message = "Add the customer's e-mail address to send them the quote";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "customerEmail", message }] });
  }
  // Where the work is: the job made on acceptance goes there, and the e-mails and PDF name it.
  const propertyId = estimate.propertyId ?? (await placeOf(db, estimate.customerId, null));
  if (propertyId === null) {
    throw new ApiError("VALIDATION_FAILED", `${CHOOSE_PROPERTY} before sending the quote`, {
      details: [{ path: "propertyId", message: CHOOSE_PROPERTY }],
    });
  }
  const latest = versions.at(-1)!;
  const content = contentOf(latest);
  if (content.validUntil < londonToday()) {
    const message = "The valid-until date has passed: choose a later one before sending";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "validUntil", message }] });
  }
  const { vatRegistered } = await readBilling(db);
  const now = new Date().toISOString();
  const again = latest.sentAt !== null;
  await db.batch([
    takeNumber(db, "estimate", sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.id} = ${id} AND ${e.number} IS NULL)`),
    db
      .update(e)
      .set({
        number: sql`COALESCE(${e.number}, ${numberTaken("estimate")})`,
        status: again && estimate.status === "viewed" ? "viewed" : "sent",
        sentVersion: latest.version,
        validUntil: content.validUntil,
        propertyId,
        sentAt: now,
        declinedAt: null,
        declineReason: null,
        updatedAt: now,
      })
      .where(eq(e.id, id)),
    ...(again ? [] : [db.update(v).set({ sentAt: now, vatRegistered }).where(eq(v.id, latest.id))]),
    event(db, id, "sent", now, again ? `version ${latest.version} again` : `version ${latest.version}`),
  ]);
  const after = await loadEstimate(db, id);
  await queueEmails(db, env.MAIL_QUEUE, [
    estimateSentEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("estimate", after.estimate.number!),
      title: content.title,
      validUntil: content.validUntil,
      url: siteUrl(env, await estimateLink(env, id, latest.version, after.estimate.linkVersion)),
      revised: latest.version > 1,
    }),
  ]);
  return toAdmin(env, db, after);
}
