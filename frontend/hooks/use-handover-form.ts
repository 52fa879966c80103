import { useRef, useState } from "react";
import type { ChatHandoverCreated } from "../../schema/api/chat";
import { api, HttpError } from "../lib/api";
import { getChatSessionId } from "../lib/chat-session";
import { useFacts } from "../lib/facts";
import { type FieldErrors, type Issue, useForm } from "../lib/use-form";

const handoverFailure = (phone: string) => `Sorry, we couldn't send your details. Please try again, or call us on ${phone}.`;

export type HandoverFields = { name: string; contact: string; message: string };
export type HandoverErrors = Partial<Record<keyof HandoverFields, string>>;
const emptyHandover: HandoverFields = { name: "", contact: "", message: "" };
const handoverFields = Object.keys(emptyHandover);

/**
 * The shared contract, fetched when the form first shows: it brings zod, which the public pages
 * and the panel's own chunk do without. Checking before posting matters here because every attempt,
 * invalid ones included, counts against the address's quote limit.
 */
const loadHandoverSchema = () => import("../../schema/api/chat").then((m) => m.chatHandoverSchema);

/** The fields' problems by the shared schema; none when they pass, or the schema could not be loaded (the server checks anyway). */
async function checkHandover(fields: HandoverFields): Promise<Issue[]> {
  const schema = await loadHandoverSchema().catch(() => null);
  const result = schema?.safeParse({ sessionId: getChatSessionId(), ...fields });
  return (result?.error?.issues ?? []).filter((issue) => handoverFields.includes(String(issue.path[0])));
}

/**
 * The "talk to a person" form: POST /api/chat/handover with this visit's session id. What the
 * visitor typed stays on every error, and while the form is closed.
 */
export function useHandoverForm(onSent: (reply: string) => void) {
  const form = useForm<HandoverFields>({ initial: emptyHandover, fields: handoverFields });
  const [formError, setFormError] = useState<string | null>(null);
  const submittingRef = useRef(false);
  const { phone } = useFacts();

  /** Answers the field errors found (empty when sent, or when the failure was not about a field). */
  async function submit(): Promise<HandoverErrors> {
    if (submittingRef.current) return {};
    submittingRef.current = true;
    setFormError(null);
    let shown: FieldErrors = {};
    try {
      const invalid = await checkHandover(form.values);
      await form.submit(
        async () => {
          const { message } = await api<ChatHandoverCreated>("/api/chat/handover", {
            json: { sessionId: getChatSessionId(), ...form.values },
          });
          form.reset(emptyHandover);
          onSent(message);
        },
        {
          issues: () => invalid,
          onInvalid: (found) => {
            shown = found;
          },
          onError: (error, found) => {
            shown = found;
            if (Object.keys(found).length > 0) return;
            const isLimited = error instanceof HttpError && error.status === 429;
            setFormError((isLimited && error.serverMessage) || handoverFailure(phone));
          },
        },
      );
      return shown;
    } finally {
      submittingRef.current = false;
    }
  }

  return {
    fields: form.values,
    errors: form.errors as HandoverErrors,
    formError,
    isSubmitting: form.busy,
    setField: form.set,
    submit,
    prefetch: loadHandoverSchema,
  };
}
