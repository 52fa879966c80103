import type { BusinessFactsPatch } from "../../../../schema/api/settings";
import {
  type BusinessFacts,
  type DayHours,
  type OpeningHours,
  type PackageId,
  packageIds,
  type RepairBand,
  repairBands,
} from "../../../../schema/facts";
import { penceToDecimal } from "../../../../schema/format";
import { addDays, londonToday } from "../../../../schema/london-time";
import { changedFields } from "../../../lib/use-form";

/** One day's row of the form: open or closed, and the times kept while closed so re-opening restores them. */
export type DayState = { open: boolean; opens: string; closes: string };

/** An offer as typed. `key` tells rows apart on screen; `id` is the stored offer's, absent for a new one. */
export type OfferState = {
  key: string;
  id?: string;
  title: string;
  text: string;
  pricePence: string;
  wasPence: string;
  startsAt: string;
  endsAt: string;
};

/**
 * The settings form as typed: every price is text until it is sent (the schema reads "£1,899",
 * "85.00"). Its paths are the API's ("packages.basic.pricePence"), so the schema's and the server's
 * problems land beside the same fields.
 */
export type SettingsForm = {
  phone: string;
  emergencyPhone: string;
  email: string;
  address: BusinessFacts["address"];
  gasSafeNumber: string;
  openingHours: Record<keyof OpeningHours, DayState>;
  packages: Record<PackageId, { pricePence: string; wasPence: string }>;
  service: { oneOffPence: string; annualPlanPence: string };
  repairs: Record<RepairBand, { fromPence: string; toPence: string }>;
  offers: OfferState[];
  reviewUrl: string;
  /** All empty: no rating claimed. */
  rating: { value: string; count: string; source: string; checkedOn: string; verified: boolean };
};

/** The groups the API saves whole (the top-level keys of the facts), in the order of the form. */
export type Group = keyof BusinessFacts;
export const groupLabels: Record<Group, string> = {
  phone: "Phone number",
  emergencyPhone: "Emergency number",
  email: "E-mail",
  address: "Address",
  openingHours: "Opening hours",
  gasSafeNumber: "Gas Safe number",
  service: "Service prices",
  packages: "Boiler packages",
  repairs: "Repair prices",
  offers: "Offers",
  reviewUrl: "Reviews page",
  rating: "Review rating",
};
const groups = Object.keys(groupLabels) as Group[];

const money = (pence: number | null) => (pence === null ? "" : penceToDecimal(pence));
const day = (hours: DayHours, fallback: { opens: string; closes: string }): DayState =>
  hours ? { open: true, ...hours } : { open: false, ...fallback };

let offerKeys = 0;
export const newOfferKey = () => `offer-${++offerKeys}`;

/** The form filled in from the stored facts. */
export function formFrom(facts: BusinessFacts): SettingsForm {
  return {
    phone: facts.phone,
    emergencyPhone: facts.emergencyPhone,
    email: facts.email,
    address: { ...facts.address },
    gasSafeNumber: facts.gasSafeNumber,
    openingHours: {
      weekdays: day(facts.openingHours.weekdays, { opens: "08:00", closes: "18:00" }),
      saturday: day(facts.openingHours.saturday, { opens: "08:00", closes: "16:00" }),
      sunday: day(facts.openingHours.sunday, { opens: "10:00", closes: "14:00" }),
    },
    packages: Object.fromEntries(
      packageIds.map((id) => [
        id,
        { pricePence: money(facts.packages[id].pricePence), wasPence: money(facts.packages[id].wasPence) },
      ]),
    ) as SettingsForm["packages"],
    service: { oneOffPence: money(facts.service.oneOffPence), annualPlanPence: money(facts.service.annualPlanPence) },
    repairs: Object.fromEntries(
      repairBands.map((band) => [
        band,
        { fromPence: money(facts.repairs[band].fromPence), toPence: money(facts.repairs[band].toPence) },
      ]),
    ) as SettingsForm["repairs"],
    offers: facts.offers.map((offer) => ({
      key: newOfferKey(),
      id: offer.id,
      title: offer.title,
      text: offer.text,
      pricePence: money(offer.pricePence),
      wasPence: money(offer.wasPence),
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
    })),
    reviewUrl: facts.reviewUrl ?? "",
    rating: facts.rating
      ? {
          value: facts.rating.value.toFixed(1),
          count: String(facts.rating.count),
          source: facts.rating.source,
          checkedOn: facts.rating.checkedOn,
          verified: facts.rating.verified,
        }
      : { value: "", count: "", source: "", checkedOn: "", verified: false },
  };
}

/** The rating as the API takes it: null when its boxes are all empty (the pages then claim none). */
function ratingInput(rating: SettingsForm["rating"]): Required<BusinessFactsPatch>["rating"] {
  const { verified, ...typed } = rating;
  return Object.values(typed).every((v) => v.trim() === "") ? null : { ...typed, verified };
}

/** A new offer: from today for a month. */
export function blankOffer(now = Date.now()): OfferState {
  return {
    key: newOfferKey(),
    title: "",
    text: "",
    pricePence: "",
    wasPence: "",
    startsAt: londonToday(now),
    endsAt: addDays(londonToday(now), 30),
  };
}

/** Every group as the API takes it (prices as typed; the schema turns them into pence). */
export function settingsInput(form: SettingsForm): Required<BusinessFactsPatch> {
  const hours = (d: DayState) => (d.open ? { opens: d.opens, closes: d.closes } : null);
  return {
    phone: form.phone,
    emergencyPhone: form.emergencyPhone,
    email: form.email.trim(),
    address: form.address,
    gasSafeNumber: form.gasSafeNumber,
    openingHours: {
      weekdays: hours(form.openingHours.weekdays),
      saturday: hours(form.openingHours.saturday),
      sunday: hours(form.openingHours.sunday),
    },
    packages: form.packages,
    service: form.service,
    repairs: form.repairs,
    offers: form.offers.map(({ key: _key, id, ...offer }) => ({ ...(id ? { id } : {}), ...offer })),
    reviewUrl: form.reviewUrl,
    rating: ratingInput(form.rating),
  };
}

/** The groups whose values differ from the stored ones: only these are sent. */
export function changedGroups(initial: SettingsForm, form: SettingsForm): Partial<BusinessFactsPatch> {
  const before = settingsInput(initial);
  const after = settingsInput(form);
  return changedFields(before, after, groups) as Partial<BusinessFactsPatch>;
}

/** Where an offer stands today: on the pages now, waiting for its start, or over. */
export function offerStatus(offer: { startsAt: string; endsAt: string }, now = Date.now()): "live" | "scheduled" | "ended" {
  const today = londonToday(now);
  if (offer.endsAt < today) return "ended";
  if (offer.startsAt > today) return "scheduled";
  return "live";
}

/** The form with the value at a dotted path ("offers.1.title") replaced: a new object along the path. */
export function setAt<T>(value: T, path: string[], next: unknown): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = setAt(copy[Number(head)], rest, next);
    return copy as T;
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, next) } as T;
}

/** The value at a dotted path. */
export function getAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
}

/** The API keeps up to this many offers (schema/api/settings.ts). */
export const MAX_OFFERS = 10;
