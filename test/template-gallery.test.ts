import { describe, expect, it } from "vitest";
import * as bookingEmails from "../worker/services/mail/booking-emails";
import * as campaignEmail from "../worker/services/mail/campaign-email";
import * as customerEmails from "../worker/services/mail/customer-emails";
import * as reminderEmails from "../worker/services/mail/reminder-emails";
import * as securityEmails from "../worker/services/mail/security-emails";
import * as shopEmails from "../worker/services/mail/shop-emails";
import * as signupEmails from "../worker/services/mail/signup-emails";
import * as teamEmails from "../worker/services/mail/team-emails";
import { galleryTemplates, type TemplateSample } from "../worker/services/mail/template-gallery";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson } from "./helpers/factories-commerce";

/** Exports that pick or bundle templates rather than being one: what they send is shown through the templates they call. */
const dispatchers = new Set(["fulfilmentMail", "cardPaymentMails", "orderPlacedMails", "campaignTestMail"]);

const templateModules = {
  bookingEmails,
  campaignEmail,
  customerEmails,
  reminderEmails,
  securityEmails,
  shopEmails,
  signupEmails,
  teamEmails,
};

const fromHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);

async function gallery() {
  const { status, body } = await callAppJson<TemplateSample[]>("/api/admin/outbox/templates", { headers: await adminHeaders() });
  expect(status).toBe(200);
  return body;
}

describe("GET /api/admin/outbox/templates", () => {
  it("needs an admin", async () => {
    expect((await callApp("/api/admin/outbox/templates")).status).toBe(401);
  });

  it("renders every template the Worker has, each with a subject, HTML and plain text", async () => {
    const templates = await gallery();
    expect(templates.map((t) => t.kind)).toEqual([
      "campaign",
      "signup-confirmation",
      "signup-already-subscribed",
      "order-confirmation",
      "order-receipt",
      "order-confirmed",
      "order-dispatched",
      "order-cancelled",
      "quote-acknowledgement",
      "call-back-acknowledgement",
      "reminder-service",
      "reminder-gas-safety",
      "reminder-gas-safety-final",
      "booking-confirmed",
      "booking-moved",
      "booking-cancelled",
      "booking-tenant-booked",
      "owner-order-placed",
      "owner-card-order-paid",
      "owner-low-stock",
      "owner-quote-received",
      "owner-call-back",
      "owner-booking-new",
      "owner-booking-moved",
      "owner-booking-cancelled",
      "owner-sign-in-attack",
      "team-invite",
    ]);
    for (const t of templates) {
      expect(t.label, t.kind).not.toBe("");
      expect(t.subject.trim(), t.kind).not.toBe("");
      expect(t.to, t.kind).toMatch(/@/);
      expect(t.html, t.kind).toMatch(/^<!doctype html>/);
      expect(t.html, t.kind).toContain("</html>");
      expect(t.text.trim().length, t.kind).toBeGreaterThan(40);
      // The plain text is text: no markup left in it.
      expect(t.text, t.kind).not.toMatch(/<\/?(p|td|tr|table|a|strong|br)\b/i);
      // Both parts are written from the same blocks: the text opens with the HTML's heading, and
      // every paragraph of the HTML is in the text.
      if (t.kind !== "campaign") {
        expect(t.text.startsWith(fromHtml(/<h1[^>]*>(.*?)<\/h1>/.exec(t.html)![1]!)), t.kind).toBe(true);
        for (const [, p] of t.html.matchAll(/<p style="margin:0 0 16px">([^<]*)<\/p>/g))
          expect(t.text, t.kind).toContain(fromHtml(p!));
      }
    }
    expect(new Set(templates.map((t) => t.kind)).size).toBe(templates.length);
    expect(new Set(templates.map((t) => t.label)).size).toBe(templates.length);
    expect(templates.filter((t) => t.audience === "owner").map((t) => t.kind)).toEqual(
      expect.arrayContaining(["owner-order-placed", "owner-low-stock", "owner-booking-new"]),
    );
  });

  it("leaves out no template function of the mail modules", () => {
    const shown = galleryTemplates();
    const missing = Object.entries(templateModules).flatMap(([module, exports]) =>
      Object.entries(exports)
        .filter(
          ([name, value]) => typeof value === "function" && /Mails?$|CampaignTemplate$/.test(name) && !dispatchers.has(name),
        )
        .filter(([, value]) => !shown.has(value as never))
        .map(([name]) => `${module}.${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("escapes the details people typed in the HTML and keeps them readable in the text", async () => {
    const templates = await gallery();
    const enquiry = templates.find((t) => t.kind === "owner-quote-received")!;
    expect(enquiry.html).toContain("Boiler&#39;s &lt; 10 years old &amp; keeps losing pressure");
    expect(enquiry.html).not.toContain("Boiler's < 10");
    expect(enquiry.text).toContain("Boiler's < 10 years old & keeps losing pressure");

    const order = templates.find((t) => t.kind === "order-confirmation")!;
    expect(order.html).toContain("Wharfside House &amp; Annexe");
    expect(order.html).toContain("Siobhán");
    expect(order.text).toContain("Wharfside House & Annexe");

    const booking = templates.find((t) => t.kind === "owner-booking-new")!;
    expect(booking.html).toContain("&lt;the boiler is in the loft&gt;");
    expect(booking.html).not.toContain("<the boiler");

    const campaign = templates.find((t) => t.kind === "campaign")!;
    expect(campaign.html).toContain("<li>Full service by a Gas Safe registered engineer</li>");
    expect(campaign.text).toContain("Unsubscribe: http");
  });

  it("shows the landlord wording in the certificate reminders and links to booking in every reminder", async () => {
    const templates = await gallery();
    const reminders = templates.filter((t) => t.kind.startsWith("reminder-"));
    for (const r of reminders) expect(r.text).toMatch(/Book: http\S+\/book\?service=/);
    expect(templates.find((t) => t.kind === "reminder-gas-safety")!.subject).toContain("gas safety certificate (CP12)");
    expect(templates.find((t) => t.kind === "reminder-service")!.subject).toContain("boiler service");
  });
});
