import type { InstallationKind } from "../../../../schema/api/installations";
import { parsePriceToPence, penceToDecimal } from "../../../../schema/format";
import type { VatRate } from "../../../../schema/money";

/** A priced line as typed (a quote's or an invoice's): amounts stay text until sent. */
export type LineForm = {
  id?: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: VatRate;
  optional: boolean;
  productId: number | null;
  /** A quote's line only: the notifiable installation it fits (the job then owes a Building Regulations notification). */
  installation: InstallationKind | null;
};

/** A stored line, as the API gives it. */
type StoredLine = {
  id: string;
  description: string;
  quantity: number;
  unitPence: number;
  vatRate: VatRate;
  optional?: boolean;
  productId: number | null;
  installation?: InstallationKind | null;
};

export const blankLine = (): LineForm => ({
  description: "",
  quantity: "1",
  unitPrice: "",
  vatRate: 20,
  optional: false,
  productId: null,
  installation: null,
});

/** A stored line in the form. */
export const lineFormOf = (l: StoredLine): LineForm => ({
  id: l.id,
  description: l.description,
  quantity: String(l.quantity),
  unitPrice: penceToDecimal(l.unitPence),
  vatRate: l.vatRate,
  optional: l.optional ?? false,
  productId: l.productId,
  installation: l.installation ?? null,
});

/** A number as typed ("1,5" too); blank is not a number, so the schema says what to type. */
export const typedNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));

/** A line as the API takes it (an invalid amount is sent as typed, for the schema to name). */
export const lineInput = (l: LineForm) => ({
  ...(l.id ? { id: l.id } : {}),
  description: l.description,
  quantity: typedNumber(l.quantity),
  unitPence: parsePriceToPence(l.unitPrice) ?? Number.NaN,
  vatRate: l.vatRate,
  productId: l.productId,
});

/** The lines that can be priced yet, with an id each, for the live totals. */
export function pricedLines<L extends ReturnType<typeof lineInput>>(lines: L[], idPrefix: string) {
  return lines
    .map((l, i) => ({ ...l, id: l.id ?? `${idPrefix}${i}` }))
    .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0 && Number.isFinite(l.unitPence));
}
