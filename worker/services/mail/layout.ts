import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { company } from "../../../schema/business";
import { addressLineOf, phoneHref } from "../../../schema/facts";
import { factsNow } from "../settings/business-facts";
import type { MailMessage } from "./types";

/**
 * The one frame of every e-mail the product sends: a 600 px card that narrows with the screen
 * (tables and inline styles, as mail clients need), the company's name on top and its address
 * and phone below. Values go in through Hono's `html` template, which escapes them; only markup
 * built the same way (or the campaign sanitiser's output, passed with `raw`) goes in unescaped.
 */
export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

export const NAVY = "#0b3b66";
export const ORANGE = "#ff7a1a";
/** Dark text on the orange button: 6.4:1 contrast, where white on orange would be under 3:1. */
export const ON_ORANGE = "#0b1f33";
export const FONT = "Arial, Helvetica, sans-serif";

/**
 * Where a customer's e-mail links to their account (/account): filled in when the e-mail is stored,
 * which knows who it goes to (services/mail/deliveries.ts withAccountLink); the owner's own
 * notices go without it.
 */
export const ACCOUNT_LINK_SLOT = "<!--account-link-->";

/** The account link for a customer's e-mail: into the HTML footer's slot, and after the text's footer. */
export function withAccountLink(message: { html: string; text: string }, accountUrl: string | null) {
  if (!accountUrl) return { html: message.html.replace(ACCOUNT_LINK_SLOT, ""), text: message.text };
  return {
    html: message.html.replace(
      ACCOUNT_LINK_SLOT,
      html`<br>Your visits, certificates, quotes and invoices: <a href="${accountUrl}" style="color:${NAVY}">your account</a>`.toString(),
    ),
    text: message.html.includes(ACCOUNT_LINK_SLOT) ? `${message.text}\nYour account: ${accountUrl}` : message.text,
  };
}

export function emailDocument(parts: { title: string; content: Markup; footerNote?: Markup }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${parts.title}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8">
<tr><td align="center" style="padding:24px 12px">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;box-shadow:0 2px 8px rgba(11,59,102,0.08)">
    <tr><td style="background:${NAVY};padding:20px 24px;font:bold 20px/1.3 ${FONT};color:#ffffff">${company.name}</td></tr>
    ${parts.content}
    <tr><td style="background:#f8fafc;border-top:1px solid #e4e9f0;padding:20px 24px;font:13px/1.6 ${FONT};color:#52606d">
      <strong style="color:${NAVY}">${company.name}</strong><br>
      ${addressLineOf(factsNow())}<br>
      Phone: <a href="${phoneHref(factsNow().phone)}" style="color:${NAVY}">${factsNow().phone}</a> · Gas Safe registered ${factsNow().gasSafeNumber}${raw(ACCOUNT_LINK_SLOT)}${parts.footerNote ? html`<br><br>${parts.footerNote}` : ""}
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>`.toString();
}

/** A heading row and any number of paragraphs or blocks under it. A long heading (an order id) wraps rather than widen the mail. */
export const section = (heading: string, ...blocks: Markup[]) =>
  html`<tr><td style="padding:28px 24px 8px"><h1 style="margin:0;font:bold 24px/1.3 ${FONT};color:${NAVY};overflow-wrap:anywhere">${heading}</h1></td></tr>
    <tr><td style="padding:8px 24px 24px;font:16px/1.6 ${FONT};color:#1f2933">${blocks}</td></tr>`;

export const paragraph = (text: string) => html`<p style="margin:0 0 16px">${text}</p>`;

/** The one call to action of a customer e-mail. */
export const button = (href: string, label: string) =>
  html`<p style="margin:8px 0 24px"><a href="${href}" style="display:inline-block;background:${ORANGE};color:${ON_ORANGE};font:bold 17px/1.2 ${FONT};text-decoration:none;padding:14px 28px;border-radius:8px">${label}</a></p>`;

export type Field = [label: string, value: string | null | undefined];

/** Label and value pairs; empty values are left out. Long values wrap rather than widen the mail. */
export const fieldsTable = (fields: Field[]) =>
  html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px">${fields
    .filter(([, value]) => value)
    .map(
      ([label, value]) =>
        html`<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${label}</th><td style="padding:4px 0;white-space:pre-line;overflow-wrap:anywhere">${value}</td></tr>`,
    )}</table>`;

/** The same pairs as plain text lines. */
export const fieldsText = (fields: Field[]) =>
  fields
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");

/** The closing block of the plain-text part, matching the HTML footer. */
export const textFooter = () =>
  [
    "--",
    company.name,
    addressLineOf(factsNow()),
    `Phone: ${factsNow().phone}`,
    `Gas Safe registered ${factsNow().gasSafeNumber}`,
  ].join("\n");

/** One piece of an e-mail, written once: what the plain-text part says and what the HTML shows. */
export type Block = { text: string; html: Markup };

/** A paragraph, the same words in both parts. */
export const say = (text: string): Block => ({ text, html: paragraph(text) });

/** Label and value pairs in both parts. */
export const fieldsBlock = (fields: Field[]): Block => ({ text: fieldsText(fields), html: fieldsTable(fields) });

/** A link: a button in HTML, a few words and the address in plain text. */
export const action = (href: string, label: string, textLead: string): Block => ({
  text: `${textLead} ${href}`,
  html: button(href, label),
});

/**
 * Both parts of a mail from one list of blocks, so they never say different things: the plain
 * text is the title, the blocks and the footer with a blank line between; the HTML is the title as
 * heading and the blocks under it, in the one frame. A footer note (the reminders' opt-out) goes
 * under the address in HTML and just before the footer in plain text.
 */
export function mailParts(title: string, blocks: Block[], footerNote?: Block): Pick<MailMessage, "text" | "html"> {
  return {
    text: [title, ...blocks.map((b) => b.text), footerNote?.text, textFooter()].filter(Boolean).join("\n\n"),
    html: emailDocument({ title, content: section(title, ...blocks.map((b) => b.html)), footerNote: footerNote?.html }),
  };
}
