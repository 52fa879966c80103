import type { PaymentMethod } from "../../../schema/api/payment-methods";
import type { VatRate } from "../../../schema/money";

/**
 * Where the sync puts things in the organisation's books: the sales account every line goes to,
 * the bank account each way of paying lands in, and Xero's tax type for each VAT rate. Until the
 * owner chooses (kept on the connection row), a new UK organisation's own: Sales (200), the
 * Business Bank Account (090), and the UK tax types.
 */
export type XeroMapping = {
  salesAccount: string;
  bankAccounts: Record<PaymentMethod, string>;
  /** "20", "5", "0" (zero-rated) and "none" (not registered for VAT). */
  taxTypes: Record<"20" | "5" | "0" | "none", string>;
};

export const defaultMapping: XeroMapping = {
  salesAccount: "200",
  bankAccounts: { card: "090", bank: "090", cash: "090", cheque: "090" },
  taxTypes: { "20": "OUTPUT2", "5": "RROUTPUT", "0": "ZERORATEDOUTPUT", none: "NONE" },
};

export function mappingOf(stored: string | null): XeroMapping {
  if (!stored) return defaultMapping;
  const chosen = JSON.parse(stored) as Partial<XeroMapping>;
  return {
    salesAccount: chosen.salesAccount ?? defaultMapping.salesAccount,
    bankAccounts: { ...defaultMapping.bankAccounts, ...chosen.bankAccounts },
    taxTypes: { ...defaultMapping.taxTypes, ...chosen.taxTypes },
  };
}

/** An invoice issued while not registered carries no VAT at all: "No VAT", not zero-rated. */
export const taxTypeFor = (mapping: XeroMapping, rate: VatRate, vatRegistered: boolean) =>
  vatRegistered ? mapping.taxTypes[`${rate}` as "20" | "5" | "0"] : mapping.taxTypes.none;
