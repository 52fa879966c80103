import { notify } from "../toast";
import type { FieldErrors, Issue } from "../use-form";
import { errorMessage, isUnauthorized } from "./admin-api";

/** The back office's forms say a failed check in a toast as well: its first problem. */
export const toastInvalid = (_errors: FieldErrors, issues: readonly Issue[]) =>
  notify({ title: "Validation Error", description: issues[0]?.message, variant: "destructive" });

/** A refused or failed call, in a toast: the server's words, or `fallback` (a 401 has said so already). */
export const toastFailure = (title: string, fallback: string) => (error: unknown) => {
  if (!isUnauthorized(error)) notify({ title, description: errorMessage(error, fallback), variant: "destructive" });
};
