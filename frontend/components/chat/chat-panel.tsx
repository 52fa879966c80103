import "./chat-panel.css";
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../../schema/api/constants";
import { phoneHref } from "../../../schema/facts";
import { quickActions, useChat } from "../../hooks/use-chat";
import { useFacts } from "../../lib/facts";
import { CloseIcon, PersonIcon, PhoneIcon, SendIcon } from "./chat-icons";
import { HandoverForm } from "./handover-form";
import { isGasAdvice, MessageText } from "./message-text";

type Props = { id: string; isOpen: boolean; onClose: () => void };

/**
 * The chat panel, loaded on the first open. It stays mounted (hidden) when closed so the visit's
 * conversation survives closing and reopening. A non-modal dialog: the page stays usable.
 */
export default function ChatPanel({ id, isOpen, onClose }: Props) {
  const facts = useFacts();
  const { messages, isPending, send, isHandoverOpen, openHandover, closeHandover, handedOver } = useChat();
  const [text, setText] = useState("");
  const panelRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    // A touch screen would pop its keyboard over the quick actions, so there the dialog takes focus.
    if (window.matchMedia("(pointer: fine)").matches) inputRef.current?.focus();
    else panelRef.current?.focus();
  }, [isOpen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the indicator appears
  useEffect(() => {
    const log = scrollRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, isPending]);

  // The form sits under the latest reply, at the end of the conversation.
  const showHandover = useCallback(() => {
    const log = scrollRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, []);
  const closeHandoverForm = useCallback(() => {
    closeHandover();
    inputRef.current?.focus();
  }, [closeHandover]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending || !text.trim()) return;
    setText("");
    void send(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };

  const canSend = !isPending && text.trim().length > 0;

  return (
    <section
      id={id}
      ref={panelRef}
      className="chat-panel"
      role="dialog"
      aria-labelledby={`${id}-title ${id}-subtitle`}
      hidden={!isOpen}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="chat-panel__header">
        <div className="chat-panel__titles">
          <h2 id={`${id}-title`} className="chat-panel__title">
            Support
          </h2>
          <p id={`${id}-subtitle`} className="chat-panel__subtitle">
            AI Assistant
          </p>
        </div>
        <a className="chat-panel__call" href={phoneHref(facts.phone)} aria-label={`Call now: ${facts.phone}`}>
          <PhoneIcon />
          Call now
        </a>
        <button type="button" className="chat-panel__close" aria-label="Close chat" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>

      <div ref={scrollRef} className="chat-panel__scroll">
        <div className="chat-panel__log" role="log" aria-live="polite" aria-label="Conversation">
          {messages.map((m) => (
            <p
              key={m.key}
              className={`chat-message chat-message--${m.sender}${m.sender === "ai" && isGasAdvice(m.message) ? " chat-message--safety" : ""}`}
            >
              <span className="chat-sr-only">{m.sender === "ai" ? "Assistant: " : "You: "}</span>
              {m.sender === "ai" ? <MessageText text={m.message} /> : m.message}
            </p>
          ))}
          {isPending ? (
            <p className="chat-message chat-message--ai chat-thinking">
              Thinking
              <span className="chat-thinking__dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            </p>
          ) : null}
        </div>
        <HandoverForm isOpen={isHandoverOpen} onSent={handedOver} onClose={closeHandoverForm} onShow={showHandover} />
      </div>

      {messages.length <= 1 ? (
        <fieldset className="chat-panel__quick">
          <legend className="chat-sr-only">Quick questions</legend>
          {quickActions.map((action) => (
            <button key={action.label} type="button" disabled={isPending} onClick={() => void send(action.message)}>
              {action.label}
            </button>
          ))}
        </fieldset>
      ) : null}

      <form className="chat-panel__form" onSubmit={submit}>
        <input
          ref={inputRef}
          className="chat-panel__input"
          type="text"
          aria-label="Your message"
          placeholder="Type your message..."
          autoComplete="off"
          enterKeyHint="send"
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="chat-panel__send" aria-label="Send message" disabled={!canSend}>
          <SendIcon />
        </button>
      </form>
      {isHandoverOpen ? null : (
        <button type="button" className="chat-panel__person" onClick={openHandover}>
          <PersonIcon />
          Talk to a person
        </button>
      )}
    </section>
  );
}
