import Papa from "papaparse";
import { penceToDecimal } from "../../schema/format";

/**
 * The one CSV writer and reader of the product. Every file the back office downloads is written
 * here, so what makes a CSV safe to open is done once:
 * - RFC 4180: a header row, fields quoted where they need it, CRLF line ends;
 * - a UTF-8 byte-order mark first, or Excel on Windows reads "£" and "é" as mojibake;
 * - no cell a spreadsheet would evaluate. Names, addresses and messages come from the public site,
 *   so a cell starting with =, +, -, @, a tab or a line break is written with a leading ' (the OWASP
 *   rule for CSV injection). Numbers stay numbers: -3 is data, not a formula.
 * The reader takes the mark and the ' off again, so the product import reads its own export back unchanged.
 */
export const CSV_BOM = "\uFEFF";

/**
 * What starts a formula in Excel, LibreOffice or Google Sheets (multi-line text too: no `$`), and
 * text that already starts with ' before one, so that reading back takes off only what was added.
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/;

export type CsvValue = string | number | null | undefined;

/**
 * Pounds with two decimals for a cell; a negative amount (a credit's, a refund's) as a number, which
 * the writer leaves as it is (a text cell starting with "-" is escaped as a possible formula).
 */
export const csvPounds = (pence: number): CsvValue => (pence < 0 ? pence / 100 : penceToDecimal(pence));

export function writeCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const data = rows.map((row) => row.map((v) => (v === null || v === undefined ? "" : v)));
  return CSV_BOM + Papa.unparse({ fields: [...fields], data }, { newline: "\r\n", escapeFormulae: FORMULA_START });
}

/** A cell as the writer wrote it back to what it was: the ' before a formula character taken off. */
export const unescapeCell = (text: string) => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

/** A CSV with a header row, as records keyed by the header's names (trimmed), each cell unescaped. */
export function readCsv(text: string) {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
    transform: (value) => unescapeCell(value),
  });
  return { records: parsed.data, fields: parsed.meta.fields ?? [], errors: parsed.errors };
}
