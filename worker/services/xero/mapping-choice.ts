import { eq } from "drizzle-orm";
import type { XeroMappingChoice } from "../../../schema/api/xero";
import { xeroConnection } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { listAccounts, listTaxRates, type XeroAccount, type XeroTaxRate } from "./accounting";
import { xeroConfig } from "./config";
import { XeroError } from "./http";
import { defaultMapping, type XeroMapping } from "./mapping";
import { readConnection, withAccounting, XeroNotConnected } from "./session";

/**
 * The mapping, chosen once from the organisation's own lists (issue 48 part 2): its active revenue
 * accounts, its bank accounts and the tax rates that apply to sales. Until chosen, a proposal from
 * those lists: the account named Sales, the first bank account for every way of paying, the UK
 * tax types where the organisation has them. A choice naming anything Xero does not list is refused.
 */
type Lists = { accounts: XeroAccount[]; taxRates: XeroTaxRate[] };

async function readLists(env: AppEnv, db: Db): Promise<Lists> {
  try {
    return await withAccounting(env, db, async (api) => ({
      accounts: await listAccounts(api),
      taxRates: await listTaxRates(api),
    }));
  } catch (error) {
    if (error instanceof XeroNotConnected) throw new ApiError("CONFLICT", "Xero is not connected: connect it first.");
    if (error instanceof XeroError)
      throw new ApiError("NOT_CONFIGURED", `Xero's lists could not be read just now (${error.message}).`);
    throw error;
  }
}

const active = <T extends { Status: string }>(items: T[]) => items.filter((i) => i.Status === "ACTIVE");

function proposal({ accounts, taxRates }: Lists): XeroMapping {
  const sales = active(accounts).filter((a) => a.Type === "REVENUE" || a.Type === "SALES");
  const banks = active(accounts).filter((a) => a.Type === "BANK");
  const hasTax = (t: string) => taxRates.some((r) => r.TaxType === t);
  const bank = banks[0]?.Code ?? defaultMapping.bankAccounts.bank;
  return {
    salesAccount: (sales.find((a) => a.Name === "Sales") ?? sales[0])?.Code ?? defaultMapping.salesAccount,
    bankAccounts: { card: bank, bank, cash: bank, cheque: bank },
    taxTypes: Object.fromEntries(
      Object.entries(defaultMapping.taxTypes).map(([rate, type]) => [rate, hasTax(type) ? type : (taxRates[0]?.TaxType ?? type)]),
    ) as XeroMapping["taxTypes"],
  };
}

function choiceOf(lists: Lists, stored: string | null): XeroMappingChoice {
  const forSales = active(lists.taxRates).filter((r) => r.CanApplyToRevenue !== false);
  return {
    mapping: stored ? (JSON.parse(stored) as XeroMapping) : proposal(lists),
    chosen: stored !== null,
    salesAccounts: active(lists.accounts)
      .filter((a) => a.Type === "REVENUE" || a.Type === "SALES")
      .map((a) => ({ code: a.Code, name: a.Name })),
    bankAccounts: active(lists.accounts)
      .filter((a) => a.Type === "BANK")
      .map((a) => ({ code: a.Code, name: a.Name })),
    taxRates: forSales.map((r) => ({ taxType: r.TaxType, name: r.Name, rate: Number(r.EffectiveRate) })),
  };
}

/** Not connected (or the link off): the choice kept, with nothing to pick from until Xero is. */
export async function readMappingChoice(env: AppEnv, db: Db): Promise<XeroMappingChoice> {
  const connection = await readConnection(db);
  if (connection?.status !== "connected" || !xeroConfig(env))
    return choiceOf({ accounts: [], taxRates: [] }, connection?.mapping ?? null);
  const lists = await readLists(env, db);
  return choiceOf(lists, (await readConnection(db))?.mapping ?? null);
}

export async function chooseMapping(env: AppEnv, db: Db, mapping: XeroMapping): Promise<XeroMappingChoice> {
  const lists = await readLists(env, db);
  const offered = choiceOf(lists, null);
  const problems: { path: string; message: string }[] = [];
  const check = (path: string, code: string, among: { code: string }[] | { taxType: string }[]) => {
    const found = among.some((x) => ("code" in x ? x.code : x.taxType) === code);
    if (!found) problems.push({ path, message: `Xero has no ${code} to choose here: pick one from the list.` });
  };
  check("salesAccount", mapping.salesAccount, offered.salesAccounts);
  for (const [method, code] of Object.entries(mapping.bankAccounts)) check(`bankAccounts.${method}`, code, offered.bankAccounts);
  for (const [rate, type] of Object.entries(mapping.taxTypes)) check(`taxTypes.${rate}`, type, offered.taxRates);
  if (problems.length) throw new ApiError("VALIDATION_FAILED", problems[0]!.message, { details: problems });
  await db
    .update(xeroConnection)
    .set({ mapping: JSON.stringify(mapping), updatedAt: new Date().toISOString() })
    .where(eq(xeroConnection.id, 1));
  return choiceOf(lists, JSON.stringify(mapping));
}
