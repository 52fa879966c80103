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
  kind: "contact" | "invoice" | "credit_note" | "payment" | "refund" | "void";
  documentId: number;
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
