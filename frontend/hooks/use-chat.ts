import { useCallback, useRef, useState } from "react";
import type { AiResponse, ChatSender } from "../../schema/api/chat";
import { api, HttpError } from "../lib/api";
import { getChatSessionId } from "../lib/chat-session";
import { useFacts } from "../lib/facts";

export const CHAT_GREETING =
  "Hello! I'm here to help with any questions about heating services, boiler repairs, or emergency callouts. How can I assist you today?";
/** What the chat says when it cannot answer, with the owner's phone number of today. */
const chatFailure = (phone: string) =>
  `I'm having trouble connecting right now. For immediate assistance, please call us at ${phone}.`;

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
