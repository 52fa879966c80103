import { campaignDefaults, company } from "../../../../schema/business";
import { type BusinessFacts, phoneHref } from "../../../../schema/facts";

/** The campaign form's fields; CTA fields start at the campaign defaults. */
export type CampaignDraftForm = {
  subject: string;
  title: string;
  content: string;
  offer: string;
  ctaText: string;
  ctaLink: string;
};

/** A blank draft whose button rings the office, at the number the owner gives (Settings). */
export const emptyDraft = (facts: BusinessFacts): CampaignDraftForm => ({
  subject: "",
  title: "",
  content: "",
  offer: "",
  ctaText: campaignDefaults.ctaText,
  ctaLink: phoneHref(facts.phone),
});

/** The two quick templates: the service offer's button rings the office, the emergency one the 24/7 line. */
export const campaignTemplates = (
  facts: BusinessFacts,
): { id: string; name: string; summary: string; draft: CampaignDraftForm }[] => [
  {
    id: "winter-service",
    name: "Winter Service Offer",
    summary: "25% off boiler service, save up to £30, valid to end of month",
    draft: {
      subject: "Winter boiler service: 25% off for subscribers",
      title: "Get your boiler ready for winter",
      content:
        "<p>Cold snaps are when boilers let you down. Book a full service with our Gas Safe engineers now and get <strong>25% off</strong>: save up to £30.</p>" +
        "<ul><li>Full safety and efficiency check</li><li>Gas Safe registered engineers</li><li>Fewer breakdowns when you need heat most</li></ul>",
      offer: "25% off your boiler service (save up to £30). Valid until the end of the month.",
      ctaText: "Book Your Service Now",
      ctaLink: phoneHref(facts.phone),
    },
  },
  {
    id: "emergency-priority",
    name: "Emergency Repair Priority",
    summary: "Free call-out for subscribers (normally £75), 2-hour average response, same-day service",
    draft: {
      subject: "Priority emergency repairs with a free call-out",
      title: "Emergency Repair Priority",
      content:
        "<p>No heat or hot water? As a subscriber you get <strong>priority emergency repairs</strong> with a free call-out, normally £75.</p>" +
        `<ul><li>${company.emergencyResponseHours}-hour average response</li><li>Same-day service</li><li>Gas Safe registered engineers, 24/7</li></ul>`,
      offer: "Free call-out for subscribers (normally £75).",
      ctaText: "Call Emergency Line",
      ctaLink: phoneHref(facts.emergencyPhone),
    },
  },
];
