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

/**
 * An amount the product wrote itself (digits, a point, perhaps a leading minus): written as it is, so
 * "-10.50" stays a number a spreadsheet reads, where text starting with "-" is escaped as a formula.
 */
export class CsvAmount {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | CsvAmount | null | undefined;

/**
 * Pence as pounds to the penny, the text penceToDecimal writes, worked out in whole numbers: a tax
 * year's export writes 150,000 amounts, and toFixed's float formatting was a tenth of its time.
 * Beyond a billion pounds (never an invoice) it leaves the writing to toFixed.
 */
export function poundsText(pence: number): string {
  if (!Number.isInteger(pence) || pence > 1e12 || pence < -1e12) return penceToDecimal(pence);
  const whole = pence < 0 ? -pence : pence;
  const p = whole % 100;
  return `${pence < 0 ? "-" : ""}${(whole - p) / 100}.${p < 10 ? "0" : ""}${p}`;
}

/** Pounds with two decimals for a cell, a credit's or a refund's negative too ("-10.50", never "-10.5"). */
export const csvPounds = (pence: number): CsvValue => new CsvAmount(poundsText(pence));

/**
 * One cell as RFC 4180 writes it: text that could start a formula gets its ' (numbers never do), and
 * the cell is quoted when it holds a quote, a comma, a line break or the mark, starts or ends with a
 * space, or was escaped. The same rules as Papaparse's unparse with escapeFormulae (the test holds
 * the two to the same bytes), written here because a tax year's invoices (27,000 rows) took Papaparse
 * three times as long as the query that read them.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (value instanceof CsvAmount) return value.text;
  let text = value;
  let quote = false;
  if (FORMULA_START.test(text)) {
    text = `'${text}`;
    quote = true;
  }
  if (NEEDS_QUOTES.test(text)) {
    quote = true;
    text = text.replaceAll('"', '""');
  }
  return quote ? `"${text}"` : text;
}
const NEEDS_QUOTES = /[",\r\n\uFEFF]|^ | $/;

/** Cells as one line of the file: a document's cells shared by its rows are written once this way. */
export const csvCells = (values: readonly CsvValue[]): string => values.map(csvCell).join(",");

/** A file from its header and lines already written by `csvCells`. */
export function writeCsvLines(fields: readonly string[], lines: readonly string[]): string {
  // A header alone ends with its line break, as Papaparse wrote it.
  return `${CSV_BOM}${csvCells(fields)}${lines.length ? "\r\n" : ""}${lines.join("\r\n")}${lines.length ? "" : "\r\n"}`;
}

/**
 * The same bytes as writeCsvLines, handed over as they are written: the lines are written a piece
 * at a time as the response asks for more (about 64 KB each, in UTF-8), so the first rows are on
 * their way while the rest are written. A tax year's invoices are 6 MB; held whole, the file was
 * written, then encoded, then sent. A line that throws ends the stream with an error, so the
 * download fails rather than ending early as if complete.
 */
export function csvStream(fields: readonly string[], lines: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rest = lines[Symbol.iterator]();
  let text = `${CSV_BOM}${csvCells(fields)}`;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      for (let next = rest.next(); !next.done; next = rest.next()) {
        text += `\r\n${next.value}`;
        written++;
        if (text.length >= STREAM_PIECE) {
          controller.enqueue(encoder.encode(text));
          text = "";
          return;
        }
      }
      // A header alone ends with its line break, as writeCsvLines writes it.
      if (written === 0) text += "\r\n";
      if (text) controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
}
/** Characters written before a piece of a streamed file is handed over. */
const STREAM_PIECE = 64 * 1024;

export function writeCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return writeCsvLines(fields, rows.map(csvCells));
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
