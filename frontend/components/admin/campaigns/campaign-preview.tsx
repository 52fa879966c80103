import { company } from "../../../../schema/business";
import { addressLineOf, type BusinessFacts } from "../../../../schema/facts";
import type { CampaignDraftForm } from "./campaign-templates";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The e-mail as subscribers will see it. The content is the owner's HTML, so it is shown only
 * inside an iframe with an empty sandbox (no scripts, no forms, no same-origin access, no
 * navigation of this page) and a CSP that loads nothing but inline styles and images.
 */
export function previewDocument(draft: CampaignDraftForm, facts: BusinessFacts): string {
  const offer = draft.offer.trim() ? `<div class="offer"><strong>Special offer</strong><br>${escapeHtml(draft.offer)}</div>` : "";
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https: data:">
<style>
body{margin:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1c2024;line-height:1.5}
.wrap{max-width:560px;margin:16px auto;background:#fff;border-radius:10px;overflow:hidden;box-shadow:0 2px 8px rgba(16,24,40,.08)}
.head{background:#0b3b66;color:#fff;padding:16px 20px;font-weight:bold}
.body{padding:20px}
h1{color:#0b3b66;font-size:22px;margin:0 0 12px}
.offer{background:#fff4eb;border:1px dashed #ff7a1a;border-radius:8px;padding:12px;margin:16px 0}
.cta{display:inline-block;background:#ff7a1a;color:#fff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px}
.foot{padding:16px 20px;font-size:12px;color:#60646c;border-top:1px solid #eee}
img{max-width:100%}
</style></head><body><div class="wrap">
<div class="head">${escapeHtml(company.name)}</div>
<div class="body"><h1>${escapeHtml(draft.title || "Your title")}</h1>
<div class="content">${draft.content || "<p>Your message appears here.</p>"}</div>
${offer}
<p><a class="cta" href="${escapeHtml(draft.ctaLink)}">${escapeHtml(draft.ctaText || "Get Your Quote")}</a></p></div>
<div class="foot">${escapeHtml(company.name)} · ${escapeHtml(addressLineOf(facts))} · ${escapeHtml(facts.phone)}<br>
You are receiving this because you signed up for deals. <u>Unsubscribe</u></div>
</div></body></html>`;
}

export function CampaignPreview({ draft, facts }: { draft: CampaignDraftForm; facts: BusinessFacts }) {
  return (
    <iframe
      title="E-mail preview"
      className="admin-preview-frame"
      sandbox=""
      srcDoc={previewDocument(draft, facts)}
      referrerPolicy="no-referrer"
    />
  );
}
