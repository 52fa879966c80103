import type { VatStagger } from "./billing";
import { addMonths, type Money } from "./reports";

/**
 * The VAT report (issue 45): output VAT by rate for each VAT quarter of the owner's stagger, from
 * issued invoices at their tax point less credit notes at their own date, to check against the
 * return Xero or the accountant files. Its query is the reports' month range (monthRangeSchema).
 */

/** How a line is taxed: a VAT rate, or no VAT at all because the business was not registered. */
export const VAT_KINDS = ["20", "5", "0", "outside"] as const;
export type VatKind = (typeof VAT_KINDS)[number];

export const vatKindLabels: Record<VatKind, string> = {
  "20": "Standard rate, 20%",
  "5": "Reduced rate, 5%",
  "0": "Zero rate, 0%",
  outside: "No VAT (not registered)",
};

/** One VAT quarter, or all of the report's (without from and to). */
export type VatQuarter = {
  /** Its first and last months ("2026-02", "2026-04"). */
  from: string;
  to: string;
  /** By rate: invoices less credit notes. */
  sales: Record<VatKind, Money>;
  /** By rate: the credit notes dated in the quarter, already taken off `sales`. */
  credits: Record<VatKind, Money>;
  /** Box 1 of the VAT return: VAT due on sales (every rate, less credit notes). */
  box1Pence: number;
  /** Box 6: sales before VAT at any rate (zero-rated too), less credit notes; not sales made unregistered. */
  box6Pence: number;
};

/** GET /api/admin/reports/vat. */
export type VatReport = {
  stagger: VatStagger;
  quarters: VatQuarter[];
  totals: Omit<VatQuarter, "from" | "to">;
};

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * The last month of the VAT quarter `month` falls in. Stagger 1's quarters end in March (month index
 * 2 of the year), stagger 2's in April (3), stagger 3's in May (4), and every third month after.
 */
export function vatQuarterEnd(month: string, stagger: VatStagger): string {
  const endIndex = stagger + 1;
  return addMonths(month, (((endIndex - monthIndex(month)) % 3) + 3) % 3);
}

/**
 * The quarters a report covers: those ending from `from` to `to` (a calendar year is the four ending
 * in it); unless told, the quarter today is in and the three before.
 */
export function vatQuartersIn(
  stagger: VatStagger,
  range: { from?: string; to?: string },
  thisMonth: string,
): { from: string; to: string }[] {
  const endOfTo = range.to ? vatQuarterEnd(range.to, stagger) : vatQuarterEnd(thisMonth, stagger);
  const lastEnd = range.to && endOfTo !== range.to ? addMonths(endOfTo, -3) : endOfTo;
  const firstEnd = range.from ? vatQuarterEnd(range.from, stagger) : addMonths(lastEnd, -9);
  const quarters: { from: string; to: string }[] = [];
  for (let end = firstEnd; end <= lastEnd; end = addMonths(end, 3)) quarters.push({ from: addMonths(end, -2), to: end });
  return quarters;
}

/** The last day of a month ("2026-02" → "2026-02-28"). */
export const lastDayOf = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

const monthText = (month: string, withYear: boolean) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-GB", {
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });

/** A quarter as the screen names it: "Jan – Mar 2026", or "Nov 2025 – Jan 2026" across a new year. */
export const quarterName = ({ from, to }: { from: string; to: string }) =>
  `${monthText(from, from.slice(0, 4) !== to.slice(0, 4))} – ${monthText(to, true)}`;
