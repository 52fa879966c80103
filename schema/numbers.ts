import { paperSeries } from "./api/papers";

/**
 * The numbers people see and quote, one series each, written once: store orders ("NS-10001"), and
 * the documents the business issues (the papers drafted at a visit, warning notices, quotes, invoices,
 * credit notes). A number is given from its series when the document is issued
 * (worker/services/documents/number-series.ts), in the same batch that fixes it: gapless, never reused.
 */
export const numberSeries = {
  order: { prefix: "NS-", width: 5 },
  // Each paper drafted at a visit names its own series (./api/papers.ts).
  ...paperSeries,
  warningNotice: { prefix: "WN-", width: 6 },
  estimate: { prefix: "Q-", width: 4 },
  invoice: { prefix: "INV-", width: 4 },
  creditNote: { prefix: "CN-", width: 4 },
} as const;

export type NumberSeries = keyof typeof numberSeries;

/** 1 → "GSR-000001", 12 → "INV-0012"; a number past the width keeps all its digits. */
export const numberText = (series: NumberSeries, n: number): string => writtenNumber(numberSeries[series], n);

/** A number as its series writes it (a paper's from its own entry, ./api/papers.ts). */
export const writtenNumber = (series: { prefix: string; width: number }, n: number): string =>
  `${series.prefix}${String(n).padStart(series.width, "0")}`;

/** An order's number as people say it ("NS-10001"), or null for an order made before numbers. */
export const orderNumberText = (n: number | null): string | null => (n === null ? null : numberText("order", n));
