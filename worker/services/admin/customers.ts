import { asc } from "drizzle-orm";
import type { AdminCustomer } from "../../../schema/api/admin";
import { customers } from "../../../schema/db";
import type { Db } from "../../db/client";

export function listCustomers(db: Db): Promise<AdminCustomer[]> {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
    })
    .from(customers)
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id));
}
