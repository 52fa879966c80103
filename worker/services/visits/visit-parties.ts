import { eq, type SQL, sql } from "drizzle-orm";
import { customers, jobs, properties } from "../../../schema/db";
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import type { VisitCustomer } from "./owner-visits";

/**
 * Who and where a visit the owner writes is for: the job's customer and property for a job's next
 * visit, a property of the visit's own customer, and the customer as told about it at that place.
 */

export const noSuchCustomer = () =>
  new ApiError("VALIDATION_FAILED", "That customer does not exist", {
    details: [{ path: "customerId", message: "That customer does not exist" }],
  });

/** A visit added to a job: the job's customer and property (no other). */
export async function ofJob<T extends { customerId?: number | null; propertyId?: number | null }>(
  db: Db,
  jobId: number,
  input: T,
) {
  const [job] = await db
    .select({ customerId: jobs.customerId, propertyId: jobs.propertyId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job)
    throw new ApiError("VALIDATION_FAILED", "That job does not exist", {
      details: [{ path: "jobId", message: "That job does not exist" }],
    });
  if (input.customerId !== undefined && input.customerId !== job.customerId) {
    const message = "A job's visit is for the job's customer";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "customerId", message }] });
  }
  if (input.propertyId && job.propertyId && input.propertyId !== job.propertyId) {
    const message = "A job's visits are at the job's property";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "propertyId", message }] });
  }
  return { ...input, customerId: job.customerId, propertyId: input.propertyId ?? job.propertyId };
}

export const visitCustomerOf = (c: {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postcode: string | null;
}): VisitCustomer => ({
  name: `${c.firstName} ${c.lastName}`.trim(),
  email: c.email,
  phone: c.phone,
  address: c.address,
  postcode: c.postcode,
});

/** A visit can only be at a property of its own customer. */
export async function checkPropertyOf(db: Db, propertyId: number, customerId: number | null) {
  const [row] = await db.select({ customerId: properties.customerId }).from(properties).where(eq(properties.id, propertyId));
  if (!row || row.customerId !== customerId) {
    const message = "Choose one of this customer's properties";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "propertyId", message }] });
  }
}

/**
 * The customer to tell, at the visit's property: a landlord's confirmation for a check at her flat
 * names the flat, not her home. One round trip for both.
 */
export async function pickedCustomer(
  db: Db,
  customerId: number | null | undefined,
  propertyId: number | SQL,
): Promise<VisitCustomer | null> {
  if (!customerId) return null;
  const [[row], [place]] = await db.batch([
    db.select().from(customers).where(eq(customers.id, customerId)),
    placeOfVisit(db, propertyId),
  ]);
  if (!row) throw noSuchCustomer();
  return atPlace(visitCustomerOf(row), place);
}

/** A property's address, for the batch that reads a visit's customer. */
export const placeOfVisit = (db: Db, propertyId: number | SQL) =>
  db
    .select({ address: properties.address, postcode: properties.postcode })
    .from(properties)
    .where(sql`${properties.id} = ${propertyId}`);

/** The customer as told about a visit at `place` (their own address when the visit has no property). */
export const atPlace = (customer: VisitCustomer, place: { address: string; postcode: string | null } | undefined) =>
  place ? { ...customer, address: place.address, postcode: place.postcode } : customer;
