import { TENANT_COPY_DAYS } from "../../../schema/api/gas-safety";
import { company } from "../../../schema/business";
import { formatFullDate } from "../../../schema/london-time-text";
import type { DocumentKind } from "../documents/kind";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailAttachment, MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { gasSafetyRecordKind, serviceSheetKind, warningNoticeKind } from "./document-kinds";

/**
 * The copies of an issued gas safety record: the landlord's (with any warning notice) and, where the
 * property says so, the tenant's. The PDFs go as attachments, read from storage when each e-mail is
 * sent, and a signed link opens the record without signing in.
 */
export type RecordMailInput = {
  number: string;
  recordId: number;
  noticeIds: { id: number; number: string }[];
  checkDate: string;
  nextDueDate: string;
  place: string;
  landlord: { name: string; email: string } | null;
  tenant: { name: string | null; email: string } | null;
  pdfUrl: string;
};

const pdf = (kind: DocumentKind, id: number, number: string): MailAttachment => ({
  name: `${number}.pdf`,
  contentType: "application/pdf",
  document: { kind: kind.name, id },
});

export function gasSafetyRecordEmails(input: RecordMailInput): { landlord: MailMessage | null; tenant: MailMessage | null } {
  const checked = formatFullDate(input.checkDate);
  const due = formatFullDate(input.nextDueDate);
  const recordFile = pdf(gasSafetyRecordKind, input.recordId, input.number);
  const noticeFiles = input.noticeIds.map((n) => pdf(warningNoticeKind, n.id, n.number));
  const facts = fieldsBlock([
    ["Property", input.place],
    ["Checked on", checked],
    ["Next check due by", due],
    ["Record number", input.number],
  ]);
  const open = action(input.pdfUrl, "Open the record (PDF)", "Open the record:");
  const noticeWords =
    noticeFiles.length === 0
      ? []
      : [
          say(
            `We found ${noticeFiles.length === 1 ? "an appliance" : `${noticeFiles.length} appliances`} that must not be used until repaired: the warning notice${noticeFiles.length === 1 ? " is" : "s are"} attached. Call us on ${factsNow().phone} to arrange the repair.`,
          ),
        ];
  const landlord: MailMessage | null = input.landlord && {
    kind: "document",
    to: input.landlord.email,
    subject: `${company.shortName}: gas safety record ${input.number} for ${input.place}`,
    attachments: [recordFile, ...noticeFiles],
    ...mailParts("Your landlord gas safety record", [
      say(`Hello ${input.landlord.name},`),
      say(`Here is the gas safety record for ${input.place}, attached as a PDF. Please keep it for two years.`),
      facts,
      ...noticeWords,
      say(
        input.tenant
          ? "We have e-mailed your tenant their copy."
          : `The law asks you to give your tenant a copy within ${TENANT_COPY_DAYS} days of the check, and any new tenant before they move in.`,
      ),
      open,
      say(`We'll remind you before the next check is due. Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
  const tenant: MailMessage | null = input.tenant && {
    kind: "document",
    to: input.tenant.email,
    subject: `${company.shortName}: gas safety record for ${input.place}`,
    attachments: [recordFile, ...noticeFiles],
    ...mailParts("Your home's gas safety record", [
      say(`Hello${input.tenant.name ? ` ${input.tenant.name}` : ""},`),
      say(
        `On ${checked} we checked the gas appliances at ${input.place} for your landlord. Your copy of the gas safety record is attached.`,
      ),
      facts,
      ...noticeWords,
      open,
      say(`If you ever smell gas, call the National Gas Emergency Service on 0800 111 999.`),
    ]),
  };
  return { landlord, tenant };
}

/** The customer's copy of an issued service sheet. */
export function serviceSheetEmail(input: {
  to: string;
  name: string;
  number: string;
  sheetId: number;
  serviceDate: string;
  nextServiceDate: string;
  place: string;
  pdfUrl: string;
}): MailMessage {
  return {
    kind: "document",
    to: input.to,
    subject: `${company.shortName}: your boiler service record ${input.number}`,
    attachments: [pdf(serviceSheetKind, input.sheetId, input.number)],
    ...mailParts("Your boiler service record", [
      say(`Hello ${input.name},`),
      say(
        "Thank you for having your boiler serviced with us. Your service record is attached as a PDF: keep it with the boiler's papers, as its warranty may ask for it.",
      ),
      fieldsBlock([
        ["Property", input.place],
        ["Serviced on", formatFullDate(input.serviceDate)],
        ["Next service due", formatFullDate(input.nextServiceDate)],
        ["Record number", input.number],
      ]),
      action(input.pdfUrl, "Open the service record (PDF)", "Open the service record:"),
      say(`We'll remind you before the next service is due. Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}
