import { limitParam, offsetParam, searchParam } from "./lists";
import { z } from "./z";

/**
 * The gas safety records list (issue 45): every record, newest check first; the ones due (each
 * property's latest issued record whose deadline is within GAS_LIST_DUE_DAYS days or past, soonest
 * first); the drafts. Searched by number (GSR-000123, or CP12-123 as landlords call it), or by the
 * property's address or postcode, or the landlord's name or e-mail.
 */
export const GAS_SAFETY_TABS = ["all", "due", "drafts"] as const;
export type GasSafetyTab = (typeof GAS_SAFETY_TABS)[number];

/** How far ahead the Due tab looks, in days from today (today + 60 is in, today + 61 is not). */
export const GAS_LIST_DUE_DAYS = 60;

export const gasSafetyListQuerySchema = z.object({
  tab: z.enum(GAS_SAFETY_TABS, { error: "Unknown tab: choose all, due or drafts" }).default("all"),
  q: searchParam,
  limit: limitParam(100).default(50),
  offset: offsetParam,
});
export type GasSafetyListQuery = z.output<typeof gasSafetyListQuerySchema>;

/** A row of the list: only what it shows. */
export type GasSafetyListItem = {
  id: number;
  /** GSR-000123 once issued; null for a draft. */
  number: string | null;
  status: "draft" | "issued";
  address: string | null;
  postcode: string | null;
  customerName: string | null;
  tenantName: string | null;
  checkDate: string;
  /** The reg. 36A deadline it sets (issued only), and the days from today to it (negative: past). */
  nextDueDate: string | null;
  daysLeft: number | null;
  /** The property's latest issued record, whose deadline stands (false for a draft or one a later record replaced). */
  isLatest: boolean;
  /** A warning notice was issued with it (an appliance found ID or AR). */
  hasWarning: boolean;
};
