import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AccountBooking, BookingCreated } from "../../../schema/api/bookings";
import { customers, properties } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { ofAccount } from "../customers/customers";
import { type BookingForMail, tenantBookedMail } from "../mail/booking-emails";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { createBooking } from "./book";

/**
 * "Book the check" from the signed-in account: the visit is at the chosen property, for the customer
 * it belongs to, and the confirmation (with its link to move or cancel) goes to the account's own
 * address. The property must be one of the account's customers', or the home the account rents when
 * its landlord lets the tenant book (the visit is then the landlord's, booked by the tenant), read in
 * SQL; anyone else's is a 404. Nobody new is made: the property's customer is the one booked for.
 */
export async function createAccountBooking(
  env: AppEnv,
  db: Db,
  email: string,
  { propertyId, ...input }: AccountBooking,
  now = Date.now(),
): Promise<{ created: BookingCreated; mails: MailMessage[] }> {
  const accountCustomers = db.select({ id: customers.id }).from(customers).where(ofAccount(email));
  const [place] = await db
    .select({
      customerId: properties.customerId,
      address: properties.address,
      postcode: properties.postcode,
      owned: sql<number>`${inArray(properties.customerId, accountCustomers)}`,
      tenantMayBook: properties.tenantMayBook,
      landlordEmail: customers.email,
      landlordFirstName: customers.firstName,
    })
    .from(properties)
    .leftJoin(customers, eq(customers.id, properties.customerId))
    .where(
      and(
        eq(properties.id, propertyId),
        or(inArray(properties.customerId, accountCustomers), sql`lower(${properties.tenantEmail}) = ${email}`),
      ),
    );
  if (!place?.customerId) throw notFound("Property");
  if (!place.owned && !place.tenantMayBook) {
    throw new ApiError(
      "FORBIDDEN",
      `Your landlord books the gas safety check for this home. Please ask them, or call us on ${factsNow().phone}.`,
    );
  }
  if (!place.postcode) {
    throw new ApiError(
      "VALIDATION_FAILED",
      `We don't have this property's postcode, so it can't be booked online. Please call us on ${factsNow().phone}.`,
    );
  }
  // The channel chosen is the account's, as on its preferences (every customer of it), and its texts
  // go to the mobile number given with it (createBooking refuses any other). A tenant's choice is
  // not theirs to make for the landlord's customer: dropped, as the page offers them none.
  const { contactChannel, ...details } = input;
  const channel = place.owned ? contactChannel : undefined;
  const withBooking = channel
    ? [
        db.update(customers).set({ contactChannel: channel }).where(ofAccount(email)),
        ...(channel === "email"
          ? []
          : [db.update(customers).set({ phone: input.phone }).where(eq(customers.id, place.customerId))]),
      ]
    : [];
  const booked = await createBooking(
    env,
    db,
    { ...details, ...(channel ? { contactChannel: channel } : {}), email, address: place.address, postcode: place.postcode },
    now,
    { customerId: place.customerId, propertyId, withBooking },
  );
  // Booked by the tenant: the landlord, whose visit it is, is told.
  const landlord =
    !place.owned && place.landlordEmail ? { email: place.landlordEmail, name: place.landlordFirstName ?? "" } : null;
  if (!landlord) return booked;
  const { reference, start, end } = booked.created;
  const booking: BookingForMail = {
    ...details,
    email,
    address: place.address,
    postcode: place.postcode,
    reference,
    startsAt: start,
    endsAt: end,
    linkVersion: 1,
  };
  return { ...booked, mails: [...booked.mails, tenantBookedMail(landlord, booking)] };
}
