import { useRef, useState } from "react";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { fieldErrorsFrom, type Issue, useForm } from "../../../lib/use-form";
import { unsavedDraft, useDraftAutosave } from "./use-draft-autosave";

/**
 * A paper filled in on site and then issued (a gas safety record, a service sheet): the form,
 * picked up from this browser when it kept changes the server has not seen, saved as it is filled,
 * and Issue, which first names everything missing beside its field (the summary above them takes
 * the focus), then saves the last changes and issues it. `ready` is that first check alone, for the
 * button that asks before issuing (issue-button.tsx).
 */
export function useIssuableDraft<F extends object, D>({
  path,
  storageKey,
  saved: savedOf,
  problems,
  issued,
  onIssued,
  focusRefusals = false,
}: {
  /** The draft's API address; issuing posts to `<path>/issue`. */
  path: string;
  storageKey: string;
  /** The draft as the server has it. */
  saved: () => F;
  /** What must be filled in before it can be issued (the shared schema's own rule). */
  problems: (values: F) => readonly Issue[];
  /** What the toast says of the issued paper. */
  issued: (paper: D) => { title: string; description: string };
  onIssued: () => unknown;
  /** A refusal from the server moves the focus to the summary too. */
  focusRefusals?: boolean;
}) {
  // The draft as loaded, once: each screen opens keyed by its id.
  const [saved] = useState(savedOf);
  // Kept by an older form, it may lack a field added since: the server's value stands in for it.
  const form = useForm<F>({ initial: () => ({ ...saved, ...unsavedDraft<F>(storageKey) }) });
  const autosave = useDraftAutosave(form, { path, storageKey, saved });
  const summary = useRef<HTMLDivElement>(null);
  const focusSummary = () => requestAnimationFrame(() => summary.current?.focus());

  /** Whether it can be issued as filled; if not, each problem beside its field and the summary focused. */
  function ready(): boolean {
    const found = problems(form.values);
    if (found.length === 0) return true;
    form.setErrors(fieldErrorsFrom(found));
    focusSummary();
    return false;
  }

  async function issue() {
    await form.submit(
      async () => {
        await autosave.saveNow();
        const paper = await adminApi<D>(`${path}/issue`, { method: "POST" });
        localStorage.removeItem(storageKey);
        notify({ ...issued(paper), variant: "success" });
        await onIssued();
      },
      {
        issues: () => problems(form.values),
        onInvalid: focusSummary,
        onError: (error, found) => {
          if (focusRefusals && Object.keys(found).length > 0) focusSummary();
          toastFailure("Not issued", "Please try again.")(error);
        },
      },
    );
  }

  return { form, autosave, summary, issue, ready };
}
