/**
 * Money, the one rule for the whole product (quotes now, invoices next): amounts are integer pence;
 * a line's net is its quantity times its unit price, rounded half-up to the penny; its VAT is the
 * net times the rate (0, 5 or 20 %), rounded half-up to the penny, per line; a total is the sum of
 * its lines. Totals sent by a browser are never read: the server computes them again from the lines.
 */
export const VAT_RATES = [0, 5, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Half-up to a whole number, for the non-negative amounts the product deals in. */
const halfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

export type LineAmounts = { netPence: number; vatPence: number; grossPence: number };

export function lineAmounts(quantity: number, unitPence: number, vatRate: VatRate): LineAmounts {
  // Quantities have at most two decimals: work in hundredths so 1.15 × 100 is exact.
  const netPence = halfUp((Math.round(quantity * 100) * unitPence) / 100);
  const vatPence = halfUp((netPence * vatRate) / 100);
  return { netPence, vatPence, grossPence: netPence + vatPence };
}

export type Totals = {
  netPence: number;
  /** VAT by rate, for the rates that occur ("20": 38000). */
  vatByRate: Partial<Record<`${VatRate}`, number>>;
  vatPence: number;
  grossPence: number;
};

export function sumLines(lines: { quantity: number; unitPence: number; vatRate: VatRate }[]): Totals {
  const totals: Totals = { netPence: 0, vatByRate: {}, vatPence: 0, grossPence: 0 };
  for (const line of lines) {
    const a = lineAmounts(line.quantity, line.unitPence, line.vatRate);
    totals.netPence += a.netPence;
    totals.vatPence += a.vatPence;
    totals.grossPence += a.grossPence;
    if (a.vatPence > 0 || line.vatRate > 0) {
      const key = `${line.vatRate}` as const;
      totals.vatByRate[key] = (totals.vatByRate[key] ?? 0) + a.vatPence;
    }
  }
  return totals;
}

/** A deposit of a percentage of the gross (rounded half-up) or a fixed sum, never more than the gross. */
export function depositPence(
  deposit: { kind: "percent"; percent: number } | { kind: "fixed"; pence: number } | null,
  grossPence: number,
): number {
  if (!deposit) return 0;
  const pence = deposit.kind === "percent" ? halfUp((grossPence * deposit.percent) / 100) : deposit.pence;
  return Math.min(pence, grossPence);
}

/**
 * What names money in an answer: every amount of the product is in pence (`pricePence`,
 * `owedPence`, a line's `unitPence`), and the words below name the rest (a report's `total`, a
 * product's `costPrice`, a quote's `deposit`); `seesPrices`, the person's own setting, is not money.
 * worker/middleware/engineer-prices.ts takes them out of an engineer's answers; test/admin-roles.test.ts
 * and e2e/engineer-morning.spec.ts find none of them in any answer an engineer gets.
 */
export const MONEY_KEY =
  /^(?!seesPrices$).*(pence|price|cost|total|amount|balance|gross|owed|pounds|deposit|margin)|^net$|^vat$|^paid$/i;
