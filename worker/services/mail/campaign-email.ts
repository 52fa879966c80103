import { addressLine, company } from "../../../schema/business";
import { escapeHtml } from "./html";
import { htmlToText, sanitizeEmailHtml } from "./sanitize";

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

const NAVY = "#0b3b66";
const ORANGE = "#ff7a1a";
/** Dark text on the orange button: 6.4:1 contrast, where white on orange would be under 3:1. */
const ON_ORANGE = "#0b1f33";
const FONT = "Arial, Helvetica, sans-serif";

/** How a button link reads in the plain-text part: the company's numbers as people write them. */
const KNOWN_PHONES: Record<string, string> = {
  [company.phoneHref]: company.phone,
  [company.emergencyPhoneHref]: company.emergencyPhone,
};
const linkLabel = (link: string) => KNOWN_PHONES[link] ?? link.replace(/^(tel|mailto):/i, "");

export async function prepareCampaignTemplate(campaign: CampaignContent): Promise<CampaignTemplate> {
  const contentHtml = await sanitizeEmailHtml(campaign.content);
  const contentText = await htmlToText(contentHtml);
  return ({ unsubscribeUrl }) => ({
    subject: campaign.subject,
    html: campaignHtml(campaign, contentHtml, unsubscribeUrl),
    text: campaignText(campaign, contentText, unsubscribeUrl),
  });
}

function campaignHtml(campaign: CampaignContent, contentHtml: string, unsubscribeUrl: string): string {
  const e = escapeHtml;
  const offer = campaign.offer
    ? `<tr><td style="padding:0 32px 24px">
        <div style="background:#fff4ec;border-left:4px solid ${ORANGE};border-radius:8px;padding:16px 20px;font:bold 18px/1.4 ${FONT};color:${NAVY}">${e(campaign.offer)}</div>
      </td></tr>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(campaign.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8">
<tr><td align="center" style="padding:24px 12px">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;box-shadow:0 2px 8px rgba(11,59,102,0.08)">
    <tr><td style="background:${NAVY};padding:20px 32px;font:bold 20px/1.3 ${FONT};color:#ffffff">${e(company.name)}</td></tr>
    <tr><td style="padding:32px 32px 8px">
      <h1 style="margin:0;font:bold 26px/1.3 ${FONT};color:${NAVY}">${e(campaign.title)}</h1>
    </td></tr>
    <tr><td style="padding:8px 32px 24px;font:16px/1.6 ${FONT};color:#1f2933">${contentHtml}</td></tr>
    ${offer}
    <tr><td align="center" style="padding:0 32px 32px">
      <a href="${e(campaign.ctaLink)}" style="display:inline-block;background:${ORANGE};color:${ON_ORANGE};font:bold 18px/1 ${FONT};text-decoration:none;padding:16px 32px;border-radius:8px">${e(campaign.ctaText)}</a>
    </td></tr>
    <tr><td style="background:#f8fafc;border-top:1px solid #e4e9f0;padding:20px 32px;font:13px/1.6 ${FONT};color:#52606d">
      <strong style="color:${NAVY}">${e(company.name)}</strong><br>
      ${e(addressLine)}<br>
      Phone: <a href="${e(company.phoneHref)}" style="color:${NAVY}">${e(company.phone)}</a><br><br>
      You are receiving this because you signed up for deals from ${e(company.shortName)}.
      <a href="${e(unsubscribeUrl)}" style="color:${NAVY};font-weight:bold">Unsubscribe</a>
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>`;
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
    addressLine,
    `Phone: ${company.phone}`,
    "",
    `You are receiving this because you signed up for deals from ${company.shortName}.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join("\n");
}
