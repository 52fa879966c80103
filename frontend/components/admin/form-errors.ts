/** A form's problems by field: the dotted path of the API field ("serviceDate", "newCustomer.email"). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first problem of each field, from the form schema's zod issues (a path of keys) or the
 * server's details (a dotted path), so both show beside the same field.
 */
export function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = typeof issue.path === "string" ? issue.path : issue.path.map(String).join(".");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** The errors under one part of a form ("newCustomer"), keyed by the rest of their path. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const under: FieldErrors = {};
  for (const [key, message] of Object.entries(errors))
    if (key.startsWith(`${prefix}.`)) under[key.slice(prefix.length + 1)] = message;
  return under;
}
