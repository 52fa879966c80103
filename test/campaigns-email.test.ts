import { describe, expect, it } from "vitest";
import { prepareCampaignTemplate } from "../worker/services/mail/campaign-email";
import { htmlToText, sanitizeEmailHtml } from "../worker/services/mail/sanitize";
import { adminHeaders } from "./helpers/admin";
import { outboxTo } from "./helpers/factories-commerce";
import { call, callJson } from "./helpers/http";

const unsubscribeUrl = "https://www.example-heating.co.uk/unsubscribe?token=abc.def";

describe("campaign e-mail", () => {
  it("has the title, content, offer, button, company address and phone, and the unsubscribe link in both parts", async () => {
    const template = await prepareCampaignTemplate({
      subject: "Emergency Repair Priority",
      title: "Free call-out for subscribers",
      content: "<p>Normally <strong>£75</strong> &amp; a 2-hour average response.</p><ul><li>Same-day service</li></ul>",
      offer: "Free call-out this month",
      ctaText: "Call Emergency Line",
      ctaLink: "tel:+441614960999",
    });
    const { subject, html, text } = template({ unsubscribeUrl });
    expect(subject).toBe("Emergency Repair Priority");

    expect(html).toContain("<title>Emergency Repair Priority</title>");
    expect(html).toContain(">Free call-out for subscribers</h1>");
    expect(html).toContain("<p>Normally <strong>£75</strong> &amp; a 2-hour average response.</p>");
    expect(html).toContain("Free call-out this month");
    expect(html).toContain('<a href="tel:+441614960999"');
    expect(html).toContain(">Call Emergency Line</a>");
    expect(html).toContain("42 Example Works, Chester Road, Stretford, M32 0ZZ");
    expect(html).toContain("0161 496 0123");
    expect(html).toContain(`href="${unsubscribeUrl}"`);

    expect(text).toContain("Free call-out for subscribers");
    expect(text).toContain("Normally £75 & a 2-hour average response.");
    expect(text).toContain("- Same-day service");
    expect(text).toContain("Call Emergency Line: 0161 496 0999");
    expect(text).toContain("Phone: 0161 496 0123");
    expect(text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it("escapes the title, offer and button text", async () => {
    const template = await prepareCampaignTemplate({
      subject: "<b>Hi</b>",
      title: "<script>alert(1)</script>",
      content: "<p>ok</p>",
      offer: '"><img src=x onerror=alert(1)>',
      ctaText: "<i>Go</i>",
      ctaLink: 'https://example.com/"onmouseover="x',
    });
    const { html } = template({ unsubscribeUrl });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('href="https://example.com/&quot;onmouseover=&quot;x"');
  });
});

describe("the content sanitiser", () => {
  it("keeps formatting and safe links", async () => {
    const html =
      '<h2>Winter</h2><p style="color:#0b3b66">Save <em>25%</em> <a href="https://example.com/offer" title="Offer">today</a></p>';
    expect(await sanitizeEmailHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers, scriptable links, forms and comments", async () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a>' +
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="card"></form>' +
      '<!-- secret --><img src="data:image/png;base64,AAAA"><p style="background:url(https://track.example)">z</p><custom-tag>kept text</custom-tag>';
    expect(await sanitizeEmailHtml(dirty)).toBe("<p>Hi</p><a>x</a><a>y</a><p>z</p>kept text");
  });

  it("turns HTML into readable plain text with link targets", async () => {
    const text = await htmlToText(
      '<p>Line one<br>line two</p>\n<p>Call <a href="tel:01614960123">us</a> or visit <a href="https://example.com">our site</a>.</p>',
    );
    expect(text).toBe("Line one\nline two\n\nCall us (01614960123) or visit our site (https://example.com).");
  });
});

describe("POST /api/admin/campaigns/preview", () => {
  it("answers the e-mail exactly as the send renders it: sanitised, with the real layout", async () => {
    const draft = {
      subject: "Winter offer",
      title: "Warm homes <b>now</b>",
      content:
        '<p>Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      offer: "£20 off",
      ctaText: "Book now",
      ctaLink: "tel:+441614960123",
    };
    const { status, body } = await callJson("/api/admin/campaigns/preview", {
      method: "POST",
      json: draft,
      headers: await adminHeaders(),
    });
    expect(status).toBe(200);
    const sent = (await prepareCampaignTemplate({ ...draft, offer: draft.offer }))({ unsubscribeUrl: "x" });
    // Only the unsubscribe link differs between the preview and what a subscriber gets.
    expect(body.html.replaceAll(/href="[^"]*unsubscribe[^"]*"/g, "")).toBe(sent.html.replaceAll('href="x"', ""));
    expect(body.html).not.toMatch(/<script|javascript:|<iframe/i);
    expect(body.html).toContain("Warm homes &lt;b&gt;now&lt;/b&gt;");
    expect(body.subject).toBe("Winter offer");
  });

  it("shows placeholders for an empty draft and leaves out an unsafe button link", async () => {
    const { status, body } = await callJson("/api/admin/campaigns/preview", {
      method: "POST",
      json: { ctaLink: "javascript:alert(1)" },
      headers: await adminHeaders(),
    });
    expect(status).toBe(200);
    expect(body.html).toContain("Your title");
    expect(body.html).toContain("Your message appears here.");
    expect(body.html).not.toContain("javascript:");
  });

  it("refuses a draft longer than a send allows, and a caller who is not signed in", async () => {
    const tooLong = await call("/api/admin/campaigns/preview", {
      method: "POST",
      json: { content: "x".repeat(20_001) },
      headers: await adminHeaders(),
    });
    expect(tooLong.status).toBe(400);
    expect((await call("/api/admin/campaigns/preview", { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("campaign content written as people write", () => {
  it("makes paragraphs from blank lines, lists from '- ' lines and bold from **stars**, then sanitises as before", async () => {
    const template = await prepareCampaignTemplate({
      subject: "Plain words",
      title: "Plain words",
      content:
        "First paragraph,\nwith a line break.\n\nSecond paragraph with **bold**.\n\n- One\n- Two\n\n<script>alert(1)</script>",
      offer: null,
      ctaText: "Call",
      ctaLink: "tel:+441614960123",
    });
    const { html, text } = template({ unsubscribeUrl: "https://example.com/u" });
    expect(html).toContain("<p>First paragraph,<br");
    expect(html).toContain("<p>Second paragraph with <strong>bold</strong>.</p>");
    expect(html).toMatch(/<ul>\s*<li>One<\/li>\s*<li>Two<\/li>\s*<\/ul>/);
    expect(html).not.toContain("<script");
    expect(text).toContain("Second paragraph with bold.");
  });

  it("keeps HTML content as HTML", async () => {
    const template = await prepareCampaignTemplate({
      subject: "s",
      title: "t",
      content: "<p>Already <em>HTML</em></p>",
      offer: null,
      ctaText: "Call",
      ctaLink: "tel:+441614960123",
    });
    expect(template({ unsubscribeUrl: "x" }).html).toContain("<p>Already <em>HTML</em></p>");
  });
});

describe("POST /api/admin/campaigns/test", () => {
  it("sends the campaign to the owner first, marked as a test", async () => {
    const res = await callJson("/api/admin/campaigns/test", {
      method: "POST",
      json: { subject: "Test me", title: "Hello", content: "A paragraph.\n\nAnother." },
      headers: await adminHeaders(),
    });
    expect(res.status).toBe(202);
    const [mail] = await outboxTo(res.body.to);
    expect(mail?.subject).toBe("[Test] Test me");
    expect(mail?.html).toContain("<p>Another.</p>");
  });

  it("refuses a draft a send would refuse", async () => {
    const res = await callJson("/api/admin/campaigns/test", {
      method: "POST",
      json: { subject: "" },
      headers: await adminHeaders(),
    });
    expect(res.status).toBe(400);
  });
});
