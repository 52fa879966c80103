import {
  boilerPackages,
  company,
  coverageAreas,
  coverageTiers,
  delivery,
  emergencyLine,
  enquiryServiceLabels,
  plumbingPriceBands,
  storeBrands,
  storeCategories,
} from "../../../schema/business";
import { type BusinessFacts, offerEndText, openingHoursRows, ratingSentence, repairBandText } from "../../../schema/facts";
import { formatPounds } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";

/**
 * The company's facts as short English sentences, from schema/business.ts and the owner's facts of
 * today (only live offers). The AI's system prompt and the built-in responder both use these, so
 * the two paths can never disagree.
 */

const list = (items: readonly string[], last = "and") =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;

export const hoursText = (f: BusinessFacts) =>
  `Our opening hours: ${openingHoursRows(f)
    .map((o) => `${o.days} ${/^\d/.test(o.hours) ? o.hours : o.hours.toLowerCase()}`)
    .join("; ")}. We also run a ${emergencyLine} on ${f.emergencyPhone}.`;

export const emergencyText = (f: BusinessFacts) =>
  `Call our ${emergencyLine} on ${f.emergencyPhone}: we aim to have a Gas Safe engineer with you within ${company.emergencyResponseHours} hours.`;

const packagePrice = (f: BusinessFacts, p: (typeof boilerPackages)[number]) => f.packages[p.id];

export const boilerPackagesText = (f: BusinessFacts) =>
  `New boiler packages: ${boilerPackages
    .map((p) => {
      const { pricePence, wasPence } = packagePrice(f, p);
      const was = wasPence ? `was ${formatPounds(wasPence)}, ` : "";
      return `${p.name} ${formatPounds(pricePence)} (${was}${p.warrantyYears}-year warranty, ${p.workmanshipYears}-year workmanship guarantee)`;
    })
    .join("; ")}.`;

export const boilerPackagePricesText = (f: BusinessFacts) =>
  `Our new boiler packages are ${list(boilerPackages.map((p) => `${p.name} ${formatPounds(packagePrice(f, p).pricePence)}`))}.`;

/** The service prices, and each live offer (the facts carry only today's). */
export const boilerServiceText = (f: BusinessFacts) =>
  [
    `A one-off boiler service costs ${formatPounds(f.service.oneOffPence)}, and our annual service plan is ${formatPounds(f.service.annualPlanPence)}.`,
    ...f.offers.map(
      (o) =>
        `${o.title}: a boiler service for ${formatPounds(o.pricePence)}${o.wasPence ? ` (normally ${formatPounds(o.wasPence)})` : ""} until ${offerEndText(o)}.`,
    ),
  ].join(" ");

const bands = (items: readonly { label: string; range: string }[]) => items.map((b) => `${b.label} ${b.range}`).join("; ");
export const plumbingPricesText = () => `Plumbing prices: ${bands(plumbingPriceBands)}.`;
export const repairPricesText = (f: BusinessFacts) =>
  `Repair prices: Small repairs ${repairBandText(f.repairs.small)}; Medium repairs ${repairBandText(f.repairs.medium)}; Large projects ${repairBandText(f.repairs.large)}.`;

export const enquiryText = (f: BusinessFacts) =>
  `Quotes are free and we reply within ${company.enquiryResponseHours} hours: use the quote form on our home page or call us on ${f.phone}.`;

export const warrantyText = () =>
  `All our work comes with a ${company.warrantyMonths}-month warranty. New boilers carry a manufacturer warranty of ${list(
    boilerPackages.map((p) => `${p.warrantyYears}`),
    "or",
  )} years depending on the package, and parts from our store come with a manufacturer warranty.`;

export const coverageText = () =>
  `We cover ${list(coverageAreas)}. ${coverageTiers.map((t) => `${t.label}: ${t.areas.join(", ")}`).join(". ")}.`;

export const storeText = () =>
  `Our online parts store at /store sells ${list(storeCategories.filter((c) => c !== "All" && c !== "Other"))}, from brands such as ${list(
    storeBrands.filter((b) => b !== "All"),
  )}.`;

export const deliveryText = () => `${delivery.terms.join(". ")}.`;

export const paymentText = (f: BusinessFacts) =>
  `In our online store you can pay securely by card at checkout, or place an order through the checkout form and we'll contact you to confirm. For payment on installation or repair work, call us on ${f.phone}.`;

export const servicesText = () =>
  `Our services: ${list(Object.values(enquiryServiceLabels))}, plus plumbing, home repairs, advice on gas and electricity tariffs, and boiler parts in our online store.`;

/** Who the firm is; its rating only as the owner entered it, naming the site and the day it was read (none: no rating is claimed). */
export const companyText = (f: BusinessFacts) =>
  `${company.name} is a Gas Safe registered heating, boiler and plumbing company in Greater Manchester (Gas Safe number ${f.gasSafeNumber}) with ${company.yearsExperience} years' experience.${
    f.rating ? ` It is rated ${ratingSentence(f.rating)} (as of ${formatFullDate(f.rating.checkedOn)}).` : ""
  }`;

/** Place names a visitor may type, each with the coverage it gets ("Stretford/Trafford" is two). */
const placeTiers = coverageTiers.flatMap((t) =>
  t.areas.flatMap((area) =>
    area
      .replace(/ centre$/, "")
      .split("/")
      .map((place) => ({ place, label: t.label, tier: t.tier })),
  ),
);

/**
 * The coverage of a place named in the text. Old Trafford falls under Stretford/Trafford; the quote
 * section's areas without a tier (Sale, Altrincham, Urmston) are covered with no tier promised.
 */
export function findPlace(text: string): { place: string; label: string | null } | null {
  const names = [...new Set([...coverageAreas, ...placeTiers.map((p) => p.place)])].sort((a, b) => b.length - a.length);
  // "Greater Manchester" is the whole region, not Manchester centre.
  const cleaned = text.replace(/greater manchester/gi, "");
  for (const name of names) {
    // "Sale" is also an everyday word ("parts for sale"): only the capitalised place name counts.
    const flags = name === "Sale" ? "" : "i";
    if (!new RegExp(`\\b${name}\\b`, flags).test(cleaned)) continue;
    const tier = placeTiers.find((p) => p.place === name) ?? placeTiers.find((p) => name.endsWith(p.place));
    return { place: name, label: tier?.label ?? null };
  }
  return null;
}
