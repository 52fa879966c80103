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

/** Text is compared trimmed, objects (a group of settings, a list) by their JSON. */
const comparable = (value: unknown) =>
  typeof value === "string" ? value.trim() : value !== null && typeof value === "object" ? JSON.stringify(value) : value;

/**
 * What a PATCH sends: the fields of `after` (or only `keys`) whose values differ from `before`.
 * Empty when nothing changed.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T)[] = Object.keys(after) as (keyof T)[],
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of keys) if (!Object.is(comparable(before[key]), comparable(after[key]))) changes[key] = after[key];
  return changes;
}
