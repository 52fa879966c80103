import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/**
 * Which of a customer's numbers can be texted. libphonenumber-js's "mobile" metadata build knows only
 * the numbering plans' mobile ranges (98 KB against the max build's 157 KB), so a number it calls
 * valid is a mobile: a landline (0161…, 020…), a pager or a number from the reserved drama ranges
 * (07700 900xxx) is never texted. Numbers are read as British unless written with a country code,
 * and only +44 numbers (Great Britain, the Isle of Man, the Channel Islands) are texted: the firm
 * works in the UK and sends from a UK number.
 */
export type TextableNumber = { ok: true; e164: string } | { ok: false; reason: "missing" | "not-a-mobile" | "not-uk" };

export function textableNumber(raw: string | null | undefined): TextableNumber {
  if (!raw?.trim()) return { ok: false, reason: "missing" };
  const parsed = parsePhoneNumberFromString(raw, "GB");
  if (!parsed?.isValid()) return { ok: false, reason: "not-a-mobile" };
  if (parsed.countryCallingCode !== "44") return { ok: false, reason: "not-uk" };
  return { ok: true, e164: parsed.number };
}

/**
 * The number as `phoneKey` in schema/db/customers.ts writes a UK number (digits, 0 instead of +44),
 * so a customer is found from a text's sender through the index on that expression.
 */
export function phoneKeyOf(e164: string): string {
  return e164.startsWith("+44") ? `0${e164.slice(3)}` : e164.replace(/\D/g, "");
}
