import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { company } from "../../../schema/business";
import { phoneHref } from "../../../schema/facts";
import { factsNow } from "../settings/business-facts";

/** What a page lets the reader leave: the deals list, or the service reminders. Fixed text of ours, written as HTML. */
export type MailingList = {
  title: string;
  question: string;
  stops: string;
  keep: string;
  alreadyTitle: string;
  already: string;
  doneTitle: string;
  done: string;
  button: string;
  action: string;
};

export const dealsList: MailingList = {
  title: "Leave our mailing list",
  question: "Leave our mailing list?",
  stops: "We'll stop sending deals and tips to",
  keep: "No thanks, keep me subscribed",
  alreadyTitle: "You're already unsubscribed",
  already: "no longer receives our deals and tips.",
  doneTitle: "You're unsubscribed",
  done: "won't receive any more deals or tips from us.",
  button: "Unsubscribe",
  action: "/api/unsubscribe",
};

export const remindersList: MailingList = {
  title: "Stop service reminders",
  question: "Stop service reminders?",
  stops: "We'll stop sending service and gas safety reminders to",
  keep: "No thanks, keep reminding me",
  alreadyTitle: "Reminders are already off",
  already: "gets no service reminders from us.",
  doneTitle: "Reminders stopped",
  done: "won't get any more service reminders. You can still book a visit at any time.",
  button: "Stop reminders",
  action: "/api/reminders/opt-out",
};

export type UnsubscribePage = { list?: MailingList } & (
  | { kind: "confirm"; email: string; token: string }
  | { kind: "already"; email: string }
  | { kind: "done"; email: string }
  | { kind: "invalid"; message: string }
);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f3f5f8;color:#1f2933;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#0b3b66;color:#fff;padding:16px 24px;font-weight:700;font-size:1.125rem}
header a{color:#fff;text-decoration:none}
main{max-width:480px;margin:48px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 4px 16px rgba(11,59,102,.1);padding:32px 28px}
h1{margin:0 0 12px;color:#0b3b66;font-size:1.5rem;line-height:1.3}
p{margin:0 0 16px}
.email{font-weight:700;overflow-wrap:anywhere}
button{width:100%;min-height:48px;border:0;border-radius:10px;background:#ff7a1a;color:#0b1f33;font-family:inherit;font-size:1.0625rem;font-weight:700;cursor:pointer;margin-top:8px}
button:hover{background:#ff8f3f}
button:focus-visible,a:focus-visible{outline:3px solid #0b3b66;outline-offset:3px}
.secondary{display:block;text-align:center;margin-top:16px;color:#0b3b66;font-weight:600}
.contact{margin-top:24px;font-size:.9375rem;color:#52606d;text-align:center}
.contact a{color:#0b3b66;font-weight:700}
`;

function body(page: UnsubscribePage): { title: string; html: HtmlEscapedString | Promise<HtmlEscapedString> } {
  const list = page.list ?? dealsList;
  switch (page.kind) {
    case "confirm":
      return {
        title: list.title,
        html: html`<h1>${raw(list.question)}</h1>
<p>${raw(list.stops)} <span class="email">${page.email}</span>.</p>
<form method="post" action="${list.action}">
<input type="hidden" name="token" value="${page.token}">
<button type="submit">${raw(list.button)}</button>
</form>
<a class="secondary" href="/">${raw(list.keep)}</a>`,
      };
    case "already":
      return {
        title: list.alreadyTitle,
        html: html`<h1>${raw(list.alreadyTitle)}</h1>
<p><span class="email">${page.email}</span> ${raw(list.already)}</p>
<a class="secondary" href="/">Back to the website</a>`,
      };
    case "done":
      return {
        title: list.doneTitle,
        html: html`<h1>${raw(list.doneTitle)}</h1>
<p><span class="email">${page.email}</span> ${raw(list.done)}</p>
<a class="secondary" href="/">Back to the website</a>`,
      };
    case "invalid":
      return {
        title: "Link not valid",
        html: html`<h1>This link isn't valid</h1>
<p role="alert">${page.message}</p>
<a class="secondary" href="/">Back to the website</a>`,
      };
  }
}

/** A small standalone page (no app bundle): it must work from any mail client, even without JavaScript. */
export function renderUnsubscribePage(page: UnsubscribePage): string {
  const { title, html: content } = body(page);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${company.name}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><a href="/">${company.name}</a></header>
<main>
<div class="card">
${content}
</div>
<p class="contact">Questions? Call us on <a href="${phoneHref(factsNow().phone)}">${factsNow().phone}</a></p>
</main>
</body>
</html>`.toString();
}
