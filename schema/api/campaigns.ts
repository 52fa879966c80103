import { campaignDefaults } from "../business";
import { isoDate } from "./fields";
import { listQuerySchema } from "./lists";
import { z } from "./z";

/**
 * The admin's send is one JSON body, and the API body limit (64 KB) holds about 2,000 addresses;
 * a clear message beats a 413.
 */
export const MAX_CAMPAIGN_RECIPIENTS = 2000;
const MAX_SCHEDULE_DAYS = 365;

/** Links an e-mail button may carry: web pages, phone numbers and e-mail addresses, nothing scriptable. */
export const isSafeEmailLink = (link: string) => /^(https?:\/\/[^\s]+|tel:\+?[0-9 ()-]{3,20}|mailto:[^\s]+)$/i.test(link);

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const campaignDraftSchema = z.object({
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(1, "Please enter a subject")
    .max(200, "The subject is too long (200 characters at most)"),
  title: z
    .string({ error: "Please enter a title" })
    .trim()
    .min(1, "Please enter a title")
    .max(200, "The title is too long (200 characters at most)"),
  /**
   * Written as people write (a blank line starts a paragraph, "- " a list item, **bold**), or HTML;
   * the e-mail layout keeps only safe tags and links.
   */
  content: z
    .string({ error: "Please enter the e-mail content" })
    .trim()
    .min(1, "Please enter the e-mail content")
    .max(20_000, "The content is too long (20,000 characters at most)"),
  offer: z.preprocess(emptyToUndefined, z.string().trim().max(500, "The offer is too long (500 characters at most)").nullish()),
  ctaText: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(60, "The button text is too long (60 characters at most)").default(campaignDefaults.ctaText),
  ),
  ctaLink: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(500, "The button link is too long")
      .refine(isSafeEmailLink, "The button link must be a web address (https://…), a phone link (tel:…) or mailto:")
      .optional(),
  ),
});

/**
 * A draft shown in the preview while the owner types: every field may still be empty (the preview
 * shows a placeholder), but never longer than a send allows. An unsafe button link is left out.
 */
export const campaignPreviewSchema = z.object({
  subject: z.string().max(200).default(""),
  title: z.string().max(200).default(""),
  content: z.string().max(20_000).default(""),
  offer: z.string().max(500).default(""),
  ctaText: z.string().max(60).default(""),
  ctaLink: z.string().max(500).default(""),
});
export type CampaignPreviewInput = z.input<typeof campaignPreviewSchema>;
/** The e-mail exactly as the mail path renders it (only the recipient's unsubscribe link differs). */
export type CampaignPreview = { subject: string; html: string; text: string };

/**
 * Who a campaign goes to, chosen by the server among the active subscribers when the campaign is
 * made: all of them, those who signed up since a day or on a page of the site, those who are
 * customers with a service due, or those who have bought from the store.
 */
export const audienceSchema = z.discriminatedUnion(
  "segment",
  [
    z.object({ segment: z.literal("all") }),
    z.object({ segment: z.literal("since"), since: isoDate("The day they signed up from") }),
    z.object({
      segment: z.literal("source"),
      source: z.string().trim().min(1, "Choose the page they signed up on").max(200, "That page is not one of the site's"),
    }),
    z.object({ segment: z.literal("service-due") }),
    z.object({ segment: z.literal("buyers") }),
  ],
  { error: "Choose who the campaign goes to" },
);
export type Audience = z.output<typeof audienceSchema>;
export type CampaignSegment = Audience["segment"];

/** GET /api/admin/campaigns/audience: how many a campaign to this audience would go to now, and the pages people signed up on. */
export type AudienceCount = { count: number; sources: { source: string; count: number }[] };

const emailsSchema = z
  .array(z.string().trim().toLowerCase().pipe(z.email("One of the selected addresses is not a valid e-mail address")), {
    error: "No recipients selected",
  })
  .min(1, "No recipients selected")
  .max(MAX_CAMPAIGN_RECIPIENTS, `Send to at most ${MAX_CAMPAIGN_RECIPIENTS} recipients at a time`);

/** Either an audience the server selects (any size), or addresses picked by hand (at most 2,000). */
export const sendCampaignSchema = z
  .object({
    emails: z.preprocess((v) => v ?? undefined, emailsSchema.optional()),
    audience: audienceSchema.optional(),
    campaign: campaignDraftSchema,
    /** Optional schedule: an ISO date-time in the future; the Cron Trigger sends it when it comes. */
    sendAt: z.iso
      .datetime({ offset: true, error: "The send time must be a date and time" })
      .refine((value) => Date.parse(value) > Date.now(), "The send time must be in the future")
      .refine((value) => Date.parse(value) < Date.now() + MAX_SCHEDULE_DAYS * 86_400_000, "The send time must be within a year")
      .optional(),
  })
  .superRefine((send, ctx) => {
    if (!send.emails && !send.audience) ctx.addIssue({ code: "custom", path: ["emails"], message: "No recipients selected" });
    if (send.emails && send.audience)
      ctx.addIssue({
        code: "custom",
        path: ["audience"],
        message: "Send either to an audience or to picked addresses, not both",
      });
  });

export type CampaignDraftInput = z.input<typeof campaignDraftSchema>;
export type CampaignDraft = z.output<typeof campaignDraftSchema>;
export type SendCampaignInput = z.input<typeof sendCampaignSchema>;
export type SendCampaignRequest = z.output<typeof sendCampaignSchema>;

/** POST /api/admin/send-campaign answers at once; the Queue does the sending. */
export type SendCampaignResult = {
  campaignId: number;
  /** Recipients accepted: active subscribers, each sent exactly once. */
  successCount: number;
  /** Selected addresses that are not active subscribers; nothing is sent to them. */
  skipped: string[];
  status: CampaignStatus;
  sendAt: string | null;
};

/** POST /api/admin/campaigns/:id/retry-failed */
export type RetryFailedResult = { successCount: number; skipped: string[] };

/** The values of campaigns.status and campaign_recipients.status (schema/db/mail.ts, kept out of the browser bundle). */
export type CampaignStatus = "scheduled" | "sending" | "sent" | "cancelled";
export type RecipientStatus = "pending" | "queued" | "sending" | "sent" | "failed" | "unknown";

export type CampaignRecipient = {
  email: string;
  status: RecipientStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

/** One campaign of GET /api/admin/campaigns (newest first). `queued` counts recipients still waiting. */
export type CampaignSummary = {
  id: number;
  subject: string;
  title: string;
  content: string;
  offer: string | null;
  ctaText: string;
  ctaLink: string;
  status: CampaignStatus;
  sendAt: string | null;
  startedAt: string | null;
  createdAt: string;
  /** `unknown`: the provider was called but no answer was recorded; the owner decides whether to re-send. */
  counts: { total: number; queued: number; sent: number; failed: number; unknown: number };
};

export const listCampaignsQuerySchema = listQuerySchema({ max: 100, defaultLimit: 20 });

/**
 * GET /api/admin/campaigns/:id/recipients: one page of a campaign's recipients, those that need
 * the owner (failed, unconfirmed) first; ?q= finds an address, ?status= one state.
 */
export const campaignRecipientsQuerySchema = listQuerySchema({ max: 200, defaultLimit: 50 }).extend({
  status: z.enum(["pending", "queued", "sending", "sent", "failed", "unknown"]).optional(),
});

/** ?q= finds e-mails by recipient or subject. */
export const outboxQuerySchema = listQuerySchema({ max: 100, defaultLimit: 20 });

/** A file as it went: text, or bytes in base64. */
export type SentAttachment = { name: string; contentType: string } & ({ content: string } | { base64: string });

export type OutboxEmail = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Files sent with it (a booking's .ics, a gas safety record's PDF). */
  attachments: SentAttachment[];
  createdAt: string;
};

/** The unsubscribe token, from the query string, a form field or a JSON body. */
export const unsubscribeTokenSchema = z
  .string({ error: "The unsubscribe link is missing its token." })
  .trim()
  .min(1, "The unsubscribe link is missing its token.")
  .max(1000, "This unsubscribe link is not valid.");
