import { isoDate } from "./fields";
import { z } from "./z";

/**
 * The Xero link as the billing settings screen shows it (issue 48): off (no Xero app on this
 * deploy), not connected, choosing among several organisations, connected, or "reconnect" when Xero
 * stopped taking the link's tokens (what waits to be sent is kept for when it is connected again).
 */
export const XERO_OFF =
  "The Xero link is off on this site: set the XERO_CLIENT_ID and XERO_CLIENT_SECRET secrets to turn it on. The accountant's CSV exports work as ever.";

export type XeroLinkStatus = "off" | "disconnected" | "choosing" | "connected" | "reconnect";

export type XeroSyncItem = {
  kind: "contact" | "invoice" | "credit_note" | "payment" | "refund" | "void" | "contact_update" | "deposit";
  documentId: number;
  /** The document as the owner knows it: "INV-0012", "the payment of £20.00 on INV-0012". */
  document: string;
  state: "waiting" | "failed";
  attempts: number;
  /** Xero's own words for the last failure. */
  error: string | null;
};

export type XeroLink = {
  status: XeroLinkStatus;
  organisation: { tenantId: string; name: string } | null;
  /** While choosing: the organisations the consent reached. */
  organisations: { tenantId: string; name: string }[];
  lastSyncAt: string | null;
  lastError: string | null;
  waiting: number;
  failed: XeroSyncItem[];
};

export const xeroCallbackSchema = z.object({
  code: z.string({ error: "Xero sent no code back" }).min(1, "Xero sent no code back").max(2000),
  state: z.string({ error: "Xero sent no state back" }).min(1, "Xero sent no state back").max(200),
});

export const xeroOrganisationSchema = z.object({
  tenantId: z.string({ error: "Choose the organisation" }).min(1, "Choose the organisation").max(100),
});

/** What the owner picks from (read from the organisation's own lists) and what is chosen. */
export type XeroMappingChoice = {
  mapping: {
    salesAccount: string;
    bankAccounts: Record<"card" | "bank" | "cash" | "cheque", string>;
    taxTypes: Record<"20" | "5" | "0" | "none", string>;
  };
  /** Whether the owner has chosen (else the proposal from the organisation's lists is shown). */
  chosen: boolean;
  salesAccounts: { code: string; name: string }[];
  bankAccounts: { code: string; name: string }[];
  taxRates: { taxType: string; name: string; rate: number }[];
};

const code = (what: string) =>
  z
    .string({ error: `Choose the ${what}` })
    .trim()
    .min(1, `Choose the ${what}`)
    .max(50);

export const xeroMappingSchema = z.object({
  salesAccount: code("sales account"),
  bankAccounts: z.object({
    card: code("account card payments go to"),
    bank: code("account bank transfers go to"),
    cash: code("account cash goes to"),
    cheque: code("account cheques go to"),
  }),
  taxTypes: z.object({
    "20": code("tax rate for 20% VAT"),
    "5": code("tax rate for 5% VAT"),
    "0": code("tax rate for zero-rated lines"),
    none: code("tax rate for no VAT"),
  }),
});

export const xeroCatchUpSchema = z.object({ from: isoDate("The date to start from") });
