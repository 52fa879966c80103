import {
  BOILER_TYPES,
  choiceField,
  EFFICIENCY_MEASURES,
  FILTERS,
  FITTED,
  GAS_RATE_UNITS,
  HEATING_CONTROLS,
  HOT_WATER_CONTROLS,
} from "./benchmark-choices";
import { drawnSignature, isoDate, optionalText, yesNoField } from "./fields";
import { engineerFields, readingField } from "./gas-safety";
import type { AdminAppliance } from "./properties";
import { RESPONSIBLE_SIGNATURE_MAX_CHARS } from "./warning-notices";
import { z } from "./z";

/**
 * The Benchmark commissioning checklist of a new gas boiler (issue 47 part 1): the boiler (one of
 * the property's appliances), the installer and the commissioning engineer, the Building Regulations
 * notification, the controls, the central heating and hot water readings, the system's cleaning,
 * the combustion readings at maximum and minimum rate against the manufacturer's limits, and the
 * customer's hand-over. A draft while the engineer works, then issued (BM-000001) by a Gas Safe
 * engineer, like a service sheet. What must be filled in to issue it is ./benchmark-problems.ts.
 */
const reading = readingField;

const boilerFields = {
  boilerMake: optionalText("The boiler's make", 120),
  boilerModel: optionalText("The boiler's model", 120),
  boilerSerial: optionalText("The boiler's serial number", 120),
  boilerType: choiceField(BOILER_TYPES, "The boiler's type"),
  commissioningEngineerName: optionalText("The commissioning engineer's name", 120),
  commissioningEngineerLicence: optionalText("The commissioning engineer's Gas Safe licence number", 7).refine(
    (v) => v === null || /^\d{7}$/.test(v),
    "The commissioning engineer's Gas Safe licence number is 7 digits",
  ),
  buildingRegsNumber: optionalText("The Building Regulations notification number", 40),
};

const controlFields = {
  heatingControl: choiceField(HEATING_CONTROLS, "Time and temperature control to heating"),
  hotWaterControl: choiceField(HOT_WATER_CONTROLS, "Time and temperature control to hot water"),
  heatingZoneValves: choiceField(FITTED, "Heating zone valves"),
  hotWaterZoneValves: choiceField(FITTED, "Hot water zone valves"),
  trvs: choiceField(FITTED, "Thermostatic radiator valves"),
  automaticBypass: choiceField(FITTED, "Automatic bypass"),
  boilerInterlock: yesNoField("Boiler interlock provided"),
  efficiencyMeasure: choiceField(EFFICIENCY_MEASURES, "Energy-efficiency measure"),
};

const heatingFields = {
  gasRateUnit: choiceField(GAS_RATE_UNITS, "The gas rate's unit"),
  gasRate: reading("Gas rate", 1000),
  burnerPressureMbar: reading("Burner operating pressure (mbar)", 100),
  inletPressureMbar: reading("Gas inlet pressure (mbar)", 100),
  flowTempC: reading("Central heating flow temperature (°C)", 110),
  returnTempC: reading("Central heating return temperature (°C)", 110),
  cleanedStandard: optionalText("The standard the system was cleaned to", 120),
  cleanserName: optionalText("The cleanser's name", 120),
  cleanserLitres: reading("Cleanser quantity (litres)", 100),
  inhibitorName: optionalText("The inhibitor's name", 120),
  inhibitorLitres: reading("Inhibitor quantity (litres)", 100),
  filter: choiceField(FILTERS, "Filter fitted"),
};

const hotWaterFields = {
  dhwGasRate: reading("Hot water gas rate", 1000),
  dhwInletPressureMbar: reading("Hot water gas inlet pressure (mbar)", 100),
  coldInletTempC: reading("Cold water inlet temperature (°C)", 100),
  hotOutletTempC: reading("Hot water outlet temperature (°C)", 100),
  dhwFlowLpm: reading("Hot water flow rate (litres/min)", 100),
  condensateToManufacturer: yesNoField("Condensate disposal as the manufacturer's instructions"),
};

const combustionFields = {
  maxCoPpm: reading("CO at maximum rate (ppm)", 10_000),
  maxCo2Percent: reading("CO2 at maximum rate (%)", 100),
  minCoPpm: reading("CO at minimum rate (ppm)", 10_000),
  minCo2Percent: reading("CO2 at minimum rate (%)", 100),
  limitCoPpm: reading("The manufacturer's maximum CO (ppm)", 10_000),
  limitRatio: reading("The manufacturer's maximum CO/CO2 ratio", 1),
  limitCo2Low: reading("The manufacturer's lowest CO2 (%)", 100),
  limitCo2High: reading("The manufacturer's highest CO2 (%)", 100),
  outOfRangeReason: optionalText("Why the readings outside the manufacturer's limits are left so", 1000),
};

const handOverFields = {
  instructionsHanded: yesNoField("Instructions handed to the customer"),
  controlsShown: yesNoField("Controls shown to the customer"),
  customerName: optionalText("The customer's name", 120),
  customerSignature: drawnSignature(RESPONSIBLE_SIGNATURE_MAX_CHARS),
  ...engineerFields,
};

const detailFields = {
  ...boilerFields,
  ...controlFields,
  ...heatingFields,
  ...hotWaterFields,
  ...combustionFields,
  ...handOverFields,
};
const detailsSchema = z.object(detailFields);

const recordFields = {
  commissionedOn: isoDate("The date of commissioning"),
  applianceId: z
    .number({ error: "Choose the boiler" })
    .int("Choose the boiler")
    .positive("Choose the boiler")
    .nullish()
    .transform((v) => v ?? null),
  ...detailFields,
};

export const benchmarkCreateSchema = z.object({
  propertyId: z.number({ error: "Choose the property" }).int("Choose the property").positive("Choose the property"),
  serviceRecordId: z
    .number({ error: "The visit must be a number" })
    .int("The visit must be a number")
    .positive("The visit must be a number")
    .nullish()
    .transform((v) => v ?? null),
  ...z.object(recordFields).partial().shape,
});

export const benchmarkPatchSchema = z
  .object(recordFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type NewBenchmarkRecord = z.output<typeof benchmarkCreateSchema>;
export type BenchmarkChanges = z.output<typeof benchmarkPatchSchema>;

/** The form as stored while a draft (the date and the boiler are columns of their own). */
export type BenchmarkDraft = z.output<typeof detailsSchema>;

export const BENCHMARK_FIELDS = Object.keys(detailFields) as (keyof BenchmarkDraft)[];

export const emptyBenchmark = (): BenchmarkDraft => Object.fromEntries(BENCHMARK_FIELDS.map((k) => [k, null])) as BenchmarkDraft;

/** One later service of the boiler: an issued service sheet of the same appliance (the Benchmark's service record). */
export type BenchmarkServiceEntry = {
  sheetId: number;
  number: string;
  serviceDate: string;
  engineerName: string | null;
  engineerLicence: string | null;
  coPpm: number | null;
  co2Percent: number | null;
  coCo2Ratio: number | null;
  partsUsed: string | null;
  nextServiceDate: string | null;
};

/** A Benchmark checklist as the API answers it. */
export type AdminBenchmarkRecord = BenchmarkDraft & {
  id: number;
  status: "draft" | "issued";
  number: string | null;
  propertyId: number | null;
  customerId: number | null;
  serviceRecordId: number | null;
  applianceId: number | null;
  commissionedOn: string;
  issuedAt: string | null;
  pdfUrl: string | null;
  pdfSha256: string | null;
  customerEmailed: boolean;
  customerSentAt: string | null;
  property: {
    address: string;
    postcode: string | null;
    appliances: Pick<AdminAppliance, "id" | "type" | "make" | "model" | "serial" | "location">[];
  } | null;
  /** The company and its Gas Safe registration, from the business settings. */
  installer: { company: string; gasSafeNumber: string };
  /** The job's Building Regulations notification, once the owner has recorded it. */
  buildingRegs: { notifiedOn: string | null; reference: string | null; certificateNumber: string | null } | null;
  /** Issued: the later service visits of its boiler, oldest first. Empty while a draft. */
  serviceRecord: BenchmarkServiceEntry[];
  updatedAt: string;
};
