/**
 * How many SMS parts a text costs, as the networks count them (3GPP TS 23.038): a text written only
 * in the GSM 7-bit alphabet fits 160 characters in one part, or 153 a part once split (the rest of
 * each part holds the header that joins them); the extension characters (€ [ ] { } ^ ~ \ | and form
 * feed) take two places each, an escape and the character. One character outside the alphabet (an
 * emoji, a curly quote, "ł") sends the whole text as UCS-2: 70 UTF-16 units in one part, 67 a part
 * once split. Each part is charged as one text, so a message is kept to the owner's limit by this.
 */
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM7_EXTENSION = new Set("^{}\\[~]|€\f");

export type SegmentCount = { encoding: "GSM-7" | "UCS-2"; units: number; segments: number };

/** What each character takes: septets in GSM-7, or null when one is outside the alphabet. */
function gsm7Widths(text: string): number[] | null {
  const widths: number[] = [];
  for (const char of text) {
    if (GSM7_BASIC.has(char)) widths.push(1);
    else if (GSM7_EXTENSION.has(char)) widths.push(2);
    else return null;
  }
  return widths;
}

/**
 * Parts of `perPart` units, a character never split between two (an escape and its character, or
 * the two halves of an emoji, travel in one part: the part before keeps the place unused).
 */
function partsNeeded(widths: number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > perPart) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return parts;
}

const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);

/** The parts a text is sent in, its encoding, and the units it uses (septets or UTF-16 code units). */
export function countSegments(text: string): SegmentCount {
  const septets = gsm7Widths(text);
  if (septets) {
    const units = sum(septets);
    return { encoding: "GSM-7", units, segments: units <= 160 ? 1 : partsNeeded(septets, 153) };
  }
  const codeUnits = Array.from(text, (char) => char.length);
  const units = sum(codeUnits);
  return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : partsNeeded(codeUnits, 67) };
}
