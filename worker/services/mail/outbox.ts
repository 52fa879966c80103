import { desc, lt } from "drizzle-orm";
import type { OutboxPage } from "../../../schema/api/campaigns";
import { outbox } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { MailAttachment, Mailer, MailMessage } from "./types";

/** Local and test delivery: the e-mail is written to the outbox table, where the admin can read it. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(message: MailMessage) {
      const [row] = await db
        .insert(outbox)
        .values({
          kind: message.kind,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: JSON.stringify(message.headers ?? {}),
          attachments: JSON.stringify(message.attachments ?? []),
        })
        .returning({ id: outbox.id });
      return { id: `outbox-${row?.id}` };
    },
  };
}

/** Newest first; `before` is the smallest id of the previous page (a cursor, stable while mail arrives). */
export async function listOutbox(db: Db, { limit, before }: { limit: number; before?: number }): Promise<OutboxPage> {
  const rows = await db
    .select()
    .from(outbox)
    .where(before === undefined ? undefined : lt(outbox.id, before))
    .orderBy(desc(outbox.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((row) => ({
    ...row,
    headers: JSON.parse(row.headers) as Record<string, string>,
    attachments: JSON.parse(row.attachments) as MailAttachment[],
  }));
  return { items, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
