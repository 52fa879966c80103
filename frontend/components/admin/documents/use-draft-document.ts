import { useLocation } from "wouter";
import { adminApi } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";
import type { Form, SubmitHandlers } from "../../../lib/use-form";

/**
 * A draft document's buttons, the quote's and the invoice's alike: Save (the whole draft, checked
 * with the form's shared schema, then created or changed), and "save, then <action>" (a quote's
 * send, an invoice's issue). Each problem shows beside its field; `failed` says the rest.
 */
export function useDraftDocument<F extends object>(
  form: Form<F>,
  {
    path,
    screen,
    id,
    create = (input) => input,
    onInvalid,
    failed,
    onSaved,
  }: {
    /** The API's collection ("/api/admin/estimates"): POST creates, PATCH `<path>/<id>` changes. */
    path: string;
    /** The back office's address of one document ("/estimates"), for a new one's after its first save. */
    screen: string;
    /** The draft's id; none while it is new. */
    id?: number;
    /** What creating sends (the draft and who it is for). */
    create?: (input: unknown) => unknown;
    onInvalid?: SubmitHandlers["onInvalid"];
    failed: (error: unknown) => unknown;
    onSaved?: () => unknown;
  },
) {
  const [, navigate] = useLocation();

  /** Saves the draft; answers its id, null when it was refused. */
  async function save(): Promise<number | null> {
    let saved = id ?? null;
    const ok = await form.submit(
      async (_data, input) => {
        if (id !== undefined) await adminChange("PATCH", `${path}/${id}`, input);
        else saved = (await adminApi<{ id: number }>(path, { json: create(input) })).id;
      },
      { onInvalid, onError: failed },
    );
    return ok ? saved : null;
  }

  /** Checks the draft as Save would, its problems beside their fields; true when it has none. */
  async function check(): Promise<boolean> {
    return (await form.check({ onInvalid })) !== null;
  }

  /** Saves the draft, then posts `action`; answers what the action answers, null when either was refused. */
  async function saveThen<T>(
    action: string,
    actionFailed: (error: unknown) => unknown,
  ): Promise<{ id: number; answer: T } | null> {
    const saved = await save();
    if (saved === null) return null;
    let answer: T | undefined;
    const ok = await form.run(async () => {
      answer = await adminApi<T>(`${path}/${saved}/${action}`, { method: "POST" });
    }, actionFailed);
    return ok ? { id: saved, answer: answer as T } : null;
  }

  /** After a save: a new document's screen moves to its own address, an existing one reads it again. */
  async function show(saved: number) {
    if (id === undefined) navigate(`${screen}/${saved}`, { replace: true });
    else await onSaved?.();
  }

  return { save, check, saveThen, show };
}
