import { optionTotals, type QuoteContent, type QuoteOption } from "../../../schema/api/quotes";
import { cancellationNotice, modelCancellationForm } from "../../../schema/consumer-contracts";
import { formatPence } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";
import { lineAmounts } from "../../../schema/money";
import { type Field, type Letterhead, PdfLayout } from "../../lib/pdf-layout";

/** What the accepted quote's PDF is rendered from: all of it stored at acceptance. */
export type AcceptedQuote = {
  number: string;
  content: QuoteContent;
  vatRegistered: boolean;
  letterhead: Letterhead & { vatNumber: string | null };
  customerName: string;
  place: string | null;
  optionId: string;
  optionalLineIds: string[];
  name: string;
  startEarly: boolean;
  acceptedAt: string;
};

/** The accepted quote: the option and lines chosen, the totals, the terms and the right to cancel. */
export async function renderAcceptedQuote(a: AcceptedQuote): Promise<Uint8Array> {
  const { content } = a;
  const option = content.options.find((o) => o.id === a.optionId) as QuoteOption;
  const chosen = option.lines.filter((l) => !l.optional || a.optionalLineIds.includes(l.id));
  const totals = optionTotals(option, content.deposit, a.vatRegistered, a.optionalLineIds);
  const pdf = await PdfLayout.create({
    title: "Accepted Quote",
    reference: a.number,
    issuedAt: a.acceptedAt,
    letterhead: a.letterhead,
  });
  pdf.fields([
    { label: "For", value: a.customerName },
    { label: "Property", value: a.place ?? "-" },
    { label: "Quote", value: content.title, strong: true },
    { label: "Option accepted", value: option.name, strong: true },
    { label: "Accepted by", value: a.name },
    { label: "Accepted on", value: formatFullDate(a.acceptedAt) },
  ]);
  if (content.introduction) pdf.paragraph(content.introduction);
  pdf.heading("The work and its price");
  const rate = (r: 0 | 5 | 20) => (a.vatRegistered ? r : 0);
  pdf.fields(
    chosen.map(
      (l): Field => ({
        label: `${l.quantity} x ${formatPence(l.unitPence)}${a.vatRegistered ? `, VAT ${l.vatRate} %` : ""}`,
        value: `${l.description}: ${formatPence(lineAmounts(l.quantity, l.unitPence, rate(l.vatRate)).grossPence)}`,
      }),
    ),
    1,
  );
  pdf.fields([
    ...(a.vatRegistered
      ? [
          { label: "Net", value: formatPence(totals.netPence) },
          { label: "VAT", value: formatPence(totals.vatPence) },
        ]
      : []),
    { label: "Total", value: formatPence(totals.grossPence), strong: true },
    ...(totals.depositPence ? [{ label: "Deposit", value: formatPence(totals.depositPence) }] : []),
    ...(a.vatRegistered && a.letterhead.vatNumber ? [{ label: "VAT number", value: a.letterhead.vatNumber }] : []),
  ]);
  pdf.paragraph(
    a.startEarly
      ? "The customer asked for the work to start within the 14-day cancellation period."
      : "The customer did not ask for the work to start within the 14-day cancellation period.",
    { bold: true },
  );
  if (content.terms) {
    pdf.heading("Terms");
    pdf.paragraph(content.terms);
  }
  pdf.heading("Your right to cancel");
  for (const paragraph of cancellationNotice({
    phone: a.letterhead.phone,
    email: a.letterhead.email,
    address: a.letterhead.address,
  }))
    pdf.paragraph(paragraph, { size: 9 });
  pdf.heading("Model cancellation form");
  for (const line of modelCancellationForm({ email: a.letterhead.email, address: a.letterhead.address }))
    pdf.paragraph(line, { size: 9 });
  return pdf.save();
}
