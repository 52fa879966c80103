import type { ErrorDetail } from "../../../schema/api/errors";
import { company } from "../../../schema/business";
import type { BusinessFacts } from "../../../schema/facts";
import { base64ToBytes } from "../../lib/base64";
import { ApiError } from "../../lib/errors";
import { isDrawablePng, type Letterhead } from "../../lib/pdf-layout";

/**
 * What every document the engineer drafts and issues shares (gas safety records, service sheets):
 * a draft's changes merged over what it has, the refusal that names each missing field, the check
 * of a drawn signature, and the company's facts as the PDF prints them.
 */

/** The fields a request sent (zod leaves the others undefined). */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** 400 with each missing or wrong field beside its path. */
export function cannotIssue(what: string, problems: ErrorDetail[]): ApiError {
  const count = problems.length === 1 ? "1 thing needs" : `${problems.length} things need`;
  return new ApiError("VALIDATION_FAILED", `This ${what} cannot be issued yet: ${count} filling in`, { details: problems });
}

const UNREADABLE_SIGNATURE = "The signature could not be read; please clear it and sign again";

/** Refuses a signature pdf-lib cannot draw, before anything is numbered with it; `path` is its field. */
export async function checkSignature(dataUrl: string, path = "signature"): Promise<void> {
  if (!(await isDrawablePng(base64ToBytes(dataUrl.slice(dataUrl.indexOf(",") + 1))))) {
    throw new ApiError("VALIDATION_FAILED", UNREADABLE_SIGNATURE, {
      details: [{ path, message: UNREADABLE_SIGNATURE }],
    });
  }
}

/** The company as a document prints it, from the owner's facts of the moment it is issued. */
export const letterheadOf = (facts: BusinessFacts): Letterhead => ({
  name: company.name,
  address: [facts.address.street, facts.address.locality, facts.address.postcode].join(", "),
  phone: facts.phone,
  email: facts.email,
  gasSafeNumber: facts.gasSafeNumber,
});

/** A customer's address with their postcode, unless the address already holds it. */
export function customerAddress(c: { address: string | null; postcode: string | null }): string | null {
  const address = c.address?.trim() || null;
  const postcode = c.postcode?.trim() || null;
  if (!address || !postcode) return address ?? postcode;
  return address.toUpperCase().includes(postcode.toUpperCase()) ? address : `${address}, ${postcode}`;
}

/** A visit's day, when it is not in the future (a draft is dated today otherwise). */
export const pastDay = (date: string | undefined, today: string) => (date && date <= today ? date : undefined);
