import { company } from "../../schema/business";
import type { AppEnv } from "../env";
import { createUnsubscribeToken } from "../lib/unsubscribe-token";
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
import { getMailer, MailError } from "../services/mail";
import { type CampaignTemplate, prepareCampaignTemplate } from "../services/mail/campaign-email";

/** 30 s, 1, 2, 4, 8 min: under the 15 minutes after which the cron would treat the row as stuck. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);

const siteUrl = (env: AppEnv) => env.PUBLIC_SITE_URL.replace(/\/+$/, "");

/** The links an e-mail carries: the confirm page for people, the RFC 8058 one-click target for mail clients. */
async function unsubscribeLinks(env: AppEnv, email: string) {
  const token = encodeURIComponent(await createUnsubscribeToken(env, email));
  const oneClickUrl = `${siteUrl(env)}/api/unsubscribe?token=${token}`;
  const mailto = `mailto:${company.email}?subject=${encodeURIComponent(`Unsubscribe ${email}`)}`;
  return {
    pageUrl: `${siteUrl(env)}/unsubscribe?token=${token}`,
    headers: {
      "List-Unsubscribe": `<${oneClickUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

type BatchState = { templates: Map<number, Promise<CampaignTemplate>>; campaigns: Set<number> };

/** campaign-emails: one message per recipient row; each row is sent at most once. */
export async function consumeCampaignEmails(batch: MessageBatch<unknown>, env: AppEnv) {
  const state: BatchState = { templates: new Map(), campaigns: new Set() };
  await Promise.all(batch.messages.map((message) => deliver(message, env, state)));
  await finishCampaigns(env.DB, [...state.campaigns]);
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
  const claimed = await claimRecipient(env.DB, recipientId, new Date().toISOString());
  // Already sent or failed, or another delivery holds it: nothing to do for this copy.
  if (!claimed) return message.ack();
  state.campaigns.add(claimed.campaignId);
  if (!claimed.isActiveSubscriber) {
    await markFailed(env.DB, recipientId, "Unsubscribed before sending", new Date().toISOString());
    return message.ack();
  }

  let providerId: string;
  try {
    providerId = await sendOne(env, claimed, state);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof MailError && !error.transient) {
      await markFailed(env.DB, recipientId, reason, new Date().toISOString());
      return message.ack();
    }
    // A provider hiccup is expected now and then; anything else is a bug worth an error.
    if (error instanceof MailError) console.warn(JSON.stringify({ queue: "campaign-emails", recipientId, retrying: reason }));
    else logError(message.body, error);
    await releaseForRetry(env.DB, recipientId, reason, new Date().toISOString());
    return message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
  await markSent(env.DB, recipientId, providerId, new Date().toISOString());
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
  const campaignIds = await markDeadLettered(env.DB, ids, new Date().toISOString());
  await finishCampaigns(env.DB, campaignIds);
  batch.ackAll();
}

function logError(body: unknown, error: unknown) {
  console.error(JSON.stringify({ queue: "campaign-emails", body, error: String(error) }));
}
