import { and, asc, eq } from "drizzle-orm";
import { customers, enquiries, properties } from "../../../schema/db/index";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";

export const CHOOSE_PROPERTY = "Choose the property the work is at";

/**
 * Checks the quote's customer, property and request, and answers where the work is: the property
 * given (one of the customer's), else the customer's only property, else null (a customer with
 * several properties, or none yet, is asked before the quote is sent).
 */
export async function placeOf(
  db: Db,
  customerId: number,
  propertyId: number | null | undefined,
  enquiryId?: number | null,
): Promise<number | null> {
  const [[customer], owned, [request]] = await db.batch([
    db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)),
    db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.customerId, customerId), propertyId ? eq(properties.id, propertyId) : undefined))
      .orderBy(asc(properties.id))
      .limit(2),
    db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId ?? 0)),
  ]);
  if (!customer) throw notFound("Customer");
  if (propertyId && owned.length === 0) {
    const message = "Choose one of this customer's properties";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "propertyId", message }] });
  }
  if (enquiryId && !request) throw notFound("Quote request");
  return propertyId ?? (owned.length === 1 ? owned[0]!.id : null);
}
