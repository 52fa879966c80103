import type { ErrorDetail } from "./errors";
import { drawnSignature, optionalText, yesNoField } from "./fields";
import { z } from "./z";

/**
 * The warning notice of an appliance classed Immediately Dangerous or At Risk (IGEM/G/11), as the
 * engineer fills it on the record: every action taken (any of them together), whether the
 * responsible person allowed it, and who was told, with their signature or "refused to sign".
 * A notice issued before issue 44 took one action and named no one: it still prints as it did
 * (worker/services/gas-safety/render.ts), and a draft of then reads its one action as the list.
 */

export const WARNING_ACTIONS = ["turned-off", "disconnected", "label-attached", "advised"] as const;
export type WarningAction = (typeof WARNING_ACTIONS)[number];
export const warningActionLabels: Record<WarningAction, string> = {
  "turned-off": "Turned off",
  disconnected: "Disconnected",
  "label-attached": 'Labelled ("Do not use" label attached)',
  advised: "Advised (the responsible person told)",
};

/** The one action of a notice issued before, as its PDF named it. */
export const LEGACY_WARNING_ACTIONS = ["disconnected", "turned-off", "label-attached"] as const;
export type LegacyWarningAction = (typeof LEGACY_WARNING_ACTIONS)[number];
export const legacyWarningActionLabels: Record<LegacyWarningAction, string> = {
  disconnected: "Disconnected",
  "turned-off": "Turned off",
  "label-attached": "Warning label attached",
};

/**
 * The responsible person's signature, smaller than the engineer's: a record may carry several
 * notices, and each save sends them together within the API's 64 KB body. The pad sends a drawing
 * over this at its screen size, which a finger's signature is well within.
 */
export const RESPONSIBLE_SIGNATURE_MAX_CHARS = 16_000;

const ACTIONS_MESSAGE = "Choose what was done: turned off, disconnected, labelled or advised";

export const warningSchema = z
  .object({
    actionsTaken: z
      .array(z.enum(WARNING_ACTIONS, { error: ACTIONS_MESSAGE }), { error: ACTIONS_MESSAGE })
      .max(WARNING_ACTIONS.length, ACTIONS_MESSAGE)
      .nullish(),
    /** A form of before sends its one action this way. */
    actionTaken: z.enum(LEGACY_WARNING_ACTIONS, { error: ACTIONS_MESSAGE }).nullish(),
    /** Whether the responsible person allowed the action; refused means the gas emergency service is told. */
    permission: z
      .enum(["given", "refused"], { error: "Say whether permission was given or refused" })
      .nullish()
      .transform((v) => v ?? null),
    emergencyServiceInformed: yesNoField("Gas emergency service told"),
    /** The person told (the landlord, the tenant, whoever is responsible for the premises), as printed. */
    responsiblePerson: optionalText("The responsible person's name", 120),
    responsibleSignature: drawnSignature(RESPONSIBLE_SIGNATURE_MAX_CHARS),
    refusedToSign: yesNoField("Refused to sign"),
  })
  .transform(({ actionTaken, actionsTaken, ...rest }) => ({
    ...rest,
    actionsTaken: inOrder(actionsTaken ?? (actionTaken ? [actionTaken] : [])),
  }));

export type WarningDetails = z.output<typeof warningSchema>;

/** Each action once, in the form's order. */
const inOrder = (actions: readonly WarningAction[]): WarningAction[] => WARNING_ACTIONS.filter((a) => actions.includes(a));

/** A notice's details as a draft stored them, whenever it was saved: the fields added since empty. */
export function warningOf(stored: unknown): WarningDetails | null {
  if (!stored || typeof stored !== "object") return null;
  const w = stored as Partial<WarningDetails> & { actionTaken?: LegacyWarningAction | null };
  return {
    actionsTaken: inOrder(w.actionsTaken ?? (w.actionTaken ? [w.actionTaken] : [])),
    permission: w.permission ?? null,
    emergencyServiceInformed: w.emergencyServiceInformed ?? null,
    responsiblePerson: w.responsiblePerson ?? null,
    responsibleSignature: w.responsibleSignature ?? null,
    refusedToSign: w.refusedToSign ?? null,
  };
}

export const blankWarning = (): WarningDetails => warningOf({})!;

/** What a notice lacks before it can be issued, each at `<at>.warning.<field>`. */
export function warningProblems(w: WarningDetails | null, at: (field: string) => string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const path = (field: string) => at(`warning.${field}`);
  if (!w?.actionsTaken.length) problems.push({ path: path("actionsTaken"), message: `${ACTIONS_MESSAGE} (one or more)` });
  if (!w?.permission) problems.push({ path: path("permission"), message: "Say whether the responsible person gave permission" });
  if (w?.permission === "refused" && w.emergencyServiceInformed !== true) {
    problems.push({
      path: path("emergencyServiceInformed"),
      message: "When permission is refused, tell the gas emergency service (0800 111 999) and tick this",
    });
  }
  if (!w?.responsiblePerson)
    problems.push({ path: path("responsiblePerson"), message: "Enter the name of the responsible person told" });
  if (w?.refusedToSign === true && w.responsibleSignature) {
    problems.push({ path: path("responsibleSignature"), message: 'Either their signature or "refused to sign", not both' });
  } else if (w?.refusedToSign !== true && !w?.responsibleSignature) {
    problems.push({
      path: path("responsibleSignature"),
      message: "The responsible person signs, or tick that they refused to sign",
    });
  }
  return problems;
}
