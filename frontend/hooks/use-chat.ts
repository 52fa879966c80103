import { useCallback, useRef, useState } from "react";
import type { AiResponse, ChatHandoverCreated, ChatSender } from "../../schema/api/chat";
import { api, HttpError } from "../lib/api";
import { getChatSessionId } from "../lib/chat-session";
import { useFacts } from "../lib/facts";

export const CHAT_GREETING =
  "Hello! I'm here to help with any questions about heating services, boiler repairs, or emergency callouts. How can I assist you today?";
/** What the chat says when it cannot answer, with the owner's phone number of today. */
const chatFailure = (phone: string) =>
  `I'm having trouble connecting right now. For immediate assistance, please call us at ${phone}.`;
const handoverFailure = (phone: string) => `Sorry, we couldn't send your details. Please try again, or call us on ${phone}.`;

export const quickActions = [
  { label: "Emergency", message: "I have a heating emergency and need urgent help" },
  { label: "Quote", message: "I'd like a quote for a new boiler installation" },
  { label: "Service", message: "I'd like to book a boiler service" },
  { label: "Repair", message: "My boiler needs repairing" },
] as const;

export type ChatEntry = { key: number; sender: ChatSender; message: string };

let lastKey = 0;
const entry = (sender: ChatSender, message: string): ChatEntry => ({ key: ++lastKey, sender, message });

/** The visitor's message goes into the transcript; the server stores its own replies. */
const postMessage = (message: string) =>
  api("/api/chat/message", {
    json: { sessionId: getChatSessionId(), message, sender: "customer", timestamp: new Date().toISOString() },
  });

/**
 * The conversation of this visit. It starts with the greeting because the panel (and this hook)
 * mounts on the first open, when there are no messages yet. A reply marked `handover` opens the
 * "talk to a person" form, unless the visitor has already left their details.
 */
export function useChat() {
  const [messages, setMessages] = useState<ChatEntry[]>(() => [entry("ai", CHAT_GREETING)]);
  const [isPending, setPending] = useState(false);
  const [isHandoverOpen, setHandoverOpen] = useState(false);
  // State updates land on the next render; the ref stops a double click sending twice meanwhile.
  const pendingRef = useRef(false);
  const hasHandedOverRef = useRef(false);
  const { phone } = useFacts();

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      setMessages((all) => [...all, entry("customer", message)]);
      try {
        await postMessage(message);
        const { response, handover } = await api<AiResponse>("/api/chat/ai-response", {
          json: { sessionId: getChatSessionId(), message },
        });
        setMessages((all) => [...all, entry("ai", response)]);
        if (handover && !hasHandedOverRef.current) setHandoverOpen(true);
      } catch (error) {
        const limited = error instanceof HttpError && error.status === 429 ? error.serverMessage : undefined;
        setMessages((all) => [...all, entry("ai", limited ?? chatFailure(phone))]);
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    },
    [phone],
  );

  /** The team has the visitor's details: their answer becomes the assistant's reply. */
  const handedOver = useCallback((reply: string) => {
    hasHandedOverRef.current = true;
    setMessages((all) => [...all, entry("ai", reply)]);
    setHandoverOpen(false);
  }, []);

  const openHandover = useCallback(() => setHandoverOpen(true), []);
  const closeHandover = useCallback(() => setHandoverOpen(false), []);

  return { messages, isPending, send, isHandoverOpen, openHandover, closeHandover, handedOver };
}

export type HandoverFields = { name: string; contact: string; message: string };
export type HandoverErrors = Partial<Record<keyof HandoverFields, string>>;
const emptyHandover: HandoverFields = { name: "", contact: "", message: "" };
const isHandoverField = (path: unknown): path is keyof HandoverFields =>
  typeof path === "string" && Object.hasOwn(emptyHandover, path);

/**
 * The shared contract, fetched when the form first shows: it brings zod, which the public pages
 * and the panel's own chunk do without. Checking before posting matters here because every attempt,
 * invalid ones included, counts against the address's quote limit.
 */
const loadHandoverSchema = () => import("../../schema/api/chat").then((m) => m.chatHandoverSchema);

/** Checks the fields with the shared schema; an empty answer when they pass, or the schema could not be loaded (the server checks anyway). */
async function checkHandover(fields: HandoverFields): Promise<HandoverErrors> {
  const schema = await loadHandoverSchema().catch(() => null);
  const result = schema?.safeParse({ sessionId: getChatSessionId(), ...fields });
  const errors: HandoverErrors = {};
  for (const issue of result?.error?.issues ?? []) {
    const [field] = issue.path;
    if (isHandoverField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** Per-field messages of a 400 answer's `details`. */
function fieldErrorsOf(error: HttpError): HandoverErrors {
  const errors: HandoverErrors = {};
  for (const detail of error.body?.details ?? []) {
    const field = detail.path.split(".")[0];
    if (isHandoverField(field)) errors[field] ??= detail.message;
  }
  return errors;
}

/**
 * The "talk to a person" form: POST /api/chat/handover with this visit's session id. What the
 * visitor typed stays on every error, and while the form is closed.
 */
export function useHandoverForm(onSent: (reply: string) => void) {
  const [fields, setFields] = useState<HandoverFields>(emptyHandover);
  const [errors, setErrors] = useState<HandoverErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const { phone } = useFacts();

  const setField = useCallback((name: keyof HandoverFields, value: string) => {
    setFields((all) => ({ ...all, [name]: value }));
    setErrors((all) => ({ ...all, [name]: undefined }));
  }, []);

  /** Answers the field errors found (empty when sent, or when the failure was not about a field). */
  const submit = useCallback(async (): Promise<HandoverErrors> => {
    if (submittingRef.current) return {};
    submittingRef.current = true;
    setSubmitting(true);
    setFormError(null);
    try {
      const invalid = await checkHandover(fields);
      if (Object.keys(invalid).length > 0) {
        setErrors(invalid);
        return invalid;
      }
      const { message } = await api<ChatHandoverCreated>("/api/chat/handover", {
        json: { sessionId: getChatSessionId(), ...fields },
      });
      setFields(emptyHandover);
      setErrors({});
      onSent(message);
      return {};
    } catch (error) {
      const refused = error instanceof HttpError && error.status === 400 ? fieldErrorsOf(error) : {};
      setErrors(refused);
      if (Object.keys(refused).length === 0) {
        const isLimited = error instanceof HttpError && error.status === 429;
        setFormError((isLimited && error.serverMessage) || handoverFailure(phone));
      }
      return refused;
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, [fields, onSent, phone]);

  return { fields, errors, formError, isSubmitting, setField, submit, prefetch: loadHandoverSchema };
}
