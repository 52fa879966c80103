import type { AdminQuote, QuoteContent, QuoteOption } from "../../../../schema/api/quotes";
import { parsePriceToPence, penceToDecimal } from "../../../../schema/format";
import { blankLine, type LineForm, lineFormOf, lineInput, pricedLines, typedNumber } from "../documents/line-form";

/** A quote's form as typed: amounts stay text until sent. */
export type OptionForm = { id?: string; name: string; lines: LineForm[] };
export type QuoteForm = {
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

export const newQuoteForm = (title = ""): QuoteForm => ({
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

export function formOf(e: AdminQuote): QuoteForm {
  return {
    title: e.title,
    introduction: e.introduction ?? "",
    options: e.options.map((o) => ({ id: o.id, name: o.name, lines: o.lines.map(lineFormOf) })),
    validUntil: e.validUntil,
    terms: e.terms ?? "",
    depositKind: e.deposit ? e.deposit.kind : "none",
    depositValue: e.deposit ? (e.deposit.kind === "percent" ? String(e.deposit.percent) : penceToDecimal(e.deposit.pence)) : "",
    followUps: e.followUps,
    propertyId: e.propertyId,
  };
}

/** The options as the API takes them (invalid amounts are sent as typed, for the API to name). */
export function optionsInput(form: QuoteForm) {
  return form.options.map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    name: o.name,
    lines: o.lines.map((l) => ({ ...lineInput(l), optional: l.optional, installation: l.installation })),
  }));
}

export function depositInput(form: QuoteForm): QuoteContent["deposit"] {
  if (form.depositKind === "percent") return { kind: "percent", percent: typedNumber(form.depositValue) };
  if (form.depositKind === "fixed") return { kind: "fixed", pence: parsePriceToPence(form.depositValue) ?? Number.NaN };
  return null;
}

/** The deposit as far as it can be priced yet, for the live totals (none while its amount is not a number). */
export function pricedDeposit(form: QuoteForm): QuoteContent["deposit"] {
  const d = depositInput(form);
  if (!d) return null;
  return Number.isFinite(d.kind === "percent" ? d.percent : d.pence) ? d : null;
}

/** The options with the lines that can be priced yet, for the live totals. */
export function pricedOptions(form: QuoteForm): QuoteOption[] {
  return optionsInput(form).map((o, i) => ({ id: o.id ?? `new-${i}`, name: o.name, lines: pricedLines(o.lines, `new-${i}-`) }));
}

/**
 * The whole quote as the API takes it (a sent quote's change becomes its next version on the
 * server). Empty terms are the billing settings' default for a new quote, none for one saved.
 */
export function quoteInput(form: QuoteForm, isNew: boolean) {
  return {
    title: form.title,
    introduction: form.introduction.trim() || null,
    options: optionsInput(form),
    ...(form.validUntil ? { validUntil: form.validUntil } : {}),
    terms: form.terms.trim() || (isNew ? undefined : null),
    deposit: depositInput(form),
    followUps: form.followUps,
    propertyId: form.propertyId,
  };
}
