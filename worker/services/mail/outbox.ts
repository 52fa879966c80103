import { count, desc, or, sql } from "drizzle-orm";
import type { OutboxEmail, SentAttachment } from "../../../schema/api/campaigns";
import type { ListResult } from "../../../schema/api/lists";
import { outbox } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { Mailer, MailMessage } from "./types";

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

/**
 * Newest first, a page at a time, with the full count; `q` finds a recipient or a subject. The
 * outbox keeps 90 days of local mail, so a scan of it is cheap. Mail arriving while the owner
 * scrolls shifts later pages; the load-more hook shows each e-mail once.
 */
export async function listOutbox(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<ListResult<OutboxEmail>> {
  const needle = q?.toLowerCase();
  const where = needle
    ? or(sql`instr(lower(${outbox.to}), ${needle}) > 0`, sql`instr(lower(${outbox.subject}), ${needle}) > 0`)
    : undefined;
  const [rows, [totals]] = await db.batch([
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  const items = rows.map((row) => ({
    ...row,
    headers: JSON.parse(row.headers) as Record<string, string>,
    attachments: JSON.parse(row.attachments) as SentAttachment[],
  }));
  return { items, total: totals?.total ?? 0 };
}
