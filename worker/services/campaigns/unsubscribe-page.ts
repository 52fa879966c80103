import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { company } from "../../../schema/business";

export type UnsubscribePage =
  | { kind: "confirm"; email: string; token: string }
  | { kind: "already"; email: string }
  | { kind: "done"; email: string }
  | { kind: "invalid"; message: string };

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
  switch (page.kind) {
    case "confirm":
      return {
        title: "Leave our mailing list",
        html: html`<h1>Leave our mailing list?</h1>
<p>We'll stop sending deals and tips to <span class="email">${page.email}</span>.</p>
<form method="post" action="/api/unsubscribe">
<input type="hidden" name="token" value="${page.token}">
<button type="submit">Unsubscribe</button>
</form>
<a class="secondary" href="/">No thanks, keep me subscribed</a>`,
      };
    case "already":
      return {
        title: "Already unsubscribed",
        html: html`<h1>You're already unsubscribed</h1>
<p><span class="email">${page.email}</span> no longer receives our deals and tips.</p>
<a class="secondary" href="/">Back to the website</a>`,
      };
    case "done":
      return {
        title: "You're unsubscribed",
        html: html`<h1>You're unsubscribed</h1>
<p><span class="email">${page.email}</span> won't receive any more deals or tips from us.</p>
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
<p class="contact">Questions? Call us on <a href="${company.phoneHref}">${company.phone}</a></p>
</main>
</body>
</html>`.toString();
}
