import { boilerPackages, boilerService, company, repairPriceBands } from "./business";
import { formatPounds, formatPrice } from "./format";
import { DAY_NAMES, londonToday, MONTH_NAMES } from "./london-time";

/** A price as the site shows it: whole pounds ("£1,899"), or pounds and pence when there are pence ("£85.50"). */
export const money = (pence: number) => (pence % 100 === 0 ? formatPounds(pence) : formatPrice(pence / 100));

/**
 * The facts the owner changes in the back office (/admin/settings): contact details, opening hours,
 * the Gas Safe number, prices and dated offers. schema/business.ts gives a new install its values;
 * D1 holds the owner's. Pages, e-mails and the chat read them through here, and a page's marked
 * places are filled from them by the Worker (`factText`) and by React (the same function), so the
 * HTML a crawler sees and the page a visitor uses never disagree. Kept free of zod: public pages
 * import it.
 */

/** Open from `opens` to `closes` (24-hour "08:00"), or null: closed (Sunday: the emergency line only). */
export type DayHours = { opens: string; closes: string } | null;
export type OpeningHours = { weekdays: DayHours; saturday: DayHours; sunday: DayHours };

export const packageIds = ["basic", "standard", "premium"] as const;
export type PackageId = (typeof packageIds)[number];
export const repairBands = ["small", "medium", "large"] as const;
export type RepairBand = (typeof repairBands)[number];

/**
 * A boiler-service offer, live from `startsAt` to `endsAt` (dates, UK, both days included). Outside
 * them it shows nowhere: not on the pages, not in the chat's answers.
 */
export type Offer = {
  id: string;
  /** The badge: "Summer Sale". */
  title: string;
  /** One line: "Beat the winter rush". */
  text: string;
  pricePence: number;
  wasPence: number | null;
  startsAt: string;
  endsAt: string;
};

/**
 * The firm's rating as the owner read it on a review site (issue 49: what the site says about
 * reviews stays true): the stars out of 5, how many reviews, the site ("Google"), the day it was
 * checked, and whether that site checks each reviewer was a customer ("verified" is said only then).
 * The pages link the site's name to `reviewUrl`. Null: the pages claim no rating at all.
 */
export type ReviewRating = { value: number; count: number; source: string; checkedOn: string; verified: boolean };

export type BusinessFacts = {
  phone: string;
  emergencyPhone: string;
  email: string;
  address: { street: string; locality: string; region: string; postcode: string };
  gasSafeNumber: string;
  openingHours: OpeningHours;
  packages: Record<PackageId, { pricePence: number; wasPence: number | null }>;
  service: { oneOffPence: number; annualPlanPence: number };
  /** Repair price bands: from, and up to (null: "and up"). */
  repairs: Record<RepairBand, { fromPence: number; toPence: number | null }>;
  offers: Offer[];
  /**
   * The public page where customers review the firm (Google Business Profile, or another site the
   * owner names), linked from every review request; null: no review requests are sent.
   */
  reviewUrl: string | null;
  /** The rating the pages and the chat give, only as the owner entered it. */
  rating: ReviewRating | null;
};

const packageDefaults = Object.fromEntries(
  boilerPackages.map((p) => [p.id, { pricePence: p.pricePence, wasPence: p.wasPence }]),
) as BusinessFacts["packages"];

/** "£45-85" → pence bounds, the defaults' repair bands. */
const bandPence = (range: string) => {
  const [from, to] = range.replace(/[£+]/g, "").split("-");
  return { fromPence: Number(from) * 100, toPence: to ? Number(to) * 100 : null };
};

/** A new install's facts: schema/business.ts. */
export const defaultFacts: BusinessFacts = {
  phone: company.phone,
  emergencyPhone: company.emergencyPhone,
  email: company.email,
  address: {
    street: company.address.street,
    locality: company.address.locality,
    region: company.address.region,
    postcode: company.address.postcode,
  },
  gasSafeNumber: company.gasSafeNumber,
  openingHours: {
    weekdays: { opens: "08:00", closes: "18:00" },
    saturday: { opens: "08:00", closes: "16:00" },
    sunday: null,
  },
  packages: packageDefaults,
  service: { oneOffPence: boilerService.oneOffPence, annualPlanPence: boilerService.annualPlanPence },
  repairs: {
    small: bandPence(repairPriceBands[0].range),
    medium: bandPence(repairPriceBands[1].range),
    large: bandPence(repairPriceBands[2].range),
  },
  offers: [
    {
      id: "summer-service",
      title: "Summer Sale",
      text: "Get your boiler serviced before the winter rush",
      pricePence: boilerService.summerOfferPence,
      wasPence: boilerService.summerNormallyPence,
      startsAt: "2026-06-01",
      endsAt: "2026-08-31",
    },
  ],
  reviewUrl: null,
  // A new install claims no rating: the owner enters theirs, with where it is and when it was read.
  rating: null,
};

/**
 * The rating the build renders, so every place it can appear is in the prerendered HTML; the
 * Worker fills those places with the owner's or takes them out (`data-rating`). Never served.
 */
export const BUILD_RATING: ReviewRating = {
  value: 5,
  count: 1,
  source: "a review site",
  checkedOn: "2026-01-01",
  verified: true,
};

/** "4.9" (one decimal, as review sites show it). */
export const ratingValueText = (rating: ReviewRating) => rating.value.toFixed(1);

/** "212 verified reviews on Google", or "212 reviews on Google" when the site does not check its reviewers. */
export const ratingReviewsText = (rating: ReviewRating) =>
  `${String(rating.count).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} ${rating.verified ? "verified " : ""}review${rating.count === 1 ? "" : "s"}`;

/** Star `n` (1 to 5) of a rating: lit up to the rating rounded to the nearest star. */
export const starClass = (n: number, value: number) => (n <= Math.round(value) ? "stars__on" : "stars__off");

/** "4.9 out of 5 from 212 reviews on Google": the chat's words. */
export function ratingSentence(rating: ReviewRating): string {
  return `${ratingValueText(rating)} out of 5 from ${ratingReviewsText(rating)} on ${rating.source}`;
}

/** The offers live today, earliest ending first (the one a page features). */
export function liveOffers(facts: BusinessFacts, now = Date.now()): Offer[] {
  const today = londonToday(now); // offers start and end on UK days
  return facts.offers.filter((o) => o.startsAt <= today && today <= o.endsAt).sort((a, b) => a.endsAt.localeCompare(b.endsAt));
}

/** The facts as a page is given them: only today's offers. */
export function liveFacts(facts: BusinessFacts, now = Date.now()): BusinessFacts {
  return { ...facts, offers: liveOffers(facts, now) };
}

/** "0161 496 0123" → "tel:+441614960123". */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+44${digits.replace(/^0/, "")}`}`;
}

/** "08:00" → "8:00". */
const clock = (time: string) => time.replace(/^0(\d)/, "$1");
export const dayHoursText = (hours: DayHours, closed = "Emergency only") =>
  hours ? `${clock(hours.opens)} - ${clock(hours.closes)}` : closed;

/** The three rows of opening hours as the site shows them. */
export function openingHoursRows(facts: BusinessFacts): { days: string; hours: string; key: keyof OpeningHours }[] {
  return [
    { key: "weekdays", days: "Monday - Friday", hours: dayHoursText(facts.openingHours.weekdays) },
    { key: "saturday", days: "Saturday", hours: dayHoursText(facts.openingHours.saturday) },
    { key: "sunday", days: "Sunday", hours: dayHoursText(facts.openingHours.sunday) },
  ];
}

/** "Monday - Friday 8:00 - 18:00; Saturday 8:00 - 16:00; Sunday Emergency only" */
export const openingHoursLine = (facts: BusinessFacts) =>
  openingHoursRows(facts)
    .map((r) => `${r.days} ${r.hours}`)
    .join("; ");

export const addressLineOf = (facts: BusinessFacts) =>
  `${facts.address.street}, ${facts.address.locality}, ${facts.address.postcode}`;

/** "2026-10-31" → "Saturday 31 October" (no Intl: a page's first Intl formatter costs a phone tens of ms). */
export function offerEndText(offer: Offer): string {
  const date = new Date(`${offer.endsAt}T00:00:00Z`);
  return `${DAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]}`;
}

/** The lowest price a boiler service is advertised at: the live offer's, or the one-off price. */
export function serviceFromPence(facts: BusinessFacts): number {
  return Math.min(facts.service.oneOffPence, ...facts.offers.map((o) => o.pricePence));
}

export const repairBandText = (band: { fromPence: number; toPence: number | null }) =>
  band.toPence === null ? `${money(band.fromPence)}+` : `${money(band.fromPence)}-${money(band.toPence).slice(1)}`;

/**
 * Every place on a page that shows a fact has one of these names (`data-fact`). The Worker fills
 * them in the HTML with `factText`; React renders the same text, so hydration matches.
 */
export type FactName =
  | "phone"
  | "emergencyPhone"
  | "email"
  | "gasSafeNumber"
  | "address"
  | "hours.weekdays"
  | "hours.saturday"
  | "hours.sunday"
  | "hours.line"
  | `package.${PackageId}.price`
  | `package.${PackageId}.was`
  | `package.${PackageId}.save`
  | "service.oneOff"
  | "service.annualPlan"
  | "service.from"
  | `repair.${RepairBand}`
  | "offer.title"
  | "offer.text"
  | "offer.price"
  | "offer.was"
  | "offer.percent"
  | "offer.until"
  | "rating.value"
  | "rating.reviews"
  | "rating.source";

/** The link targets a page marks with `data-fact-href` (`reviewUrl`: the owner's reviews page, the link kept only when there is one). */
export type FactHref = "phone" | "emergencyPhone" | "email" | "reviewUrl";

export function factHref(facts: BusinessFacts, name: FactHref): string {
  if (name === "reviewUrl") return facts.reviewUrl ?? "";
  return name === "email" ? `mailto:${facts.email}` : phoneHref(facts[name]);
}

/** The text of a named fact; "" when it names a live offer and there is none. */
export function factText(facts: BusinessFacts, name: FactName): string {
  const offer = facts.offers[0];
  switch (name) {
    case "phone":
    case "emergencyPhone":
    case "email":
    case "gasSafeNumber":
      return facts[name];
    case "address":
      return addressLineOf(facts);
    case "hours.weekdays":
      return dayHoursText(facts.openingHours.weekdays);
    case "hours.saturday":
      return dayHoursText(facts.openingHours.saturday);
    case "hours.sunday":
      return dayHoursText(facts.openingHours.sunday);
    case "hours.line":
      return openingHoursLine(facts);
    case "service.oneOff":
      return money(facts.service.oneOffPence);
    case "service.annualPlan":
      return money(facts.service.annualPlanPence);
    case "service.from":
      return money(serviceFromPence(facts));
    case "offer.title":
      return offer?.title ?? "";
    case "offer.text":
      return offer?.text ?? "";
    case "offer.price":
      return offer ? money(offer.pricePence) : "";
    case "offer.was":
      return offer?.wasPence ? money(offer.wasPence) : "";
    case "offer.percent":
      return offer?.wasPence ? `${Math.round(((offer.wasPence - offer.pricePence) / offer.wasPence) * 100)}%` : "";
    case "offer.until":
      return offer ? offerEndText(offer) : "";
    case "rating.value":
      return facts.rating ? ratingValueText(facts.rating) : "";
    case "rating.reviews":
      return facts.rating ? ratingReviewsText(facts.rating) : "";
    case "rating.source":
      return facts.rating?.source ?? "";
  }
  const [kind, id, field] = name.split(".") as [string, string, string | undefined];
  if (kind === "package") {
    const pack = facts.packages[id as PackageId];
    if (field === "save") {
      if (pack.wasPence === null || pack.wasPence <= pack.pricePence) return "";
      const saved = pack.wasPence - pack.pricePence;
      return `${money(saved)} (${Math.round((saved / pack.wasPence) * 100)}%)`;
    }
    const pence = field === "was" ? pack.wasPence : pack.pricePence;
    return pence === null ? "" : money(pence);
  }
  return repairBandText(facts.repairs[id as RepairBand]);
}

/** The page's facts are embedded in it as JSON under this id, for the app to read before it hydrates. */
export const FACTS_ELEMENT_ID = "business-facts";

/** "Boiler Service from {service.from}" → "Boiler Service from £75": a route's title or description with its facts. */
export function fillFacts(text: string, facts: BusinessFacts): string {
  return text.replace(/\{([\w.]+)\}/g, (_, name: string) => factText(facts, name as FactName));
}
