import type { ChatMessage } from "../../../../schema/api/chat";
import { formatDateTime } from "../../../../schema/london-time-text";

const senderLabels = { customer: "Visitor", ai: "Assistant" } as const;

/** A conversation as it happened, oldest first: who said what, and when. */
export function Transcript({ id, messages, total }: { id: string; messages: ChatMessage[]; total: number }) {
  return (
    <div id={id} className="care-transcript">
      {total > messages.length ? (
        <p className="care-muted care-transcript-note">
          The last {messages.length} of {total} messages.
        </p>
      ) : null}
      <ol aria-label="Transcript">
        {messages.map((m) => (
          <li key={m.id} className={`care-bubble care-bubble-${m.sender}`}>
            <span className="care-bubble-meta">
              <strong>{senderLabels[m.sender]}</strong> · <time dateTime={m.timestamp}>{formatDateTime(m.timestamp)}</time>
            </span>
            <span className="care-bubble-text">{m.message}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
