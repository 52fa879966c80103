import { addMonths } from "../london-time";
import { type CoAlarmCheck, coAlarmProblems, coAlarmsField, roomsWithAppliances } from "./co-alarms";
import { SIGNATURE_MAX_CHARS } from "./constants";
import type { DocumentSummary } from "./documents";
import type { ErrorDetail } from "./errors";
import { drawnSignature, isoDate, optionalText, yesNoField } from "./fields";
import { type AdminAppliance, type ApplianceType, applianceTypeLabels, type FlueType, flueTypeLabels } from "./properties";
import { type WarningDetails, warningOf, warningProblems, warningSchema } from "./warning-notices";
import { z } from "./z";

export { SIGNATURE_MAX_CHARS, yesNoField };

/**
 * The landlord gas safety record (LGSR, "CP12"): what the engineer fills in, what reg. 36(3) of the
 * Gas Safety (Installation and Use) Regulations 1998 requires before it can be issued, and the
 * reg. 36A deadline it sets. Shared by the form (which shows the same messages before the engineer
 * presses Issue) and the Worker (which refuses an issue that lacks any of them).
 */

export const CHECK_RESULTS = ["pass", "fail", "n/a"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const checkResultLabels: Record<CheckResult, string> = { pass: "Pass", fail: "Fail", "n/a": "N/A" };

/** IGEM/G/11 (the Gas Industry Unsafe Situations Procedure). NCS is advice on the record, not a notice. */
export const CLASSIFICATIONS = ["ID", "AR", "NCS"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const classificationLabels: Record<Classification, string> = {
  ID: "Immediately Dangerous",
  AR: "At Risk",
  NCS: "Not to Current Standards",
};
export const needsWarningNotice = (c: Classification | null | undefined): c is "ID" | "AR" => c === "ID" || c === "AR";

/** The flue types whose appliances have a flue flow test and a spillage test. */
export const FLUE_TESTED_TYPES: readonly FlueType[] = ["open-flued"];

export const readingField = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`)
    .nullish()
    .transform((v) => v ?? null);
export const resultField = (label: string) =>
  z
    .enum(CHECK_RESULTS, { error: `${label}: choose Pass, Fail or N/A` })
    .nullish()
    .transform((v) => v ?? null);
/** One appliance's results on the record. */
export const applianceCheckSchema = z.object({
  applianceId: z.number({ error: "Choose an appliance" }).int("Choose an appliance").positive("Choose an appliance"),
  /** Checked by sight only: the usual for an appliance the landlord does not own. */
  visualOnly: z.boolean({ error: "Visual check only must be yes or no" }).default(false),
  operatingPressureMbar: readingField("Operating pressure (mbar)", 100),
  heatInputKw: readingField("Heat input (kW)", 500),
  safetyDevices: resultField("Safety devices"),
  ventilation: resultField("Ventilation"),
  flueVisual: resultField("Flue visual condition"),
  flueFlow: resultField("Flue flow test"),
  spillage: resultField("Spillage test"),
  coPpm: readingField("CO (ppm)", 10_000),
  co2Percent: readingField("CO2 (%)", 100),
  coCo2Ratio: readingField("CO/CO2 ratio", 1),
  safeToUse: yesNoField("Safe to use"),
  classification: z
    .enum(CLASSIFICATIONS, { error: "Choose ID, AR or NCS" })
    .nullish()
    .transform((v) => v ?? null),
  defect: optionalText("The defect", 1000),
  remedialAction: optionalText("The remedial action", 1000),
  warning: warningSchema.nullish().transform((v) => v ?? null),
});

/** A signature drawn on screen (signature_pad's PNG). */
const signature = drawnSignature(SIGNATURE_MAX_CHARS);

/** Who did the work and signed for it: on every document the engineer issues. */
export const engineerFields = {
  engineerName: optionalText("The engineer's name", 120),
  /** The engineer's own Gas Safe licence number (the card's number). */
  engineerLicence: z
    .string({ error: "The engineer's Gas Safe licence number must be text" })
    .trim()
    .regex(/^(\d{7})?$/, "The engineer's Gas Safe licence number is 7 digits")
    .nullish()
    .transform((v) => v || null),
  signature,
};
export type EngineerFields = { engineerName: string | null; engineerLicence: string | null; signature: string | null };

export const MAX_APPLIANCES_ON_RECORD = 30;

const draftFields = {
  checkDate: isoDate("The date of the check"),
  /** The landlord, or the agent acting for them, as printed on the record. */
  landlordName: optionalText("The landlord's name", 200),
  landlordAddress: optionalText("The landlord's address", 400),
  appliances: z
    .array(applianceCheckSchema, { error: "The appliances must be a list" })
    .max(MAX_APPLIANCES_ON_RECORD, `At most ${MAX_APPLIANCES_ON_RECORD} appliances on one record`),
  tightnessTest: z
    .enum(["pass", "fail"], { error: "Tightness test: choose Pass or Fail" })
    .nullish()
    .transform((v) => v ?? null),
  emergencyControlAccessible: yesNoField("Emergency control accessible"),
  /** Advice and anything else the engineer wants on the record. */
  notes: optionalText("The notes", 2000),
  /** For each room with an appliance on the record (schema/api/co-alarms.ts). */
  coAlarms: coAlarmsField,
  /** The engineer confirms the check met reg. 26(9): the record then states it (reg. 36(3)). */
  complianceConfirmed: yesNoField("The regulation 26(9) confirmation"),
  ...engineerFields,
};

export const gasSafetyCreateSchema = z.object({
  propertyId: z.number({ error: "Choose the property" }).int("Choose the property").positive("Choose the property"),
  serviceRecordId: z
    .number({ error: "The visit must be a number" })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  replacesId: z
    .number({ error: "The record replaced must be a number" })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  // Only what was sent: the rest comes from the property and the customer.
  ...z.object(draftFields).partial().shape,
});

export const gasSafetyPatchSchema = z
  .object(draftFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type ApplianceCheck = z.output<typeof applianceCheckSchema>;
export type { CoAlarmCheck, WarningDetails };
export type GasSafetyCreate = z.input<typeof gasSafetyCreateSchema>;
export type NewGasSafetyRecord = z.output<typeof gasSafetyCreateSchema>;
export type GasSafetyChanges = z.output<typeof gasSafetyPatchSchema>;

/** The form as stored while a draft (every field present, null when not filled yet). */
export type GasSafetyDraft = EngineerFields & {
  landlordName: string | null;
  landlordAddress: string | null;
  appliances: ApplianceCheck[];
  tightnessTest: "pass" | "fail" | null;
  emergencyControlAccessible: boolean | null;
  notes: string | null;
  coAlarms: CoAlarmCheck[];
  complianceConfirmed: boolean | null;
};

export const emptyDraft = (): GasSafetyDraft => ({
  landlordName: null,
  landlordAddress: null,
  appliances: [],
  tightnessTest: null,
  emergencyControlAccessible: null,
  notes: null,
  coAlarms: [],
  complianceConfirmed: null,
  engineerName: null,
  engineerLicence: null,
  signature: null,
});

/** An appliance of the property, as the record names it. */
export const applianceDescription = (a: Pick<AdminAppliance, "type" | "make" | "model">): string =>
  [applianceTypeLabels[a.type as ApplianceType], [a.make, a.model].filter(Boolean).join(" ")].filter(Boolean).join(": ");

export const flueLabel = (f: FlueType) => flueTypeLabels[f];

/** What the record states once the engineer confirms it: reg. 36(3) asks the record to confirm the check met reg. 36(9), which is reg. 26(9)'s examination. */
export const COMPLIANCE_STATEMENT =
  "The engineer confirms that the check recorded here complied with regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998: the effectiveness of any flue, the supply of combustion air, the operating pressure or heat input, and the safe functioning of each appliance were examined.";

/** A draft as stored, whenever it was saved: the fields added since (issue 44) empty, one warning action as the list. */
export function draftFrom(stored: Partial<GasSafetyDraft>): GasSafetyDraft {
  const draft = { ...emptyDraft(), ...stored };
  return { ...draft, appliances: draft.appliances.map((a) => ({ ...a, warning: warningOf(a.warning) })) };
}

/**
 * Everything reg. 36(3) needs that the record lacks, each beside its field (`appliances.0.safeToUse`).
 * Empty: it can be issued. `appliances` are the property's, to know each one's flue and owner.
 */
export function issueProblems(
  record: GasSafetyDraft & { checkDate: string },
  propertyAppliances: Pick<AdminAppliance, "id" | "flueType" | "location">[],
  today: string,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const need = (ok: unknown, path: string, message: string) => {
    if (ok === null || ok === undefined || ok === false || ok === "") problems.push({ path, message });
  };
  if (record.checkDate > today) problems.push({ path: "checkDate", message: "The check cannot be dated in the future" });
  need(record.landlordName, "landlordName", "Enter the landlord's (or agent's) name");
  need(record.landlordAddress, "landlordAddress", "Enter the landlord's (or agent's) address");
  if (record.appliances.length === 0) problems.push({ path: "appliances", message: "Add at least one appliance checked" });
  const flues = new Map(propertyAppliances.map((a) => [a.id, a.flueType]));
  record.appliances.forEach((a, i) => {
    const at = (field: string) => `appliances.${i}.${field}`;
    const flue = flues.get(a.applianceId);
    if (!flue) {
      problems.push({ path: at("applianceId"), message: "This appliance is not at this property" });
      return;
    }
    need(a.safeToUse !== null, at("safeToUse"), "Say whether it is safe to use");
    if (!a.visualOnly) {
      need(
        a.operatingPressureMbar !== null || a.heatInputKw !== null,
        at("operatingPressureMbar"),
        "Enter the operating pressure or the heat input",
      );
      need(a.safetyDevices, at("safetyDevices"), "Record the safety devices check");
      need(a.ventilation, at("ventilation"), "Record the ventilation check");
      need(a.flueVisual, at("flueVisual"), "Record the flue's visual condition");
      if (FLUE_TESTED_TYPES.includes(flue)) {
        need(a.flueFlow, at("flueFlow"), "Record the flue flow test");
        need(a.spillage, at("spillage"), "Record the spillage test");
      }
    }
    if (a.safeToUse === false) need(a.classification, at("classification"), "Classify it: Immediately Dangerous or At Risk");
    if (a.classification) need(a.defect, at("defect"), "Describe the defect");
    if (needsWarningNotice(a.classification)) {
      if (a.safeToUse === true) problems.push({ path: at("safeToUse"), message: "An ID or AR appliance is not safe to use" });
      // A draft kept on a phone by an older form has one action, not the list.
      problems.push(...warningProblems(warningOf(a.warning), at));
    }
  });
  problems.push(...coAlarmProblems(roomsWithAppliances(record.appliances, propertyAppliances), record.coAlarms ?? []));
  need(record.tightnessTest, "tightnessTest", "Record the installation tightness test");
  need(
    record.emergencyControlAccessible !== null,
    "emergencyControlAccessible",
    "Say whether the emergency control is accessible",
  );
  need(
    record.complianceConfirmed === true,
    "complianceConfirmed",
    "Confirm that the check complied with regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998",
  );
  need(record.engineerName, "engineerName", "Enter the engineer's name");
  need(record.engineerLicence, "engineerLicence", "Enter the engineer's Gas Safe licence number");
  need(record.signature, "signature", "The engineer signs the record");
  return problems;
}

/**
 * Reg. 36A: a check in the two months that end on the current deadline keeps it (the next is that
 * deadline plus 12 months); a check at any other time, or the first, sets the check date plus 12
 * months. The window opens on the date two calendar months before the deadline, as HSE puts it: "any
 * time from 10 to 12 months after the previous check".
 */
export function nextDeadline(checkDate: string, previousDeadline: string | null): string {
  if (previousDeadline && checkDate >= addMonths(previousDeadline, -2) && checkDate <= previousDeadline) {
    return addMonths(previousDeadline, 12);
  }
  return addMonths(checkDate, 12);
}

/** A record as the API answers it. */
export type AdminGasSafetyRecord = GasSafetyDraft & {
  id: number;
  status: "draft" | "issued";
  number: string | null;
  propertyId: number | null;
  customerId: number | null;
  serviceRecordId: number | null;
  checkDate: string;
  previousDeadline: string | null;
  nextDueDate: string | null;
  replacesId: number | null;
  replacesNumber: string | null;
  issuedAt: string | null;
  /** A link (a path on this site) that opens the PDF without signing in (issued only). */
  pdfUrl: string | null;
  pdfSha256: string | null;
  warningNotices: DocumentSummary[];
  /** The property's appliances (for the form), and what it says about the tenant. */
  property: {
    address: string;
    postcode: string | null;
    tenantName: string | null;
    tenantEmail: string | null;
    tenantGetsCopies: boolean;
    appliances: AdminAppliance[];
  } | null;
  /** The copies e-mailed at issue: whether each was made and when it went; the tenant's given otherwise. */
  copies: {
    landlordEmailed: boolean;
    landlordSentAt: string | null;
    tenantEmailed: boolean;
    tenantSentAt: string | null;
    tenantCopyGivenAt: string | null;
    tenantCopyDueBy: string | null;
  };
  updatedAt: string;
};

/** The tenant's copy is due within 28 days of the check. */
export const TENANT_COPY_DAYS = 28;
