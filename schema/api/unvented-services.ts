import type { ErrorDetail } from "./errors";
import { isoDate, optionalText, yesNoField } from "./fields";
import { readingField } from "./gas-safety";
import { z } from "./z";

/**
 * An unvented cylinder's annual service, appended to its issued commissioning record (G3) as a
 * Benchmark's service record is: the safety devices checked again, the expansion vessel and
 * pressure reducing valve read, the parts replaced and the next due date, under the name and
 * licence of the qualified engineer who did it.
 */

/** What is checked every year, each asked as "checked?". */
export const UNVENTED_SERVICE_CHECKS = [
  ["expansionReliefChecked", "Expansion relief valve"],
  ["tpReliefChecked", "Temperature/pressure relief valve"],
  ["thermostatChecked", "Thermostat"],
  ["cutOutChecked", "High-limit cut-out"],
  ["dischargeChecked", "Tundish and discharge pipe"],
] as const;

export const unventedServiceSchema = z.object({
  servicedOn: isoDate("The date of the service"),
  nextDue: isoDate("The next service date"),
  expansionVesselBar: readingField("Expansion vessel charge pressure (bar)", 10),
  prvSettingBar: readingField("Pressure reducing valve setting (bar)", 10),
  expansionReliefChecked: yesNoField("Expansion relief valve checked"),
  tpReliefChecked: yesNoField("Temperature/pressure relief valve checked"),
  thermostatChecked: yesNoField("Thermostat checked"),
  cutOutChecked: yesNoField("High-limit cut-out checked"),
  dischargeChecked: yesNoField("Tundish and discharge pipe checked"),
  partsReplaced: optionalText("The parts replaced", 1000),
});
export type NewUnventedService = z.output<typeof unventedServiceSchema>;

/** The service as kept (JSON in unvented_services.details): what was sent, and who did it. */
export type UnventedServiceDetails = Omit<NewUnventedService, "servicedOn" | "nextDue"> & {
  engineerName: string;
  engineerLicence: string | null;
};

/** An annual service as the API answers it, oldest first on its record. */
export type UnventedService = UnventedServiceDetails & {
  id: number;
  servicedOn: string;
  nextDue: string;
};

/** What a service lacks before it can be recorded, each beside its field. */
export function unventedServiceProblems(service: NewUnventedService, commissionedOn: string, today: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (service.servicedOn > today) problems.push({ path: "servicedOn", message: "The service cannot be dated in the future" });
  else if (service.servicedOn < commissionedOn)
    problems.push({ path: "servicedOn", message: "The service cannot be dated before the cylinder was commissioned" });
  if (service.nextDue <= service.servicedOn)
    problems.push({ path: "nextDue", message: "The next service must be after this one" });
  if (service.expansionVesselBar === null)
    problems.push({ path: "expansionVesselBar", message: "Enter the expansion vessel's charge pressure" });
  if (service.prvSettingBar === null)
    problems.push({ path: "prvSettingBar", message: "Enter the pressure reducing valve's setting" });
  for (const [key, label] of UNVENTED_SERVICE_CHECKS) {
    if (service[key] !== true)
      problems.push({ path: key, message: `Check the ${label.toLowerCase()} before recording the service` });
  }
  return problems;
}
