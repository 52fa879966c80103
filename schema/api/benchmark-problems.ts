import type { BenchmarkDraft } from "./benchmark-records";
import type { ErrorDetail } from "./errors";

/**
 * What a Benchmark checklist must hold before it is issued, run by the form and the Worker alike,
 * and its combustion check: the CO/CO2 ratio computed from each pair of readings, and each reading
 * held against the manufacturer's limits the engineer entered. A reading out of range is issued
 * only with the reason, which the PDF prints.
 */

/** CO ppm / (CO2 % × 10,000), to four places as an analyser shows it; null until both are read. */
export function coCo2Ratio(coPpm: number | null, co2Percent: number | null): number | null {
  if (coPpm === null || co2Percent === null || co2Percent === 0) return null;
  return Math.round((coPpm / (co2Percent * 10_000)) * 10_000) / 10_000;
}

export const RATES = [
  ["max", "maximum rate"],
  ["min", "minimum rate"],
] as const;

type Readings = Pick<BenchmarkDraft, "maxCoPpm" | "maxCo2Percent" | "minCoPpm" | "minCo2Percent">;
type Limits = Pick<BenchmarkDraft, "limitCoPpm" | "limitRatio" | "limitCo2Low" | "limitCo2High">;

/** One rate's readings and their ratio. */
export function rateReadings(d: Readings, rate: "max" | "min") {
  const coPpm = rate === "max" ? d.maxCoPpm : d.minCoPpm;
  const co2Percent = rate === "max" ? d.maxCo2Percent : d.minCo2Percent;
  return { coPpm, co2Percent, ratio: coCo2Ratio(coPpm, co2Percent) };
}

/** Each reading outside the manufacturer's limits, in words ("CO at maximum rate 150 ppm is above 100 ppm"). */
export function outOfRange(d: Readings & Limits): string[] {
  const found: string[] = [];
  for (const [rate, words] of RATES) {
    const { coPpm, co2Percent, ratio } = rateReadings(d, rate);
    if (coPpm !== null && d.limitCoPpm !== null && coPpm > d.limitCoPpm)
      found.push(`CO at ${words} ${coPpm} ppm is above ${d.limitCoPpm} ppm`);
    if (ratio !== null && d.limitRatio !== null && ratio > d.limitRatio)
      found.push(`CO/CO2 ratio at ${words} ${ratio} is above ${d.limitRatio}`);
    if (co2Percent !== null && d.limitCo2Low !== null && co2Percent < d.limitCo2Low)
      found.push(`CO2 at ${words} ${co2Percent}% is below ${d.limitCo2Low}%`);
    if (co2Percent !== null && d.limitCo2High !== null && co2Percent > d.limitCo2High)
      found.push(`CO2 at ${words} ${co2Percent}% is above ${d.limitCo2High}%`);
  }
  return found;
}

export const OUT_OF_RANGE_NEEDS_REASON = "Readings outside the manufacturer's limits: give the reason they are left so";

type Checklist = BenchmarkDraft & { commissionedOn: string; applianceId: number | null };

/** What the checklist lacks before it can be issued, each beside its field. */
export function benchmarkProblems(d: Checklist, today: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const need = (value: unknown, path: string, message: string) => {
    if (value === null || value === undefined || value === "") problems.push({ path, message });
  };
  const confirm = (value: boolean | null, path: string, message: string) => {
    if (value !== true) problems.push({ path, message });
  };
  if (d.commissionedOn > today)
    problems.push({ path: "commissionedOn", message: "The commissioning cannot be dated in the future" });
  need(d.applianceId, "applianceId", "Choose the boiler among the property's appliances");
  need(d.boilerMake, "boilerMake", "Enter the boiler's make");
  need(d.boilerModel, "boilerModel", "Enter the boiler's model");
  need(d.boilerSerial, "boilerSerial", "Enter the boiler's serial number");
  need(d.boilerType, "boilerType", "Choose the boiler's type");
  if (d.commissioningEngineerName && !d.commissioningEngineerLicence)
    problems.push({
      path: "commissioningEngineerLicence",
      message: "Enter the commissioning engineer's Gas Safe licence number",
    });
  need(d.heatingControl, "heatingControl", "Choose the time and temperature control to heating");
  need(d.hotWaterControl, "hotWaterControl", "Choose the time and temperature control to hot water");
  need(d.heatingZoneValves, "heatingZoneValves", "Say whether heating zone valves are fitted");
  need(d.hotWaterZoneValves, "hotWaterZoneValves", "Say whether hot water zone valves are fitted");
  need(d.trvs, "trvs", "Say whether thermostatic radiator valves are fitted");
  need(d.automaticBypass, "automaticBypass", "Say whether an automatic bypass is fitted");
  confirm(d.boilerInterlock, "boilerInterlock", "Confirm the boiler interlock is provided");
  need(d.efficiencyMeasure, "efficiencyMeasure", "Choose the energy-efficiency measure fitted (or none)");
  need(d.gasRateUnit, "gasRateUnit", "Choose the gas rate's unit");
  need(d.gasRate, "gasRate", "Enter the gas rate");
  if (d.burnerPressureMbar === null && d.inletPressureMbar === null)
    problems.push({ path: "burnerPressureMbar", message: "Enter the burner operating pressure or the gas inlet pressure" });
  need(d.flowTempC, "flowTempC", "Enter the central heating flow temperature");
  need(d.returnTempC, "returnTempC", "Enter the central heating return temperature");
  need(d.cleanedStandard, "cleanedStandard", "Enter the standard the system was cleaned and flushed to");
  need(d.cleanserName, "cleanserName", "Enter the cleanser's name");
  need(d.cleanserLitres, "cleanserLitres", "Enter the cleanser's quantity");
  need(d.inhibitorName, "inhibitorName", "Enter the inhibitor's name");
  need(d.inhibitorLitres, "inhibitorLitres", "Enter the inhibitor's quantity");
  need(d.filter, "filter", "Say which filter is fitted (or none)");
  if (d.boilerType === "combination") {
    need(d.dhwGasRate, "dhwGasRate", "Enter the hot water gas rate");
    need(d.dhwInletPressureMbar, "dhwInletPressureMbar", "Enter the hot water gas inlet pressure");
    need(d.coldInletTempC, "coldInletTempC", "Enter the cold water inlet temperature");
    need(d.hotOutletTempC, "hotOutletTempC", "Enter the hot water outlet temperature");
    need(d.dhwFlowLpm, "dhwFlowLpm", "Enter the hot water flow rate");
  }
  confirm(
    d.condensateToManufacturer,
    "condensateToManufacturer",
    "Confirm the condensate disposal is as the manufacturer's instructions say",
  );
  need(d.maxCoPpm, "maxCoPpm", "Enter the CO reading at maximum rate");
  need(d.maxCo2Percent, "maxCo2Percent", "Enter the CO2 reading at maximum rate");
  need(d.minCoPpm, "minCoPpm", "Enter the CO reading at minimum rate");
  need(d.minCo2Percent, "minCo2Percent", "Enter the CO2 reading at minimum rate");
  need(d.limitCoPpm, "limitCoPpm", "Enter the manufacturer's maximum CO");
  need(d.limitRatio, "limitRatio", "Enter the manufacturer's maximum CO/CO2 ratio");
  need(d.limitCo2Low, "limitCo2Low", "Enter the manufacturer's lowest CO2");
  need(d.limitCo2High, "limitCo2High", "Enter the manufacturer's highest CO2");
  if (d.limitCo2Low !== null && d.limitCo2High !== null && d.limitCo2Low > d.limitCo2High)
    problems.push({ path: "limitCo2High", message: "The highest CO2 must not be below the lowest" });
  const outside = outOfRange(d);
  if (outside.length > 0 && !d.outOfRangeReason)
    problems.push({ path: "outOfRangeReason", message: `${OUT_OF_RANGE_NEEDS_REASON} (${outside.join("; ")})` });
  confirm(d.instructionsHanded, "instructionsHanded", "Hand the customer the instructions before issuing");
  confirm(d.controlsShown, "controlsShown", "Show the customer the controls before issuing");
  need(d.customerName, "customerName", "Enter the customer's name");
  need(d.customerSignature, "customerSignature", "The customer signs the checklist");
  need(d.engineerName, "engineerName", "Enter the engineer's name");
  need(d.engineerLicence, "engineerLicence", "Enter the engineer's Gas Safe licence number");
  need(d.signature, "signature", "The engineer signs the checklist");
  return problems;
}
