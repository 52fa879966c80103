/** Pence → "45.99" (the API's price text). */
export function penceToDecimal(pence: number): string {
  return (pence / 100).toFixed(2);
}

/**
 * Any price text the spec allows ("£45.99", "45.99", "45", 45.99) → "£45.99".
 * Non-numeric text is shown as given rather than as "£NaN".
 */
export function formatPrice(price: string | number): string {
  const n = typeof price === "number" ? price : Number(String(price).replace(/[£,\s]/g, ""));
  if (!Number.isFinite(n)) return String(price);
  return `£${n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Whole pounds with thousands separators: 189900 → "£1,899". */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toLocaleString("en-GB", { maximumFractionDigits: 0 })}`;
}

/** A saving as an amount and a rounded percent: (219900, 189900) → { amount: "£300", percent: 14 }. */
export function saving(wasPence: number, nowPence: number): { amount: string; percent: number } {
  return { amount: formatPounds(wasPence - nowPence), percent: Math.round(((wasPence - nowPence) / wasPence) * 100) };
}

/**
 * Price text with or without "£" → integer pence, or null when it is not a price.
 * Accepts "45", "45.9", "45.99", "£1,299.00"; refuses negatives, three decimals and words.
 */
export function parsePriceToPence(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^£\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
