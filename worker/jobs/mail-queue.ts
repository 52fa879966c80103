import { campaignRecipients, outgoingEmails } from "../../schema/db";
import { type Db, getDb } from "../db/client";
import type { AppEnv } from "../env";
import { bytesToBase64 } from "../lib/base64";
import { claimRecipient, finishCampaigns, markDeadLettered } from "../services/campaigns/recipient-state";
import { unsubscribeLinks } from "../services/campaigns/unsubscribe";
import { type DocumentKindName, documentKinds } from "../services/document-kinds";
import { documentPdf } from "../services/documents/files";
import { getMailer, MailError, type Mailer, type MailMessage } from "../services/mail";
import { type CampaignTemplate, prepareCampaignTemplate } from "../services/mail/campaign-email";
import { claimEmail, markEmailsDeadLettered } from "../services/mail/deliveries";
import { type HeldDelivery, heldDelivery } from "../services/mail/delivery-state";
import { type MailQueueMessage, readQueueMessage } from "../services/mail/queue-messages";
import type { MailAttachment } from "../services/mail/types";

/** 30 s, 1, 2, 4, 8 min: under the 15 minutes after which the cron would treat the row as stuck. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);

type BatchState = {
  env: AppEnv;
  db: Db;
  mailer: Mailer;
  templates: Map<number, Promise<CampaignTemplate>>;
  campaigns: Set<number>;
};

/** How one row is recorded: the same steps for a campaign recipient and a stored e-mail. */
type RowState = HeldDelivery & {
  /** Null when there is nothing to send (already sent, held by another delivery, or not to be sent). */
  claim(): Promise<MailMessage | null>;
};

/** The mail queue: one message per row to send; each row is sent at most once. */
export async function consumeMail(batch: MessageBatch<unknown>, env: AppEnv) {
  const state: BatchState = { env, db: getDb(env), mailer: getMailer(env), templates: new Map(), campaigns: new Set() };
  await Promise.all(batch.messages.map((message) => deliver(message, state)));
  await finishCampaigns(state.db, [...state.campaigns]);
}

/** Never throws: an unexpected error (D1 unavailable…) retries this message alone. */
async function deliver(message: Message<unknown>, state: BatchState) {
  try {
    const body = readQueueMessage(message.body);
    if (!body) {
      console.warn(JSON.stringify({ queue: "mail", warning: "message with nothing to send dropped", id: message.id }));
      return message.ack();
    }
    await deliverOnce(message, rowState(body, state), state);
  } catch (error) {
    logError(message.body, error);
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

async function deliverOnce(message: Message<unknown>, row: RowState, state: BatchState) {
  const email = await row.claim();
  if (!email) return message.ack();
  let providerId: string;
  try {
    ({ id: providerId } = await state.mailer.send(await withDocumentsRead(state, email)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof MailError && !error.transient) {
      await row.failed(reason, new Date().toISOString());
      return message.ack();
    }
    // A provider hiccup is expected now and then; anything else is a bug worth an error.
    if (error instanceof MailError) console.warn(JSON.stringify({ queue: "mail", body: message.body, retrying: reason }));
    else logError(message.body, error);
    await row.release(reason, new Date().toISOString());
    return message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
  await row.sent(providerId, new Date().toISOString());
  message.ack();
}

function rowState(body: MailQueueMessage, state: BatchState): RowState {
  const { db } = state;
  if ("emailId" in body) {
    const id = body.emailId;
    return {
      async claim() {
        const row = await claimEmail(db, id, new Date().toISOString());
        return (
          row && {
            ...row,
            headers: JSON.parse(row.headers) as Record<string, string>,
            attachments: JSON.parse(row.attachments) as MailAttachment[],
          }
        );
      },
      ...heldDelivery(db, outgoingEmails, id),
    };
  }
  const id = body.recipientId;
  const held = heldDelivery(db, campaignRecipients, id);
  return {
    ...held,
    async claim() {
      const claimed = await claimRecipient(db, id, new Date().toISOString());
      if (!claimed) return null;
      state.campaigns.add(claimed.campaignId);
      if (!claimed.isActiveSubscriber) {
        await held.failed("Unsubscribed before sending", new Date().toISOString());
        return null;
      }
      let template = state.templates.get(claimed.campaignId);
      if (!template) {
        template = prepareCampaignTemplate(claimed.campaign);
        state.templates.set(claimed.campaignId, template);
      }
      const links = await unsubscribeLinks(state.env, claimed.email);
      return {
        kind: "campaign",
        to: claimed.email,
        ...(await template)({ unsubscribeUrl: links.pageUrl }),
        headers: links.headers,
      };
    },
  };
}

/**
 * A document attachment becomes its PDF's bytes (rendered and stored first if it never was), after
 * the claim: a storage hiccup is retried like a provider's.
 */
async function withDocumentsRead(state: BatchState, email: MailMessage): Promise<MailMessage> {
  if (!email.attachments?.some((a) => "document" in a)) return email;
  const attachments = await Promise.all(
    email.attachments.map(async (a) => {
      if (!("document" in a)) return a;
      const kind = documentKinds[a.document.kind as DocumentKindName];
      if (!kind) throw new MailError(`${a.name} names no kind of document (${a.document.kind})`, false);
      const file = await documentPdf(state.env, state.db, kind, a.document.id);
      if (!file) throw new MailError(`${a.name} is not an issued document`, false);
      return { name: a.name, contentType: a.contentType, base64: bytesToBase64(file.bytes) };
    }),
  );
  return { ...email, attachments };
}

/** The dead-letter queue: messages that used up their retries; their rows show failed. */
export async function consumeMailDeadLetters(batch: MessageBatch<unknown>, env: AppEnv) {
  const db = getDb(env);
  const bodies = batch.messages.map((message) => readQueueMessage(message.body));
  const recipientIds = bodies.flatMap((body) => (body && "recipientId" in body ? [body.recipientId] : []));
  const emailIds = bodies.flatMap((body) => (body && "emailId" in body ? [body.emailId] : []));
  const nowIso = new Date().toISOString();
  const campaignIds = await markDeadLettered(db, recipientIds, nowIso);
  await markEmailsDeadLettered(db, emailIds, nowIso);
  await finishCampaigns(db, campaignIds);
  batch.ackAll();
}

function logError(body: unknown, error: unknown) {
  console.error(JSON.stringify({ queue: "mail", body, error: String(error) }));
}
