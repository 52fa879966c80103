import { type BillingSettings, defaultBilling } from "../../../schema/api/billing";
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { saveGroupsStatements, settingRowQuery } from "./owner-settings";

/** The billing settings row ("billing"), over its defaults. */
const KEY = "billing";

export async function readBilling(db: Db): Promise<BillingSettings> {
  const [row] = await billingRowQuery(db);
  return billingOf(row);
}

/** The billing row's statement, for a caller's batch (read it with billingOf). */
export const billingRowQuery = (db: Db) => settingRowQuery(db, KEY);

export const billingOf = (row: { value: string } | undefined): BillingSettings => ({
  ...defaultBilling,
  ...(row ? (JSON.parse(row.value) as Partial<BillingSettings>) : {}),
});

export async function saveBilling(db: Db, changes: Partial<BillingSettings>): Promise<BillingSettings> {
  const current = await readBilling(db);
  const next = { ...current, ...changes };
  if (next.vatRegistered && !next.vatNumber) {
    const message = "Enter the VAT number to charge VAT";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "vatNumber", message }] });
  }
  const [, [row]] = await db.batch(saveGroupsStatements(db, KEY, defaultBilling, changes));
  return { ...defaultBilling, ...(JSON.parse(row!.value) as Partial<BillingSettings>) };
}
