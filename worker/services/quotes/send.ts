import { eq, sql } from "drizzle-orm";
import type { AdminQuote } from "../../../schema/api/quotes";
import { quotes, quoteVersions } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { numberTaken, takeNumber } from "../documents/number-series";
import { queueEmails } from "../mail/deliveries";
import { readBilling } from "../settings/billing-settings";
import { quoteSentEmail } from "./emails";
import { CHOOSE_PROPERTY, placeOf } from "./place";
import { contentOf, event, FIXED, loadQuote, quoteLink, toAdmin } from "./quotes";

const e = quotes;
const v = quoteVersions;

/**
 * Sends the newest version: numbered Q-0001… on its first send (in the same batch), fixed, and
 * e-mailed to the customer with their link. Sending again with nothing changed e-mails the same link.
 */
export async function sendQuote(env: AppEnv, db: Db, id: number): Promise<AdminQuote> {
  const { quote, customer, versions } = await loadQuote(db, id);
  if (quote.status === "accepted" || quote.status === "cancelled") throw new ApiError("CONFLICT", FIXED[quote.status]);
  if (!customer.email) {
    const message = "Add the customer's e-mail address to send them the quote";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "customerEmail", message }] });
  }
  // Where the work is: the job made on acceptance goes there, and the e-mails and PDF name it.
  const propertyId = quote.propertyId ?? (await placeOf(db, quote.customerId, null));
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
        status: again && quote.status === "viewed" ? "viewed" : "sent",
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
  const after = await loadQuote(db, id);
  await queueEmails(db, env.MAIL_QUEUE, [
    quoteSentEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("estimate", after.quote.number!),
      title: content.title,
      validUntil: content.validUntil,
      url: siteUrl(env, await quoteLink(env, id, latest.version, after.quote.linkVersion)),
      revised: latest.version > 1,
    }),
  ]);
  return toAdmin(env, db, after);
}
