import "./chat/chat-widget.css";
import { lazy, Suspense, useCallback, useRef, useState } from "react";

// The panel (and its CSS) is fetched on first hover, focus or open: the chat costs first paint
// nothing beyond this button.
const loadPanel = () => import("./chat/chat-panel");
const ChatPanel = lazy(loadPanel);
const PANEL_ID = "chat-panel";

/** The chat assistant: a round button fixed bottom right that opens the panel. */
export function ChatWidget() {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const toggle = () => {
    setHasOpened(true);
    setOpen((open) => !open);
  };
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="chat-launcher"
        aria-label="Chat with us"
        aria-expanded={isOpen}
        aria-controls={hasOpened ? PANEL_ID : undefined}
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === "Escape" && isOpen) close();
        }}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
      >
        <svg width="26" height="26" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
          {isOpen ? (
            <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          ) : (
            <path
              d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.8-.8L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          )}
        </svg>
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ChatPanel id={PANEL_ID} isOpen={isOpen} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
