import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { TENANT_BOOKS_NEEDS_EMAIL } from "../../../schema/api/properties";
import { properties } from "../../../schema/db";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { accountCustomerIds } from "./customer-ids";

/**
 * The landlord lets a let property's tenant book its gas safety check from the tenant's own account
 * (or stops them): one of the account's properties only, and only with a tenant who has an e-mail
 * to sign in with. One statement; a second read only to say why nothing changed.
 */
export async function setTenantMayBook(db: Db, email: string, propertyId: number, mayBook: boolean) {
  const ours = and(eq(properties.id, propertyId), inAccount(db, email));
  const [changed] = await db
    .update(properties)
    .set({ tenantMayBook: mayBook })
    .where(and(ours, mayBook ? isNotNull(properties.tenantEmail) : undefined))
    .returning({ mayBook: properties.tenantMayBook });
  if (changed) return changed;
  const [exists] = await db.select({ id: properties.id }).from(properties).where(ours);
  if (!exists) throw notFound("Property");
  throw new ApiError("VALIDATION_FAILED", `${TENANT_BOOKS_NEEDS_EMAIL}: please ask us to add it.`);
}

const inAccount = (db: Db, email: string) => inArray(properties.customerId, accountCustomerIds(db, email));
