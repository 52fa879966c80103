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
  /** Files sent with it (text content, such as a booking's .ics). */
  attachments?: MailAttachment[];
  /** Sent because someone typed this address into a public form: limited per recipient (mail/index.ts). */
  toTypedAddress?: true;
};

export type MailAttachment = { name: string; contentType: string; content: string };

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
