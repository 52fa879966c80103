import type { mailKinds } from "../../../schema/db";

export type MailKind = (typeof mailKinds)[number];

export type MailMessage = {
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post for campaigns. */
  headers?: Record<string, string>;
  /** Files sent with it: text (a booking's .ics), or an issued document's PDF, read when it is sent. */
  attachments?: MailAttachment[];
  /** Sent because someone typed this address into a public form: limited per recipient (mail/index.ts). */
  toTypedAddress?: true;
};

export type MailAttachment =
  | { name: string; contentType: string; content: string }
  /** Bytes, base64 (what the queue consumer makes of a document attachment). */
  | { name: string; contentType: string; base64: string }
  /** An issued document's PDF (documents/files.ts), stored by reference and read at sending. */
  /** An issued document's PDF, read when the e-mail is sent: its kind's name (worker/services/document-kinds.ts) and id. */
  | { name: string; contentType: "application/pdf"; document: { kind: string; id: number } };

/**
 * Transient failures (429, 5xx, network) may be retried; permanent ones (other 4xx) must not.
 * The queue consumer decides retry vs failed from `transient`.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailError";
  }
}

export interface Mailer {
  /** Resolves with the provider's (or outbox's) message id; throws MailError. */
  send(message: MailMessage): Promise<{ id: string }>;
}
