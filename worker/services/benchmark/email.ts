import { company } from "../../../schema/business";
import { formatFullDate } from "../../../schema/london-time-text";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { benchmarkKind } from "./document-kind";

/** The customer's copy of an issued Benchmark commissioning checklist: the PDF attached, read from storage when it is sent. */
export function benchmarkEmail(input: {
  to: string;
  name: string;
  number: string;
  recordId: number;
  commissionedOn: string;
  place: string;
  pdfUrl: string;
}): MailMessage {
  return {
    kind: "document",
    to: input.to,
    subject: `${company.shortName}: your boiler's Benchmark commissioning checklist ${input.number}`,
    attachments: [
      {
        name: `${input.number}.pdf`,
        contentType: "application/pdf",
        document: { kind: benchmarkKind.name, id: input.recordId },
      },
    ],
    ...mailParts("Your boiler's Benchmark commissioning checklist", [
      say(`Hello ${input.name},`),
      say(
        "Your new boiler has been commissioned. Its Benchmark checklist is attached as a PDF: keep it with the boiler's instructions, as its warranty asks for it and each annual service is recorded against it.",
      ),
      fieldsBlock([
        ["Property", input.place],
        ["Commissioned on", formatFullDate(input.commissionedOn)],
        ["Checklist number", input.number],
      ]),
      action(input.pdfUrl, "Open the checklist (PDF)", "Open the checklist:"),
      say(`The boiler should be serviced every year to keep its warranty. Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}
