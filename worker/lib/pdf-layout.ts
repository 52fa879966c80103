import { type PDFDocument as Doc, PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

/**
 * A4 documents the business issues (gas safety records, notices; quotes and invoices next), drawn
 * with pdf-lib (pure JavaScript, runs in workerd): a letterhead with the company's facts on every
 * page, one column of labelled fields and paragraphs that flows onto new pages, and a footer with
 * the document's number and page count. The same snapshot always gives the same bytes (the dates in
 * the file are the issue date), so a PDF rendered again matches its stored SHA-256.
 */
export type Letterhead = { name: string; address: string; phone: string; email: string; gasSafeNumber: string };

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const HEADER_BOTTOM = PAGE_HEIGHT - 92;
const FOOTER_TOP = 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.41, 0.47);
const RULE = rgb(0.8, 0.82, 0.86);
const ACCENT = rgb(0.05, 0.33, 0.62);
const ALERT = rgb(0.72, 0.1, 0.1);

export type Field = { label: string; value: string; strong?: boolean; alert?: boolean };

export class PdfLayout {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  private constructor(
    private readonly doc: Doc,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly letterhead: Letterhead,
    private readonly reference: string,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  static async create(meta: { title: string; reference: string; issuedAt: string; letterhead: Letterhead }) {
    const doc = await PDFDocument.create();
    const at = new Date(meta.issuedAt);
    doc.setTitle(`${meta.title} ${meta.reference}`);
    doc.setAuthor(meta.letterhead.name);
    doc.setCreator(meta.letterhead.name);
    doc.setProducer("pdf-lib");
    doc.setCreationDate(at);
    doc.setModificationDate(at);
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    const layout = new PdfLayout(doc, regular, bold, meta.letterhead, meta.reference);
    layout.title(meta.title, meta.reference);
    return layout;
  }

  /** Text the standard fonts can draw: curly quotes and dashes kept, anything else outside WinAnsi becomes "?". */
  private clean(text: string): string {
    return Array.from(text.normalize("NFC").replace(/\r\n?/g, "\n"), (ch) => {
      if (ch === "\n" || this.charset.has(ch.codePointAt(0)!)) return ch;
      if (ch === "\t") return " ";
      return ch === "\u2082" ? "2" : "?";
    }).join("");
  }

  private newPage() {
    this.page = this.doc.addPage(PageSizes.A4);
    const { name, address, phone, email, gasSafeNumber } = this.letterhead;
    const top = PAGE_HEIGHT - MARGIN;
    this.page.drawText(this.clean(name), { x: MARGIN, y: top - 12, size: 14, font: this.bold, color: INK });
    const badge = this.clean(`Gas Safe Register ${gasSafeNumber}`);
    const badgeWidth = this.bold.widthOfTextAtSize(badge, 10);
    this.page.drawText(badge, { x: PAGE_WIDTH - MARGIN - badgeWidth, y: top - 11, size: 10, font: this.bold, color: ACCENT });
    this.page.drawText(this.clean(address), { x: MARGIN, y: top - 28, size: 8.5, font: this.regular, color: MUTED });
    this.page.drawText(this.clean(`${phone}  |  ${email}`), {
      x: MARGIN,
      y: top - 40,
      size: 8.5,
      font: this.regular,
      color: MUTED,
    });
    this.page.drawLine({
      start: { x: MARGIN, y: HEADER_BOTTOM + 4 },
      end: { x: PAGE_WIDTH - MARGIN, y: HEADER_BOTTOM + 4 },
      thickness: 0.8,
      color: RULE,
    });
    this.y = HEADER_BOTTOM - 10;
  }

  /** Room for `height` points on this page, or a new page. */
  private need(height: number) {
    if (this.y - height < FOOTER_TOP + 12) this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        // A word wider than the line (a long serial number) is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private title(text: string, reference: string) {
    this.page.drawText(this.clean(text), { x: MARGIN, y: this.y - 18, size: 18, font: this.bold, color: INK });
    const ref = this.clean(reference);
    const refWidth = this.bold.widthOfTextAtSize(ref, 14);
    this.page.drawText(ref, { x: PAGE_WIDTH - MARGIN - refWidth, y: this.y - 17, size: 14, font: this.bold, color: ACCENT });
    this.y -= 34;
  }

  /** A section's heading, kept with at least its first lines. */
  heading(text: string) {
    this.need(60);
    this.y -= 8;
    this.page.drawText(this.clean(text), { x: MARGIN, y: this.y - 12, size: 12, font: this.bold, color: ACCENT });
    this.y -= 18;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 8;
  }

  subheading(text: string) {
    const lines = this.wrap(text, this.bold, 11, CONTENT_WIDTH);
    this.need(lines.length * 14 + 40);
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN, y: this.y - 11, size: 11, font: this.bold, color: INK });
      this.y -= 14;
    }
    this.y -= 4;
  }

  /** Labelled values in a grid of `columns`, each row as tall as its tallest value. */
  fields(fields: Field[], columns = 2) {
    const gap = 12;
    const width = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    for (let start = 0; start < fields.length; start += columns) {
      const row = fields.slice(start, start + columns).map((f) => ({
        ...f,
        lines: this.wrap(f.value || "-", f.strong ? this.bold : this.regular, 10, width),
      }));
      const height = 12 + Math.max(...row.map((f) => f.lines.length)) * 12.5 + 6;
      this.need(height);
      row.forEach((f, i) => {
        const x = MARGIN + i * (width + gap);
        this.page.drawText(this.clean(f.label.toUpperCase()), { x, y: this.y - 8, size: 7, font: this.bold, color: MUTED });
        f.lines.forEach((line, n) => {
          this.page.drawText(line, {
            x,
            y: this.y - 21 - n * 12.5,
            size: 10,
            font: f.strong ? this.bold : this.regular,
            color: f.alert ? ALERT : INK,
          });
        });
      });
      this.y -= height;
    }
  }

  /**
   * A table: a header row, then one row per entry, each as tall as its tallest cell. Columns are
   * given as shares of the width; numbers are right-aligned. A header repeats on a new page.
   */
  table(columns: { label: string; share: number; align?: "right" }[], rows: string[][]) {
    const gap = 8;
    const total = columns.reduce((sum, c) => sum + c.share, 0);
    const widths = columns.map((c) => ((CONTENT_WIDTH - gap * (columns.length - 1)) * c.share) / total);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((sum, w) => sum + w + gap, 0));
    const draw = (cells: string[], font: PDFFont, size: number, color = INK) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell || "-", font, size, widths[i]!));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * (size + 2.5) + 6;
      return {
        height,
        paint: () => {
          wrapped.forEach((lines, i) => {
            lines.forEach((line, n) => {
              const width = font.widthOfTextAtSize(line, size);
              const x = columns[i]!.align === "right" ? xs[i]! + widths[i]! - width : xs[i]!;
              this.page.drawText(line, { x, y: this.y - size - n * (size + 2.5), size, font, color });
            });
          });
          this.y -= height;
        },
      };
    };
    const header = () => {
      const row = draw(
        columns.map((c) => c.label.toUpperCase()),
        this.bold,
        7,
        MUTED,
      );
      this.need(row.height + 20);
      row.paint();
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2 },
        end: { x: PAGE_WIDTH - MARGIN, y: this.y + 2 },
        thickness: 0.5,
        color: RULE,
      });
      this.y -= 4;
    };
    header();
    for (const cells of rows) {
      const row = draw(cells, this.regular, 9.5);
      if (this.y - row.height < FOOTER_TOP + 12) {
        this.newPage();
        header();
      }
      row.paint();
    }
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y + 2 },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 6;
  }

  /** Totals under a table: label and amount per line, on the right, the strong ones in bold. */
  summary(rows: { label: string; value: string; strong?: boolean }[]) {
    const valueRight = PAGE_WIDTH - MARGIN;
    const labelRight = valueRight - 90;
    this.need(rows.length * 15 + 8);
    for (const row of rows) {
      const font = row.strong ? this.bold : this.regular;
      const label = this.clean(row.label);
      const value = this.clean(row.value);
      const size = row.strong ? 11 : 10;
      this.page.drawText(label, {
        x: labelRight - font.widthOfTextAtSize(label, size),
        y: this.y - size,
        size,
        font,
        color: INK,
      });
      this.page.drawText(value, {
        x: valueRight - font.widthOfTextAtSize(value, size),
        y: this.y - size,
        size,
        font,
        color: INK,
      });
      this.y -= size + 5;
    }
    this.y -= 6;
  }

  paragraph(text: string, { size = 10, bold = false, muted = false }: { size?: number; bold?: boolean; muted?: boolean } = {}) {
    const font = bold ? this.bold : this.regular;
    const lineHeight = size * 1.3;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.need(lineHeight);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: muted ? MUTED : INK });
      this.y -= lineHeight;
    }
    this.y -= 4;
  }

  /** A drawn signature (PNG), at most `maxWidth` wide and 70 points tall, with a line under it. */
  async signature(png: Uint8Array, caption: string, maxWidth = 220) {
    const image = await this.doc.embedPng(png);
    const scale = Math.min(maxWidth / image.width, 70 / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.need(height + 30);
    this.page.drawImage(image, { x: MARGIN, y: this.y - height, width, height });
    this.y -= height + 2;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + maxWidth, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.page.drawText(this.clean(caption), { x: MARGIN, y: this.y - 11, size: 8, font: this.regular, color: MUTED });
    this.y -= 20;
  }

  space(points = 8) {
    this.y -= points;
  }

  /** The file: every page's footer says the reference and "Page n of N". */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.clean(`${this.reference}  |  Page ${i + 1} of ${pages.length}`);
      const width = this.regular.widthOfTextAtSize(text, 8);
      page.drawLine({
        start: { x: MARGIN, y: FOOTER_TOP },
        end: { x: PAGE_WIDTH - MARGIN, y: FOOTER_TOP },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(text, { x: PAGE_WIDTH - MARGIN - width, y: FOOTER_TOP - 14, size: 8, font: this.regular, color: MUTED });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}

/** Whether these bytes are a PNG pdf-lib can draw (a signature), before anything is issued with it. */
export async function isDrawablePng(bytes: Uint8Array): Promise<boolean> {
  try {
    await (await PDFDocument.create()).embedPng(bytes);
    return true;
  } catch {
    return false;
  }
}
