import { company } from "../../../schema/business";
import { formatFullDate } from "../../../schema/london-time-text";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { unventedRecordKind } from "./document-kind";

/** The customer's copy of an issued unvented cylinder record: the PDF attached, read from storage when it is sent. */
export function unventedRecordEmail(input: {
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
    subject: `${company.shortName}: your unvented cylinder commissioning record ${input.number}`,
    attachments: [
      {
        name: `${input.number}.pdf`,
        contentType: "application/pdf",
        document: { kind: unventedRecordKind.name, id: input.recordId },
      },
    ],
    ...mailParts("Your unvented cylinder commissioning record", [
      say(`Hello ${input.name},`),
      say(
        "Your new hot water cylinder has been commissioned. Its record (G3) is attached as a PDF: keep it with the cylinder's papers, as its warranty and a buyer of your home may ask for it.",
      ),
      fieldsBlock([
        ["Property", input.place],
        ["Commissioned on", formatFullDate(input.commissionedOn)],
        ["Record number", input.number],
      ]),
      action(input.pdfUrl, "Open the record (PDF)", "Open the record:"),
      say(`The cylinder should be serviced every year. Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}
