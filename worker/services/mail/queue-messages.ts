/**
 * The bodies of the mail queue's messages: which row to send. A campaign recipient is rendered at
 * send time from its campaign; any other e-mail was stored whole when it was queued.
 */
export type MailQueueMessage = { recipientId: number } | { emailId: number };

/** Queues' sendBatch takes at most 100 messages per call. */
export const SEND_BATCH_LIMIT = 100;

async function enqueue(queue: Queue, bodies: MailQueueMessage[]): Promise<void> {
  for (let start = 0; start < bodies.length; start += SEND_BATCH_LIMIT) {
    await queue.sendBatch(bodies.slice(start, start + SEND_BATCH_LIMIT).map((body) => ({ body })));
  }
}

export const enqueueRecipients = (queue: Queue, recipientIds: number[]) =>
  enqueue(
    queue,
    recipientIds.map((recipientId) => ({ recipientId })),
  );

export const enqueueEmails = (queue: Queue, emailIds: number[]) =>
  enqueue(
    queue,
    emailIds.map((emailId) => ({ emailId })),
  );

const positiveId = (id: unknown): number | null => (Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null);

/** What a message asks for, or null for a body this Worker never sends. */
export function readQueueMessage(body: unknown): MailQueueMessage | null {
  const { recipientId, emailId } = (body ?? {}) as { recipientId?: unknown; emailId?: unknown };
  const recipient = positiveId(recipientId);
  if (recipient !== null) return { recipientId: recipient };
  const email = positiveId(emailId);
  return email !== null ? { emailId: email } : null;
}
