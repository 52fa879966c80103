import type { Mailer, MailMessage } from "./types";

/** Local and test delivery: the e-mail is written to the outbox table, where the admin can read it. */
export function outboxMailer(db: D1Database): Mailer {
  return {
    async send(message: MailMessage) {
      const row = await db
        .prepare("INSERT INTO outbox (kind, `to`, subject, html, text, headers) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id")
        .bind(message.kind, message.to, message.subject, message.html, message.text, JSON.stringify(message.headers ?? {}))
        .first<{ id: number }>();
      return { id: `outbox-${row?.id}` };
    },
  };
}
