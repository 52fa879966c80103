import { customers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { ofAccount } from "../customers/customers";

/** The ids of the account's customers, as a subquery: the scope of every read of the account. */
export const accountCustomerIds = (db: Db, email: string) =>
  db.select({ id: customers.id }).from(customers).where(ofAccount(email));
