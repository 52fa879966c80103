import type { ErrorDetail } from "./errors";
import { isoDate, optionalText } from "./fields";
import {
  CHECK_RESULTS,
  type CheckResult,
  type EngineerFields,
  engineerFields,
  readingField,
  resultField,
  yesNoField,
} from "./gas-safety";
import type { AdminAppliance } from "./properties";
import { z } from "./z";

/**
 * The service sheet an annual service issues: the checks done on the serviced appliance, its
 * readings, the parts used, advice and the next service date. A draft while the engineer works, then
 * issued (SS-000001) like a gas safety record: fixed, its PDF rendered once, the customer e-mailed,
 * and the visit's next due date set from it.
 */
export const SERVICE_CHECKS = [
  ["burner", "Burner and injectors"],
  ["heatExchanger", "Heat exchanger"],
  ["seals", "Case seals and gaskets"],
  ["condensate", "Condensate trap and pipe"],
  ["expansionVessel", "Expansion vessel charge"],
  ["flue", "Flue route and terminal"],
  ["controls", "Controls and thermostats"],
  ["safetyDevices", "Safety devices"],
  ["ventilation", "Ventilation"],
  ["gasTightness", "Gas tightness"],
] as const;
export type ServiceCheckKey = (typeof SERVICE_CHECKS)[number][0];

const checksSchema = z
  .object(
    Object.fromEntries(SERVICE_CHECKS.map(([key, label]) => [key, resultField(label)])) as Record<
      ServiceCheckKey,
      ReturnType<typeof resultField>
    >,
  )
  .partial();

const sheetFields = {
  serviceDate: isoDate("The date of the service"),
  applianceId: z
    .number({ error: "Choose the appliance serviced" })
    .int("Choose the appliance serviced")
    .positive("Choose the appliance serviced")
    .nullish()
    .transform((v) => v ?? null),
  checks: checksSchema,
  operatingPressureMbar: readingField("Operating pressure (mbar)", 100),
  heatInputKw: readingField("Heat input (kW)", 500),
  coPpm: readingField("CO (ppm)", 10_000),
  co2Percent: readingField("CO2 (%)", 100),
  coCo2Ratio: readingField("CO/CO2 ratio", 1),
  systemPressureBar: readingField("System pressure (bar)", 10),
  safeToUse: yesNoField("Safe to use"),
  partsUsed: optionalText("The parts used", 1000),
  advice: optionalText("The advice", 2000),
  nextServiceDate: isoDate("The next service date")
    .nullish()
    .transform((v) => v ?? null),
  ...engineerFields,
};

export const serviceSheetCreateSchema = z.object({
  propertyId: z.number({ error: "Choose the property" }).int("Choose the property").positive("Choose the property"),
  serviceRecordId: z
    .number({ error: "The visit must be a number" })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  ...z.object(sheetFields).partial().shape,
});

export const serviceSheetPatchSchema = z
  .object(sheetFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type ServiceSheetChanges = z.output<typeof serviceSheetPatchSchema>;
export type NewServiceSheet = z.output<typeof serviceSheetCreateSchema>;

/** The form as stored while a draft. */
export type ServiceSheetDraft = EngineerFields & {
  applianceId: number | null;
  checks: Partial<Record<ServiceCheckKey, CheckResult | null>>;
  operatingPressureMbar: number | null;
  heatInputKw: number | null;
  coPpm: number | null;
  co2Percent: number | null;
  coCo2Ratio: number | null;
  systemPressureBar: number | null;
  safeToUse: boolean | null;
  partsUsed: string | null;
  advice: string | null;
  nextServiceDate: string | null;
};

export const emptySheet = (): ServiceSheetDraft => ({
  applianceId: null,
  checks: {},
  operatingPressureMbar: null,
  heatInputKw: null,
  coPpm: null,
  co2Percent: null,
  coCo2Ratio: null,
  systemPressureBar: null,
  safeToUse: null,
  partsUsed: null,
  advice: null,
  nextServiceDate: null,
  engineerName: null,
  engineerLicence: null,
  signature: null,
});

/** What a sheet lacks before it can be issued, each beside its field. */
export function sheetProblems(
  sheet: ServiceSheetDraft & { serviceDate: string },
  propertyAppliances: Pick<AdminAppliance, "id">[],
  today: string,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const need = (ok: unknown, path: string, message: string) => {
    if (ok === null || ok === undefined || ok === false || ok === "") problems.push({ path, message });
  };
  if (sheet.serviceDate > today) problems.push({ path: "serviceDate", message: "The service cannot be dated in the future" });
  if (sheet.applianceId === null) problems.push({ path: "applianceId", message: "Choose the appliance serviced" });
  else if (!propertyAppliances.some((a) => a.id === sheet.applianceId))
    problems.push({ path: "applianceId", message: "This appliance is not at this property" });
  for (const [key, label] of SERVICE_CHECKS) need(sheet.checks[key], `checks.${key}`, `Record the ${label.toLowerCase()} check`);
  need(
    sheet.operatingPressureMbar !== null || sheet.heatInputKw !== null,
    "operatingPressureMbar",
    "Enter the operating pressure or the heat input",
  );
  need(sheet.coPpm !== null, "coPpm", "Enter the CO reading");
  need(sheet.co2Percent !== null, "co2Percent", "Enter the CO2 reading");
  need(sheet.safeToUse !== null, "safeToUse", "Say whether it is safe to use");
  if (!sheet.nextServiceDate) problems.push({ path: "nextServiceDate", message: "Enter the next service date" });
  else if (sheet.nextServiceDate <= sheet.serviceDate)
    problems.push({ path: "nextServiceDate", message: "The next service must be after this one" });
  need(sheet.engineerName, "engineerName", "Enter the engineer's name");
  need(sheet.engineerLicence, "engineerLicence", "Enter the engineer's Gas Safe licence number");
  need(sheet.signature, "signature", "The engineer signs the sheet");
  return problems;
}

export { CHECK_RESULTS };

/** A service sheet as the API answers it. */
export type AdminServiceSheet = ServiceSheetDraft & {
  id: number;
  status: "draft" | "issued";
  number: string | null;
  propertyId: number | null;
  customerId: number | null;
  serviceRecordId: number | null;
  serviceDate: string;
  issuedAt: string | null;
  pdfUrl: string | null;
  pdfSha256: string | null;
  customerEmailed: boolean;
  customerSentAt: string | null;
  property: { address: string; postcode: string | null; appliances: AdminAppliance[] } | null;
  updatedAt: string;
};
