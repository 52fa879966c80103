/**
 * The numbers people see and quote, one series each, written once: store orders ("NS-10001"), and
 * the documents the business issues (gas safety records, warning notices, service sheets, unvented cylinder records, Benchmark
 * checklists, quotes,
 * invoices, credit notes). A number is given from its series when the document is issued
 * (worker/services/documents/number-series.ts), in the same batch that fixes it: gapless, never reused.
 */
export const numberSeries = {
  order: { prefix: "NS-", width: 5 },
  gasSafetyRecord: { prefix: "GSR-", width: 6 },
  warningNotice: { prefix: "WN-", width: 6 },
  serviceSheet: { prefix: "SS-", width: 6 },
  unventedRecord: { prefix: "G3-", width: 6 },
  benchmark: { prefix: "BM-", width: 6 },
  estimate: { prefix: "Q-", width: 4 },
  invoice: { prefix: "INV-", width: 4 },
  creditNote: { prefix: "CN-", width: 4 },
} as const;

export type NumberSeries = keyof typeof numberSeries;

/** 1 → "GSR-000001", 12 → "INV-0012"; a number past the width keeps all its digits. */
export const numberText = (series: NumberSeries, n: number): string =>
  `${numberSeries[series].prefix}${String(n).padStart(numberSeries[series].width, "0")}`;

/** An order's number as people say it ("NS-10001"), or null for an order made before numbers. */
export const orderNumberText = (n: number | null): string | null => (n === null ? null : numberText("order", n));
