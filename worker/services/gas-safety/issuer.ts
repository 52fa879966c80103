import type { EngineerFields } from "../../../schema/api/gas-safety";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError } from "../../lib/errors";

/**
 * Whose name and Gas Safe licence a record or a service sheet carries (issue 46): a person with a
 * licence on their profile issues under their own, whatever the draft was given; the business's
 * registration number stays the company's, on the letterhead. The owner of a business of one,
 * with no licence on the profile, issues as the draft says, as before. An engineer without one
 * cannot issue: the record would carry another engineer's number.
 */
export function underIssuer<T extends EngineerFields>(draft: T, person: AdminUser | undefined): T {
  if (!person) return draft;
  if (person.gasSafeLicence) return { ...draft, engineerName: person.name, engineerLicence: person.gasSafeLicence };
  if (person.role !== "engineer") return draft;
  const message = "Your Gas Safe licence number is not on your profile yet. Ask the owner to add it, then issue again.";
  throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "engineerLicence", message }] });
}

/** A new draft's engineer: the person starting it when they hold a licence, else whoever issued the last one. */
export function draftEngineer(person: AdminUser | undefined, last: Partial<EngineerFields>) {
  if (person?.gasSafeLicence) return { engineerName: person.name, engineerLicence: person.gasSafeLicence };
  return { engineerName: last.engineerName ?? null, engineerLicence: last.engineerLicence ?? null };
}
