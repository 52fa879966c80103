/**
 * What no one types into a form: control characters (NUL, escape, backspace…) and the invisible
 * direction overrides that make "gpj.exe" read as "exe.jpg". They are taken out of every string a
 * request carries before its schema sees it (worker/lib/validate.ts), so they never reach the
 * database, an e-mail subject or a CSV. A line break stays (a message, an address, notes have lines)
 * and is written as "\n"; a tab stays.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export const cleanText = (text: string) => text.replace(/\r\n?/g, "\n").replace(UNWANTED, "");

/** One line of text, as a subject or a header needs it: any run of whitespace (a line break too) is one space. */
export const oneLine = (text: string) => cleanText(text).replace(/\s+/g, " ").trim();

/** A person's or a product's name is one line in every API body: name, firstName, customerName… */
const isNameKey = (key: string) => /name$/i.test(key);

/** Every string in a parsed JSON value or a query, cleaned (names to one line); everything else as it was. */
export function cleanStrings(value: unknown, key = ""): unknown {
  if (typeof value === "string") return isNameKey(key) ? oneLine(value) : cleanText(value);
  if (Array.isArray(value)) return value.map((v) => cleanStrings(v, key));
  // Plain objects only: a File or a Date is passed through untouched.
  if (value !== null && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanStrings(v, k)]));
  }
  return value;
}
