import { campaignDefaults, company } from "../../../../schema/business";
import { type BusinessFacts, liveOffers, offerEndText, phoneHref, serviceFromPence } from "../../../../schema/facts";
import { formatPounds } from "../../../../schema/format";

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

/**
 * The two quick templates, written from the owner's facts as they are today: the service offer is
 * the live dated offer (its price, what it saves, when it ends) or, with none, the service price;
 * the emergency one the 24/7 line and the response the site promises. Nothing is promised here that
 * the site does not say (no percentage, no call-out fee: the site charges none). The content is
 * written as people write: a blank line starts a paragraph, "- " a list.
 */
export const campaignTemplates = (
  facts: BusinessFacts,
  now = Date.now(),
): { id: string; name: string; summary: string; draft: CampaignDraftForm }[] => {
  const offer = liveOffers(facts, now)[0];
  const servicePrice = formatPounds(serviceFromPence(facts));
  const serviceOffer = offer
    ? {
        summary: `${offer.title}: ${formatPounds(offer.pricePence)}${offer.wasPence ? ` (normally ${formatPounds(offer.wasPence)})` : ""} until ${offerEndText(offer)}`,
        offer: `${offer.title}: a full boiler service for ${formatPounds(offer.pricePence)}${offer.wasPence ? `, normally ${formatPounds(offer.wasPence)}` : ""}. Book by ${offerEndText(offer)}.`,
        subject: `${offer.title}: your boiler service for ${formatPounds(offer.pricePence)}`,
      }
    : {
        summary: `Annual service from ${servicePrice} (no offer is live: add one in Settings)`,
        offer: "",
        subject: `Book your boiler's annual service, from ${servicePrice}`,
      };
  return [
    {
      id: "winter-service",
      name: "Winter Service Offer",
      summary: serviceOffer.summary,
      draft: {
        subject: serviceOffer.subject,
        title: "Get your boiler ready for winter",
        content: [
          `Cold snaps are when boilers let you down. A yearly service by our Gas Safe registered engineers keeps yours safe, efficient and within its warranty, from ${servicePrice}.`,
          "- Full safety and efficiency check\n- Gas Safe registered engineers\n- Fewer breakdowns when you need heat most",
        ].join("\n\n"),
        offer: serviceOffer.offer,
        ctaText: "Book Your Service Now",
        ctaLink: phoneHref(facts.phone),
      },
    },
    {
      id: "emergency-priority",
      name: "Emergency Repair Priority",
      summary: `Our 24/7 line ${facts.emergencyPhone}, a ${company.emergencyResponseHours}-hour response, no call-out charge`,
      draft: {
        subject: "Boiler broken down? Our 24/7 emergency line",
        title: "Emergency repairs, day and night",
        content: [
          `No heat or hot water? Call our emergency line on **${facts.emergencyPhone}**, any time of day or night.`,
          `- We aim to be with you within ${company.emergencyResponseHours} hours\n- No call-out charge: you pay for the repair, not the visit\n- Gas Safe registered engineers`,
          "If you smell gas, leave the house, turn the gas off at the meter if you can, and call the National Gas Emergency line on 0800 111 999.",
        ].join("\n\n"),
        offer: "",
        ctaText: "Call Emergency Line",
        ctaLink: phoneHref(facts.emergencyPhone),
      },
    },
  ];
};
