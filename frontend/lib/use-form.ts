import { useCallback, useRef, useState } from "react";
import { HttpError } from "./api";

// The form hook and the helpers every form shares (field errors, the error's aria attributes, what
// changed) are one module, so a public page with a form fetches one shared file for them, not two.

/** A form's problems by field: the dotted path of the API field ("serviceDate", "newCustomer.email"). */
export type FieldErrors = Partial<Record<string, string>>;

/** One problem: a zod issue (a path of keys) or one of the server's details (a dotted path). */
export type Issue = { readonly path: readonly PropertyKey[] | string; readonly message: string };

/**
 * The first problem of each field, from the form schema's zod issues (a path of keys) or the
 * server's details (a dotted path), so both show beside the same field.
 */
export function fieldErrorsFrom(issues: readonly Issue[]): FieldErrors {
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

/** The attributes that tie a control to its error message (`<id>-error`), when it has one. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

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

/**
 * What the hook needs of the shared zod schema: its check. Only a type, so the hook brings no zod
 * into a page that does without it.
 */
export type FormSchema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};

/** The problems `schema` finds in `input`; none, an empty list. */
export function issuesOf(schema: FormSchema<unknown>, input: unknown): readonly Issue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues;
}

type StringKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

type Options<F, T> = {
  initial: F | (() => F);
  /** The shared contract the API checks the request with (the same messages, by the same paths). */
  schema?: FormSchema<T>;
  /** The request as the API takes it (default: the values as typed); `initial` for what changed. */
  input?: (values: F, initial: F) => unknown;
  /** Prefix of the fields' ids (`<prefix>-<field>`), so two forms can share a screen. */
  idPrefix?: string;
  /** The fields shown beside their inputs: a refusal's details about other paths are left to onError. */
  fields?: readonly string[];
  /** The problems a change to `key` settles (default: its own). */
  clears?: (key: string) => readonly string[];
};

export type SubmitHandlers = {
  /** The client's problems from the schema's (a rule the schema cannot see added, or their order changed). */
  issues?: (found: readonly Issue[]) => readonly Issue[];
  /** Problems named beside fields over the issues' own (each blank required field at itself). */
  extra?: FieldErrors;
  /** The client check found problems: they are beside their fields; say so elsewhere too if need be. */
  onInvalid?: (errors: FieldErrors, issues: readonly Issue[]) => unknown;
  /** The server refused or could not be reached; `errors` are the details now beside their fields. */
  onError?: (error: unknown, errors: FieldErrors) => unknown;
};

/**
 * One form's state: the values as typed, each field's problem (from the shared schema on the
 * client, and from the server's `details` when it refuses) shown beside that field, and a submit
 * that checks, sends and stays busy meanwhile. A change to a field settles its problem.
 */
export function useForm<F extends object, T = unknown>(options: Options<F, T>) {
  const [initial, setInitial] = useState<F>(options.initial);
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  /** Drops the problems of these paths and of everything under them. */
  const clearErrors = useCallback((...paths: string[]) => {
    setErrors((current) => {
      const gone = Object.keys(current).filter(
        (key) => current[key] !== undefined && paths.some((path) => key === path || key.startsWith(`${path}.`)),
      );
      if (gone.length === 0) return current;
      const next = { ...current };
      for (const key of gone) delete next[key];
      return next;
    });
  }, []);

  /** Drops the problems of exactly these paths. */
  const settle = useCallback((paths: readonly string[]) => {
    setErrors((current) => {
      if (!paths.some((path) => current[path] !== undefined)) return current;
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });
  }, []);

  const set = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      settle(latest.current.clears?.(String(key)) ?? [String(key)]);
    },
    [settle],
  );

  /** A change of several fields at once; `settles` names the problems it settles. */
  const update = useCallback(
    (change: (current: F) => F, ...settles: string[]) => {
      setValues(change);
      settle(settles);
    },
    [settle],
  );

  /** A new starting point (the saved values, or the one before the changes): its problems gone. */
  function reset(next: F = initial) {
    setInitial(next);
    setValues(next);
    setErrors({});
  }

  /** Shows a refusal's details beside their fields; answers them (none: an empty set). */
  const showRefusal = useCallback((error: unknown): FieldErrors => {
    if (!(error instanceof HttpError) || !error.body?.details?.length) return {};
    const { fields } = latest.current;
    const details = fields ? error.body.details.filter((d) => fields.includes(d.path.split(".")[0]!)) : error.body.details;
    const found = fieldErrorsFrom(details);
    if (Object.keys(found).length > 0) setErrors(found);
    return found;
  }, []);

  /** Runs a call for the form, busy meanwhile; a refusal's details beside their fields. True when it went through. */
  async function run(send: () => Promise<unknown>, onError?: SubmitHandlers["onError"]): Promise<boolean> {
    setErrors({});
    setBusy(true);
    try {
      await send();
      return true;
    } catch (error) {
      await onError?.(error, showRefusal(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /**
   * Checks the request with the schema (and `handlers.issues`), each problem shown beside its field;
   * answers what would be sent, null when there were problems. Submit's check, alone: a step that
   * asks first checks before it asks.
   */
  async function check(handlers: SubmitHandlers = {}): Promise<{ data: T; input: unknown } | null> {
    const { schema, input: inputOf } = latest.current;
    const input = inputOf ? inputOf(values, initial) : values;
    const result = schema?.safeParse(input);
    const found = result && !result.success ? result.error.issues : [];
    const issues = handlers.issues ? handlers.issues(found) : found;
    if (issues.length > 0 || (handlers.extra && Object.values(handlers.extra).some(Boolean))) {
      const shown = { ...fieldErrorsFrom(issues), ...handlers.extra };
      setErrors(shown);
      await handlers.onInvalid?.(shown, issues);
      return null;
    }
    return { data: (result?.success ? result.data : input) as T, input };
  }

  /** Checks the request with the schema (and `handlers.issues`), then sends it. True when it went through. */
  async function submit(send: (data: T, input: unknown) => Promise<unknown>, handlers: SubmitHandlers = {}): Promise<boolean> {
    const checked = await check(handlers);
    return checked ? run(() => send(checked.data, checked.input), handlers.onError) : false;
  }

  const id = (name: string) => (options.idPrefix ? `${options.idPrefix}-${name}` : name);

  /** A text box's props: its id, value and change, and its problem tied to it. */
  const text = (key: StringKeys<F>, fieldId = id(key)) => ({
    id: fieldId,
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as F[typeof key]),
    ...invalidProps(fieldId, errors[key]),
  });

  return {
    values,
    initial,
    set,
    update,
    reset,
    errors,
    setErrors,
    clearErrors,
    showRefusal,
    busy,
    run,
    check,
    submit,
    id,
    text,
  };
}

export type Form<F extends object, T = unknown> = ReturnType<typeof useForm<F, T>>;
