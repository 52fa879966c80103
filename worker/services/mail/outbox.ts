import type { OutboxPage } from "../../../schema/api/campaigns";
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

type OutboxRow = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: string;
  created_at: string;
};

/** Newest first; `before` is the smallest id of the previous page (a cursor, stable while mail arrives). */
export async function listOutbox(db: D1Database, { limit, before }: { limit: number; before?: number }): Promise<OutboxPage> {
  const { results } = await db
    .prepare(
      "SELECT id, kind, `to`, subject, html, text, headers, created_at FROM outbox WHERE ?1 IS NULL OR id < ?1 ORDER BY id DESC LIMIT ?2",
    )
    .bind(before ?? null, limit + 1)
    .all<OutboxRow>();
  const items = results.slice(0, limit).map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: JSON.parse(row.headers) as Record<string, string>,
    createdAt: row.created_at,
  }));
  return { items, nextBefore: results.length > limit ? (items.at(-1)?.id ?? null) : null };
}
