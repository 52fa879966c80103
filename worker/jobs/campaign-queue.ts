import { type Db, getDb } from "../db/client";
import type { AppEnv } from "../env";
import { recipientIdOf } from "../services/campaigns/queue-messages";
import {
  type ClaimedRecipient,
  claimRecipient,
  finishCampaigns,
  markDeadLettered,
  markFailed,
  markSent,
  releaseForRetry,
} from "../services/campaigns/recipient-state";
import { unsubscribeLinks } from "../services/campaigns/unsubscribe";
import { getMailer, MailError } from "../services/mail";
import { type CampaignTemplate, prepareCampaignTemplate } from "../services/mail/campaign-email";

/** 30 s, 1, 2, 4, 8 min: under the 15 minutes after which the cron would treat the row as stuck. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);

type BatchState = { db: Db; templates: Map<number, Promise<CampaignTemplate>>; campaigns: Set<number> };

/** campaign-emails: one message per recipient row; each row is sent at most once. */
export async function consumeCampaignEmails(batch: MessageBatch<unknown>, env: AppEnv) {
  const state: BatchState = { db: getDb(env), templates: new Map(), campaigns: new Set() };
  await Promise.all(batch.messages.map((message) => deliver(message, env, state)));
  await finishCampaigns(state.db, [...state.campaigns]);
}

/** Never throws: an unexpected error (D1 unavailable…) retries this message alone. */
async function deliver(message: Message<unknown>, env: AppEnv, state: BatchState) {
  try {
    await deliverOnce(message, env, state);
  } catch (error) {
    logError(message.body, error);
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

async function deliverOnce(message: Message<unknown>, env: AppEnv, state: BatchState) {
  const recipientId = recipientIdOf(message.body);
  if (recipientId === null) {
    console.warn(JSON.stringify({ queue: "campaign-emails", warning: "message without a recipientId dropped", id: message.id }));
    return message.ack();
  }
  const claimed = await claimRecipient(state.db, recipientId, new Date().toISOString());
  // Already sent or failed, or another delivery holds it: nothing to do for this copy.
  if (!claimed) return message.ack();
  state.campaigns.add(claimed.campaignId);
  if (!claimed.isActiveSubscriber) {
    await markFailed(state.db, recipientId, "Unsubscribed before sending", new Date().toISOString());
    return message.ack();
  }

  let providerId: string;
  try {
    providerId = await sendOne(env, claimed, state);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof MailError && !error.transient) {
      await markFailed(state.db, recipientId, reason, new Date().toISOString());
      return message.ack();
    }
    // A provider hiccup is expected now and then; anything else is a bug worth an error.
    if (error instanceof MailError) console.warn(JSON.stringify({ queue: "campaign-emails", recipientId, retrying: reason }));
    else logError(message.body, error);
    await releaseForRetry(state.db, recipientId, reason, new Date().toISOString());
    return message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
  await markSent(state.db, recipientId, providerId, new Date().toISOString());
  message.ack();
}

async function sendOne(env: AppEnv, recipient: ClaimedRecipient, state: BatchState): Promise<string> {
  let template = state.templates.get(recipient.campaignId);
  if (!template) {
    template = prepareCampaignTemplate(recipient.campaign);
    state.templates.set(recipient.campaignId, template);
  }
  const links = await unsubscribeLinks(env, recipient.email);
  const email = (await template)({ unsubscribeUrl: links.pageUrl });
  const { id } = await getMailer(env).send({ kind: "campaign", to: recipient.email, ...email, headers: links.headers });
  return id;
}

/** campaign-emails-dlq: messages that used up their retries; their rows show failed. */
export async function consumeCampaignDeadLetters(batch: MessageBatch<unknown>, env: AppEnv) {
  const ids = batch.messages.map((message) => recipientIdOf(message.body)).filter((id): id is number => id !== null);
  const db = getDb(env);
  const campaignIds = await markDeadLettered(db, ids, new Date().toISOString());
  await finishCampaigns(db, campaignIds);
  batch.ackAll();
}

function logError(body: unknown, error: unknown) {
  console.error(JSON.stringify({ queue: "campaign-emails", body, error: String(error) }));
}
