import { html, raw } from "hono/html";
import { marked } from "marked";
import { type CampaignPreviewInput, campaignPreviewSchema, isSafeEmailLink } from "../../../schema/api/campaigns";
import { campaignDefaults, company } from "../../../schema/business";
import { addressLineOf, phoneHref } from "../../../schema/facts";
import { factsNow } from "../settings/business-facts";
import { emailDocument, FONT, NAVY, ON_ORANGE, ORANGE } from "./layout";
import { htmlToText, sanitizeEmailHtml } from "./sanitize";
import type { MailMessage } from "./types";

export type CampaignContent = {
  subject: string;
  title: string;
  content: string;
  offer: string | null;
  ctaText: string;
  ctaLink: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

/** Everything but the per-recipient unsubscribe link, so a batch renders each campaign once. */
export type CampaignTemplate = (links: { unsubscribeUrl: string }) => RenderedEmail;

/** How a button link reads in the plain-text part: the company's numbers as people write them. */
function linkLabel(link: string): string {
  const facts = factsNow();
  const known: Record<string, string> = {
    [phoneHref(facts.phone)]: facts.phone,
    [phoneHref(facts.emergencyPhone)]: facts.emergencyPhone,
  };
  return known[link] ?? link.replace(/^(tel|mailto):/i, "");
}

/** Content written with tags is HTML; anything else is written as people write (blank lines, "- " lists, **bold**). */
const looksLikeHtml = (content: string) => /<\/?(p|div|br|h[1-6]|ul|ol|li|table|strong|b|em|i|a|span|img)\b[^>]*>/i.test(content);

/**
 * The owner's content as HTML: written text (Markdown: a blank line starts a paragraph, a line
 * break is kept) becomes paragraphs, HTML stays HTML. Either way the sanitiser has the last word.
 */
export function contentToHtml(content: string): string {
  if (looksLikeHtml(content)) return content;
  return marked.parse(content, { async: false, gfm: true, breaks: true }) as string;
}

export async function prepareCampaignTemplate(campaign: CampaignContent): Promise<CampaignTemplate> {
  const contentHtml = await sanitizeEmailHtml(contentToHtml(campaign.content));
  const contentText = await htmlToText(contentHtml);
  return ({ unsubscribeUrl }) => ({
    subject: campaign.subject,
    html: campaignHtml(campaign, contentHtml, unsubscribeUrl),
    text: campaignText(campaign, contentText, unsubscribeUrl),
  });
}

/**
 * "Send me a test": the campaign exactly as subscribers will get it, to the owner's own address
 * first, its subject marked as a test. It goes through the stored, retried mail path like any e-mail.
 */
export async function campaignTestMail(campaign: CampaignContent, to: string, unsubscribeUrl: string): Promise<MailMessage> {
  const rendered = (await prepareCampaignTemplate(campaign))({ unsubscribeUrl });
  return { kind: "other", to, ...rendered, subject: `[Test] ${rendered.subject}` };
}

/**
 * The preview the owner sees while writing: the same template, sanitiser and layout the queue uses
 * to send, with placeholders for what is not written yet.
 */
export async function renderCampaignPreview(draft: CampaignPreviewInput, unsubscribeUrl: string): Promise<RenderedEmail> {
  const d = campaignPreviewSchema.parse(draft);
  const template = await prepareCampaignTemplate({
    subject: d.subject.trim() || "Your subject",
    title: d.title.trim() || "Your title",
    content: d.content.trim() || "<p>Your message appears here.</p>",
    offer: d.offer.trim() || null,
    ctaText: d.ctaText.trim() || campaignDefaults.ctaText,
    ctaLink: isSafeEmailLink(d.ctaLink.trim()) ? d.ctaLink.trim() : phoneHref(factsNow().phone),
  });
  return template({ unsubscribeUrl });
}

function campaignHtml(campaign: CampaignContent, contentHtml: string, unsubscribeUrl: string): string {
  const offer = campaign.offer
    ? html`<tr><td style="padding:0 24px 24px">
        <div style="background:#fff4ec;border-left:4px solid ${ORANGE};border-radius:8px;padding:16px 20px;font:bold 18px/1.4 ${FONT};color:${NAVY}">${campaign.offer}</div>
      </td></tr>`
    : "";
  return emailDocument({
    title: campaign.subject,
    // The admin's content, already reduced to an allow-list of tags by the sanitiser.
    content: html`<tr><td style="padding:32px 24px 8px">
      <h1 style="margin:0;font:bold 26px/1.3 ${FONT};color:${NAVY};overflow-wrap:anywhere">${campaign.title}</h1>
    </td></tr>
    <tr><td style="padding:8px 24px 24px;font:16px/1.6 ${FONT};color:#1f2933;overflow-wrap:anywhere">${raw(contentHtml)}</td></tr>
    ${offer}
    <tr><td align="center" style="padding:0 24px 32px">
      <a href="${campaign.ctaLink}" style="display:inline-block;background:${ORANGE};color:${ON_ORANGE};font:bold 18px/1.2 ${FONT};text-decoration:none;padding:16px 32px;border-radius:8px">${campaign.ctaText}</a>
    </td></tr>`,
    footerNote: html`You are receiving this because you signed up for deals from ${company.shortName}.
      <a href="${unsubscribeUrl}" style="color:${NAVY};font-weight:bold">Unsubscribe</a>`,
  });
}

function campaignText(campaign: CampaignContent, contentText: string, unsubscribeUrl: string): string {
  return [
    campaign.title,
    "",
    contentText,
    ...(campaign.offer ? ["", campaign.offer] : []),
    "",
    `${campaign.ctaText}: ${linkLabel(campaign.ctaLink)}`,
    "",
    "--",
    company.name,
    addressLineOf(factsNow()),
    `Phone: ${factsNow().phone}`,
    "",
    `You are receiving this because you signed up for deals from ${company.shortName}.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join("\n");
}
