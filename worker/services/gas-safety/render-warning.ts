import {
  type LegacyWarningAction,
  legacyWarningActionLabels,
  type WarningDetails,
  warningActionLabels,
} from "../../../schema/api/warning-notices";
import { base64ToBytes } from "../../lib/base64";
import type { Field, PdfLayout } from "../../lib/pdf-layout";

/**
 * The parts of a warning notice's PDF that changed with issue 44: every action taken, and the
 * responsible person told with their signature or "refused to sign". A notice issued before took
 * one action and named no one told: it prints as it always did.
 */

/** A notice's details as its snapshot holds them: today's, or the one action of before. */
type LegacyWarning = {
  actionTaken?: LegacyWarningAction | null;
  permission?: "given" | "refused" | null;
  emergencyServiceInformed?: boolean | null;
};
export type NoticeWarning = WarningDetails | LegacyWarning | null;

export const isCurrentWarning = (w: NoticeWarning): w is WarningDetails =>
  w !== null && Array.isArray((w as WarningDetails).actionsTaken);

/** "What was done": the actions taken, then the permission fields given. */
export function printWhatWasDone(pdf: PdfLayout, w: NoticeWarning, permission: Field[]) {
  if (isCurrentWarning(w)) {
    const actions = w.actionsTaken.map((a) => warningActionLabels[a]).join("\n");
    pdf.fields([{ label: "Actions taken", value: actions || "-", strong: true }, ...permission]);
    return;
  }
  const action = w?.actionTaken ? legacyWarningActionLabels[w.actionTaken] : "-";
  pdf.fields([{ label: "Action taken", value: action, strong: true }, ...permission]);
}

/** Who was told, by name, and their signature or that they refused to sign. */
export async function printResponsiblePerson(pdf: PdfLayout, w: WarningDetails) {
  pdf.heading("Responsible person told");
  pdf.paragraph(
    "The person responsible for the premises was told of this unsafe situation, of what was done, and that it must not be used until it is put right.",
    { size: 9 },
  );
  const refused = w.refusedToSign === true || !w.responsibleSignature;
  pdf.fields([
    { label: "Name", value: w.responsiblePerson ?? "-", strong: true },
    { label: "Signature", value: refused ? "Refused to sign" : "Signed below", strong: refused, alert: refused },
  ]);
  if (!refused) {
    const png = base64ToBytes(w.responsibleSignature!.slice(w.responsibleSignature!.indexOf(",") + 1));
    await pdf.signature(png, `Signed by ${w.responsiblePerson ?? "the responsible person"}`);
  }
}
