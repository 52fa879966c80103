import { useCallback, useEffect, useRef, useState } from "react";
import { adminChange } from "../../../lib/admin/admin-write";
import { HttpError } from "../../../lib/api";
import { changedFields, type Form } from "../../../lib/use-form";

export type SaveState = "saved" | "saving" | "waiting" | "refused";

/**
 * Saves a draft as it is filled: each change is kept in this browser at once (a reload or a lost
 * signal loses nothing) and sent a moment later, only the fields that changed, one save at a time
 * so an older one never lands after a newer. A save that cannot reach the server is tried again when
 * the browser is back online or a few seconds later; one the server refuses shows its reasons beside
 * the form's fields.
 */
export function useDraftAutosave<F extends object>(
  { values: form, showRefusal }: Pick<Form<F>, "values" | "showRefusal">,
  { path, storageKey, saved: savedOnServer }: { path: string; storageKey: string; saved: F },
) {
  const saved = useRef(savedOnServer);
  const latest = useRef(form);
  latest.current = form;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [state, setState] = useState<SaveState>("saved");

  const saveNow = useCallback((): Promise<void> => {
    queue.current = queue.current.then(async () => {
      const target = latest.current;
      const changes = changedFields(saved.current, target);
      if (Object.keys(changes).length === 0) {
        setState("saved");
        return;
      }
      setState("saving");
      try {
        await adminChange("PATCH", path, changes);
        saved.current = target;
        if (latest.current === target) localStorage.removeItem(storageKey);
        setState(latest.current === target ? "saved" : "saving");
      } catch (error) {
        if (error instanceof HttpError && error.status === 400 && error.body?.details) {
          setState("refused");
          showRefusal(error);
        } else setState("waiting");
      }
    });
    return queue.current;
  }, [path, storageKey, showRefusal]);

  useEffect(() => {
    if (Object.keys(changedFields(saved.current, form)).length === 0) return;
    localStorage.setItem(storageKey, JSON.stringify(form));
    const timer = setTimeout(saveNow, 700);
    return () => clearTimeout(timer);
  }, [form, saveNow, storageKey]);

  useEffect(() => {
    if (state !== "waiting") return;
    const retry = () => void saveNow();
    const timer = setTimeout(retry, 5000);
    window.addEventListener("online", retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [state, saveNow]);

  return { state, saveNow };
}

/** What this browser kept of a draft that had not reached the server yet. */
export function unsavedDraft<F>(storageKey: string): F | null {
  try {
    const kept = localStorage.getItem(storageKey);
    return kept ? (JSON.parse(kept) as F) : null;
  } catch {
    return null;
  }
}
