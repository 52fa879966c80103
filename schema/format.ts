/** Pence → "45.99" (the API's price text). */
export function penceToDecimal(pence: number): string {
  return (pence / 100).toFixed(2);
}

// Plain arithmetic rather than Intl: en-GB money is digits, commas and a point, and a browser's first
// Intl.NumberFormat loads locale data, which measured about 18 ms of main-thread time on a phone-class
// CPU on every page that shows a price (the cart total is worked out on each page's first render).
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Any price text the product accepts ("£45.99", "45.99", "45", 45.99) → "£45.99".
 * Non-numeric text is shown as given rather than as "£NaN".
 */
export function formatPrice(price: string | number): string {
  const n = typeof price === "number" ? price : Number(String(price).replace(/[£,\s]/g, ""));
  if (!Number.isFinite(n)) return String(price);
  const fixed = Math.abs(n).toFixed(2);
  return `£${n < 0 ? "-" : ""}${groupThousands(fixed.slice(0, -3))}${fixed.slice(-3)}`;
}

/** Pence → "£1,299.00": every amount of money the product writes for people, in pages and e-mails. */
export const formatPence = (pence: number): string => formatPrice(pence / 100);

/** Whole pounds with thousands separators: 189900 → "£1,899". */
export function formatPounds(pence: number): string {
  const pounds = Math.round(pence / 100);
  return `£${pounds < 0 ? "-" : ""}${groupThousands(String(Math.abs(pounds)))}`;
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
