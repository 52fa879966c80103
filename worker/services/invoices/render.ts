import type { InvoiceLine } from "../../../schema/api/invoices";
import { formatPence } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";
import { lineAmounts, type Totals, type VatRate } from "../../../schema/money";
import { type Letterhead, PdfLayout } from "../../lib/pdf-layout";

/**
 * Invoices and credit notes as PDFs, rendered once at issue from what was fixed then. A
 * VAT-registered business's invoice carries every item of the VAT Regulations 1995 reg. 14 (number,
 * dates, time of supply, both parties, each line's quantity, unit price, rate and net, VAT by rate,
 * totals, the VAT number); a business that is not registered shows no VAT anywhere.
 */
export type InvoiceSnapshot = {
  letterhead: Letterhead;
  /** The seller as documents name it: "<owner> trading as <business>", or the legal name. */
  sellerName: string;
  vatNumber: string | null;
  customer: { name: string; address: string | null };
  property: string | null;
  bank: { accountName: string; sortCode: string; accountNumber: string } | null;
  footer: string;
  /** The deposit's line: "Less deposit paid on quote Q-0001". */
  depositNote: string | null;
};

export type InvoiceDocument = {
  number: string;
  issueDate: string;
  supplyDate: string;
  dueDate: string;
  lines: InvoiceLine[];
  vatRegistered: boolean;
  totals: Totals;
  depositPence: number;
  notes: string | null;
  snapshot: InvoiceSnapshot;
};

const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

function linesTable(pdf: PdfLayout, lines: InvoiceLine[], vatRegistered: boolean) {
  if (vatRegistered) {
    pdf.table(
      [
        { label: "Description", share: 5 },
        { label: "Qty", share: 1, align: "right" },
        { label: "Unit price", share: 1.6, align: "right" },
        { label: "VAT rate", share: 1.2, align: "right" },
        { label: "Net", share: 1.6, align: "right" },
      ],
      lines.map((l) => [
        l.description,
        quantityText(l.quantity),
        formatPence(l.unitPence),
        `${l.vatRate} %`,
        formatPence(lineAmounts(l.quantity, l.unitPence, l.vatRate as VatRate).netPence),
      ]),
    );
  } else {
    pdf.table(
      [
        { label: "Description", share: 6 },
        { label: "Qty", share: 1, align: "right" },
        { label: "Unit price", share: 1.6, align: "right" },
        { label: "Amount", share: 1.6, align: "right" },
      ],
      lines.map((l) => [
        l.description,
        quantityText(l.quantity),
        formatPence(l.unitPence),
        formatPence(lineAmounts(l.quantity, l.unitPence, 0).netPence),
      ]),
    );
  }
}

type SummaryRow = { label: string; value: string; strong?: boolean };

function totalsRows(totals: Totals, vatRegistered: boolean, total = "Total"): SummaryRow[] {
  if (!vatRegistered) return [{ label: total, value: formatPence(totals.grossPence), strong: true }];
  const rates = Object.entries(totals.vatByRate).sort(([a], [b]) => Number(b) - Number(a));
  return [
    { label: "Total net", value: formatPence(totals.netPence) },
    ...rates.map(([rate, pence]) => ({ label: `VAT at ${rate} %`, value: formatPence(pence ?? 0) })),
    { label: "Total VAT", value: formatPence(totals.vatPence) },
    { label: total, value: formatPence(totals.grossPence), strong: true },
  ];
}

function parties(pdf: PdfLayout, s: InvoiceSnapshot, vatRegistered: boolean) {
  pdf.fields([
    { label: "From", value: `${s.sellerName}, ${s.letterhead.address}` },
    { label: "To", value: [s.customer.name, s.customer.address].filter(Boolean).join(", ") },
    ...(vatRegistered && s.vatNumber ? [{ label: "VAT registration number", value: s.vatNumber }] : []),
    ...(s.property ? [{ label: "Work at", value: s.property }] : []),
  ]);
}

export async function renderInvoice(d: InvoiceDocument): Promise<Uint8Array> {
  const s = d.snapshot;
  const pdf = await PdfLayout.create({
    title: d.vatRegistered ? "VAT Invoice" : "Invoice",
    reference: d.number,
    issuedAt: `${d.issueDate}T12:00:00.000Z`,
    letterhead: s.letterhead,
  });
  pdf.fields(
    [
      { label: "Invoice number", value: d.number, strong: true },
      { label: "Date of issue", value: formatFullDate(d.issueDate) },
      { label: d.vatRegistered ? "Time of supply" : "Date of the work", value: formatFullDate(d.supplyDate) },
      { label: "Payment due", value: formatFullDate(d.dueDate), strong: true },
    ],
    2,
  );
  parties(pdf, s, d.vatRegistered);
  pdf.heading("The work");
  linesTable(pdf, d.lines, d.vatRegistered);
  const balance = d.totals.grossPence - d.depositPence;
  pdf.summary([
    ...totalsRows(d.totals, d.vatRegistered),
    ...(d.depositPence > 0
      ? [
          { label: s.depositNote ?? "Less deposit paid", value: `- ${formatPence(d.depositPence)}` },
          { label: "To pay", value: formatPence(balance), strong: true },
        ]
      : []),
  ]);
  if (d.notes) pdf.paragraph(d.notes);
  pdf.heading("How to pay");
  pdf.paragraph(
    `Please pay by ${formatFullDate(d.dueDate)}, by card from the link in our e-mail${s.bank ? " or by bank transfer" : ""}.`,
  );
  if (s.bank) {
    pdf.fields(
      [
        { label: "Account name", value: s.bank.accountName },
        { label: "Sort code", value: s.bank.sortCode },
        { label: "Account number", value: s.bank.accountNumber },
        { label: "Reference", value: d.number },
      ],
      2,
    );
  }
  if (s.footer) pdf.paragraph(s.footer, { size: 9, muted: true });
  return pdf.save();
}

export type CreditNoteDocument = {
  number: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  issueDate: string;
  reason: string;
  lines: InvoiceLine[];
  vatRegistered: boolean;
  totals: Totals;
  snapshot: InvoiceSnapshot;
};

export async function renderCreditNote(d: CreditNoteDocument): Promise<Uint8Array> {
  const s = d.snapshot;
  const pdf = await PdfLayout.create({
    title: "Credit Note",
    reference: d.number,
    issuedAt: `${d.issueDate}T12:00:00.000Z`,
    letterhead: s.letterhead,
  });
  pdf.fields([
    { label: "Credit note number", value: d.number, strong: true },
    { label: "Date of issue", value: formatFullDate(d.issueDate) },
    { label: "Against invoice", value: `${d.invoiceNumber} of ${formatFullDate(d.invoiceIssueDate)}`, strong: true },
    { label: "Reason", value: d.reason },
  ]);
  parties(pdf, s, d.vatRegistered);
  pdf.heading("Credited");
  linesTable(pdf, d.lines, d.vatRegistered);
  pdf.summary(totalsRows(d.totals, d.vatRegistered, "Total credited"));
  if (s.footer) pdf.paragraph(s.footer, { size: 9, muted: true });
  return pdf.save();
}
