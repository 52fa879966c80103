/** The body of a campaign-emails message: which recipient row to send. */
export type CampaignMessage = { recipientId: number };

/** Queues' sendBatch takes at most 100 messages per call. */
export const SEND_BATCH_LIMIT = 100;

export async function enqueueRecipients(queue: Queue, recipientIds: number[]): Promise<void> {
  for (let start = 0; start < recipientIds.length; start += SEND_BATCH_LIMIT) {
    const chunk = recipientIds.slice(start, start + SEND_BATCH_LIMIT);
    await queue.sendBatch(chunk.map((recipientId) => ({ body: { recipientId } satisfies CampaignMessage })));
  }
}

export function recipientIdOf(body: unknown): number | null {
  const id = (body as Partial<CampaignMessage> | null)?.recipientId;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
}
