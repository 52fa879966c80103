import { COMMON_PASSWORD } from "../../../schema/api/security";
import { commonPasswords } from "../../lib/common-passwords";
import { ApiError } from "../../lib/errors";

/**
 * A new back-office password's rule beyond its length (the schema's): not one of the most common
 * passwords, and not built on the username. The Security screen's change of password and an
 * invitation's first password both hold to it.
 */
export function requireUncommonPassword(password: string, username: string) {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || lower.includes(username.toLowerCase())) {
    throw new ApiError("VALIDATION_FAILED", COMMON_PASSWORD, { details: [{ path: "password", message: COMMON_PASSWORD }] });
  }
}
