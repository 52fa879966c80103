import type { AdminEstimate, EstimateContent, EstimateOption } from "../../../../schema/api/estimates";
import { parsePriceToPence, penceToDecimal } from "../../../../schema/format";
import type { VatRate } from "../../../../schema/money";

/** A quote's form as typed: amounts stay text until sent. */
export type LineForm = {
  id?: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: VatRate;
  optional: boolean;
  productId: number | null;
};
export type OptionForm = { id?: string; name: string; lines: LineForm[] };
export type EstimateForm = {
  title: string;
  introduction: string;
  options: OptionForm[];
  validUntil: string;
  terms: string;
  depositKind: "none" | "percent" | "fixed";
  depositValue: string;
  followUps: boolean;
  propertyId: number | null;
};

export const blankLine = (): LineForm => ({
  description: "",
  quantity: "1",
  unitPrice: "",
  vatRate: 20,
  optional: false,
  productId: null,
});

export const newEstimateForm = (title = ""): EstimateForm => ({
  title,
  introduction: "",
  options: [{ name: "Option 1", lines: [blankLine()] }],
  validUntil: "",
  terms: "",
  depositKind: "none",
  depositValue: "",
  followUps: true,
  propertyId: null,
});

export function formOf(e: AdminEstimate): EstimateForm {
  return {
    title: e.title,
    introduction: e.introduction ?? "",
    options: e.options.map((o) => ({
      id: o.id,
      name: o.name,
      lines: o.lines.map((l) => ({
        id: l.id,
        description: l.description,
        quantity: String(l.quantity),
        unitPrice: penceToDecimal(l.unitPence),
        vatRate: l.vatRate,
        optional: l.optional,
        productId: l.productId,
      })),
    })),
    validUntil: e.validUntil,
    terms: e.terms ?? "",
    depositKind: e.deposit ? e.deposit.kind : "none",
    depositValue: e.deposit ? (e.deposit.kind === "percent" ? String(e.deposit.percent) : penceToDecimal(e.deposit.pence)) : "",
    followUps: e.followUps,
    propertyId: e.propertyId,
  };
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));

/** The options as the API takes them (invalid amounts are sent as typed, for the API to name). */
export function optionsInput(form: EstimateForm) {
  return form.options.map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    name: o.name,
    lines: o.lines.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      description: l.description,
      quantity: number(l.quantity),
      unitPence: parsePriceToPence(l.unitPrice) ?? Number.NaN,
      vatRate: l.vatRate,
      optional: l.optional,
      productId: l.productId,
    })),
  }));
}

export function depositInput(form: EstimateForm): EstimateContent["deposit"] {
  if (form.depositKind === "percent") return { kind: "percent", percent: number(form.depositValue) };
  if (form.depositKind === "fixed") return { kind: "fixed", pence: parsePriceToPence(form.depositValue) ?? Number.NaN };
  return null;
}

/** The options with the lines that can be priced yet, for the live totals. */
export function pricedOptions(form: EstimateForm): EstimateOption[] {
  return optionsInput(form).map((o, i) => ({
    id: o.id ?? `new-${i}`,
    name: o.name,
    lines: o.lines
      .map((l, j) => ({ ...l, id: l.id ?? `new-${i}-${j}` }))
      .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0 && Number.isFinite(l.unitPence)),
  }));
}
