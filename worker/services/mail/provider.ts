import { company } from "../../../schema/business";
import { textToBase64 } from "../../lib/base64";
import { type MailAttachment, MailError, type Mailer, type MailMessage } from "./types";

/**
 * Postmark's HTTPS API (POST /email). Campaigns go through its Broadcast message stream, which is
 * meant for marketing mail; everything else through the transactional "outbound" stream. Our own
 * List-Unsubscribe headers and link are used, so the broadcast stream must be set to "Manage
 * unsubscribes on your own" in Postmark (a one-time setting, else Postmark adds its own link too).
 */
const POSTMARK_API_BASE = "https://api.postmarkapp.com";
const POSTMARK_STREAMS = { broadcast: "broadcast", transactional: "outbound" } as const;
const TIMEOUT_MS = 10_000;
/** Postmark's ErrorCodes that mean "try later": 100 maintenance, 429 rate limit. */
const TRANSIENT_ERROR_CODES = new Set([100, 429]);

export type PostmarkConfig = { apiKey: string; from: string; baseUrl?: string };

type PostmarkReply = { MessageID?: string; ErrorCode?: number; Message?: string };

/** A bare address gets the company's name, so inboxes show who it is from. */
const fromHeader = (from: string) => (from.includes("<") ? from : `${company.shortName} <${from}>`);

function attachmentBase64(a: MailAttachment): string {
  if ("base64" in a) return a.base64;
  if ("content" in a) return textToBase64(a.content);
  // The queue consumer reads documents before sending; one left unread is a bug, not a retry.
  throw new MailError(`Attachment ${a.name} was not read before sending`, false);
}

export function postmarkMailer({ apiKey, from, baseUrl = POSTMARK_API_BASE }: PostmarkConfig): Mailer {
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/email`;
  return {
    async send(message: MailMessage) {
      const payload = {
        From: fromHeader(from),
        To: message.to,
        Subject: message.subject,
        HtmlBody: message.html,
        TextBody: message.text,
        MessageStream: message.kind === "campaign" ? POSTMARK_STREAMS.broadcast : POSTMARK_STREAMS.transactional,
        Tag: message.kind,
        Headers: Object.entries(message.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
        ...(message.attachments?.length
          ? {
              Attachments: message.attachments.map((a) => ({
                Name: a.name,
                ContentType: a.contentType,
                Content: attachmentBase64(a),
              })),
            }
          : {}),
      };
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: {
            Accept: "application/json",
            "Content-Type": "application/json",
            "X-Postmark-Server-Token": apiKey,
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new MailError(`Mail provider unreachable: ${String(error)}`, true);
      }
      const reply = (await res.json().catch(() => ({}))) as PostmarkReply;
      // A 2xx means Postmark took the e-mail, even when the answer lacks an id: treating it as a
      // failure would send it again.
      if (res.ok) return { id: reply.MessageID ?? `postmark-accepted-${res.status}` };
      const detail = reply.Message ?? res.statusText ?? "unknown error";
      const transient = res.status === 429 || res.status >= 500 || TRANSIENT_ERROR_CODES.has(reply.ErrorCode ?? -1);
      throw new MailError(
        `Postmark ${res.status}${reply.ErrorCode ? ` (ErrorCode ${reply.ErrorCode})` : ""}: ${detail}`,
        transient,
        res.status,
      );
    },
  };
}
