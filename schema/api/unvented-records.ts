import type { ErrorDetail } from "./errors";
import { drawnSignature, isoDate, optionalText, yesNoField } from "./fields";
import { type EngineerFields, engineerFields, readingField } from "./gas-safety";
import type { UnventedService } from "./unvented-services";
import { RESPONSIBLE_SIGNATURE_MAX_CHARS } from "./warning-notices";
import { z } from "./z";

/**
 * The commissioning record of an unvented hot water cylinder (G3): the cylinder, its expansion
 * vessel and pressure reducing valve, the two relief valves, the tundish and discharge pipe against
 * the manufacturer's rule, the thermostat and high-limit cut-out, and the customer's signature. A
 * draft while the engineer works, then issued (G3-000001) by an engineer qualified for unvented hot
 * water, like a service sheet: fixed, its PDF rendered once, the customer e-mailed.
 */

/** The one qualification (admin_users.qualifications) that may issue it. */
export const UNVENTED_QUALIFICATION = "unvented";
export const NOT_QUALIFIED_FOR_G3 = "Only an engineer qualified for unvented hot water (G3) can issue this record";
export const NOT_QUALIFIED_FOR_G3_SERVICE = "Only an engineer qualified for unvented hot water (G3) can record its service";

/** The safety checks the installer ticks, each asked as "checked?". */
export const UNVENTED_CHECKS = [
  ["expansionReliefChecked", "Expansion relief valve"],
  ["tpReliefChecked", "Temperature/pressure relief valve"],
  ["thermostatChecked", "Thermostat"],
  ["cutOutChecked", "High-limit cut-out"],
] as const;
export type UnventedCheckKey = (typeof UNVENTED_CHECKS)[number][0];

const recordFields = {
  commissionedOn: isoDate("The date of commissioning"),
  cylinderMake: optionalText("The cylinder's make", 120),
  cylinderModel: optionalText("The cylinder's model", 120),
  cylinderSerial: optionalText("The cylinder's serial number", 120),
  capacityLitres: readingField("Capacity (litres)", 2000),
  expansionVesselBar: readingField("Expansion vessel charge pressure (bar)", 10),
  prvSettingBar: readingField("Pressure reducing valve setting (bar)", 10),
  expansionReliefChecked: yesNoField("Expansion relief valve checked"),
  expansionReliefBar: readingField("Expansion relief valve rating (bar)", 20),
  tpReliefChecked: yesNoField("Temperature/pressure relief valve checked"),
  tpReliefBar: readingField("Temperature/pressure relief valve rating (bar)", 20),
  tpReliefCelsius: readingField("Temperature/pressure relief valve rating (°C)", 150),
  d1SizeMm: readingField("D1 size (mm)", 200),
  d2SizeMm: readingField("D2 size (mm)", 200),
  d2LengthM: readingField("D2 length (m)", 100),
  dischargeTermination: optionalText("The discharge pipe's termination", 300),
  dischargeMeetsRule: yesNoField("Discharge pipe meets the manufacturer's rule"),
  dischargeReason: optionalText("Why the discharge pipe does not meet the manufacturer's rule", 1000),
  thermostatChecked: yesNoField("Thermostat checked"),
  cutOutChecked: yesNoField("High-limit cut-out checked"),
  customerName: optionalText("The customer's name", 120),
  customerSignature: drawnSignature(RESPONSIBLE_SIGNATURE_MAX_CHARS),
  ...engineerFields,
};

export const unventedCreateSchema = z.object({
  propertyId: z.number({ error: "Choose the property" }).int("Choose the property").positive("Choose the property"),
  serviceRecordId: z
    .number({ error: "The visit must be a number" })
    .int("The visit must be a number")
    .positive("The visit must be a number")
    .nullish()
    .transform((v) => v ?? null),
  ...z.object(recordFields).partial().shape,
});

export const unventedPatchSchema = z
  .object(recordFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type NewUnventedRecord = z.output<typeof unventedCreateSchema>;
export type UnventedChanges = z.output<typeof unventedPatchSchema>;

/** The form as stored while a draft (the date is its own column). */
export type UnventedDraft = EngineerFields & {
  cylinderMake: string | null;
  cylinderModel: string | null;
  cylinderSerial: string | null;
  capacityLitres: number | null;
  expansionVesselBar: number | null;
  prvSettingBar: number | null;
  expansionReliefChecked: boolean | null;
  expansionReliefBar: number | null;
  tpReliefChecked: boolean | null;
  tpReliefBar: number | null;
  tpReliefCelsius: number | null;
  d1SizeMm: number | null;
  d2SizeMm: number | null;
  d2LengthM: number | null;
  dischargeTermination: string | null;
  dischargeMeetsRule: boolean | null;
  dischargeReason: string | null;
  thermostatChecked: boolean | null;
  cutOutChecked: boolean | null;
  customerName: string | null;
  customerSignature: string | null;
};

export const emptyUnventedRecord = (): UnventedDraft => ({
  cylinderMake: null,
  cylinderModel: null,
  cylinderSerial: null,
  capacityLitres: null,
  expansionVesselBar: null,
  prvSettingBar: null,
  expansionReliefChecked: null,
  expansionReliefBar: null,
  tpReliefChecked: null,
  tpReliefBar: null,
  tpReliefCelsius: null,
  d1SizeMm: null,
  d2SizeMm: null,
  d2LengthM: null,
  dischargeTermination: null,
  dischargeMeetsRule: null,
  dischargeReason: null,
  thermostatChecked: null,
  cutOutChecked: null,
  customerName: null,
  customerSignature: null,
  engineerName: null,
  engineerLicence: null,
  signature: null,
});

/**
 * What a record lacks before it can be issued, each beside its field. The discharge pipe is checked
 * against the manufacturer's rule: not answered, it cannot be issued; answered no, only with the
 * reason, which the PDF prints.
 */
export function unventedProblems(record: UnventedDraft & { commissionedOn: string }, today: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const need = (ok: unknown, path: string, message: string) => {
    if (ok === null || ok === undefined || ok === "") problems.push({ path, message });
  };
  if (record.commissionedOn > today)
    problems.push({ path: "commissionedOn", message: "The commissioning cannot be dated in the future" });
  need(record.cylinderMake, "cylinderMake", "Enter the cylinder's make");
  need(record.cylinderModel, "cylinderModel", "Enter the cylinder's model");
  need(record.cylinderSerial, "cylinderSerial", "Enter the cylinder's serial number");
  need(record.capacityLitres, "capacityLitres", "Enter the cylinder's capacity in litres");
  need(record.expansionVesselBar, "expansionVesselBar", "Enter the expansion vessel's charge pressure");
  need(record.prvSettingBar, "prvSettingBar", "Enter the pressure reducing valve's setting");
  for (const [key, label] of UNVENTED_CHECKS) {
    if (record[key] !== true) problems.push({ path: key, message: `Check the ${label.toLowerCase()} before issuing` });
  }
  need(record.expansionReliefBar, "expansionReliefBar", "Enter the expansion relief valve's rating in bar");
  need(record.tpReliefBar, "tpReliefBar", "Enter the temperature/pressure relief valve's rating in bar");
  need(record.tpReliefCelsius, "tpReliefCelsius", "Enter the temperature/pressure relief valve's rating in °C");
  need(record.d1SizeMm, "d1SizeMm", "Enter the D1 (tundish inlet) pipe size in mm");
  need(record.d2SizeMm, "d2SizeMm", "Enter the D2 (discharge) pipe size in mm");
  need(record.d2LengthM, "d2LengthM", "Enter the D2 pipe's length in metres");
  need(record.dischargeTermination, "dischargeTermination", "Say where the discharge pipe terminates");
  if (record.dischargeMeetsRule === null)
    problems.push({ path: "dischargeMeetsRule", message: "Confirm the discharge pipe against the manufacturer's rule" });
  else if (record.dischargeMeetsRule === false && !record.dischargeReason)
    problems.push({
      path: "dischargeReason",
      message: "The discharge pipe does not meet the manufacturer's rule: give the reason it is left so",
    });
  need(record.customerName, "customerName", "Enter the customer's name");
  need(record.customerSignature, "customerSignature", "The customer signs the record");
  need(record.engineerName, "engineerName", "Enter the engineer's name");
  need(record.signature, "signature", "The engineer signs the record");
  return problems;
}

/** An unvented cylinder record as the API answers it. */
export type AdminUnventedRecord = UnventedDraft & {
  id: number;
  status: "draft" | "issued";
  number: string | null;
  propertyId: number | null;
  customerId: number | null;
  serviceRecordId: number | null;
  commissionedOn: string;
  issuedAt: string | null;
  pdfUrl: string | null;
  pdfSha256: string | null;
  customerEmailed: boolean;
  customerSentAt: string | null;
  property: { address: string; postcode: string | null } | null;
  /** Its annual services since, oldest first (schema/api/unvented-services.ts). */
  services: UnventedService[];
  updatedAt: string;
};
