import type { APIRequestContext } from "@playwright/test";
import type { BusinessFactsPatch, BusinessSettings } from "../schema/api/settings";
import type { BusinessFacts } from "../schema/facts";
import { adminGet, bearer, expect, loginToken } from "./admin-fixtures";

const DAY = 86_400_000;

/** A UK day relative to today ("2026-11-23"), as the date inputs and the API write it. */
export const ukDay = (offset: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + offset * DAY));

/** The owner's facts as stored now. */
export async function storedFacts(request: APIRequestContext): Promise<BusinessFacts> {
  return (await adminGet<BusinessSettings>(request, await loginToken(request), "/api/admin/settings")).facts;
}

/** Saves some of the owner's facts through the API, as the settings screen does. */
export async function saveFacts(request: APIRequestContext, patch: BusinessFactsPatch) {
  const res = await request.patch("/api/admin/settings", { headers: bearer(await loginToken(request)), data: patch });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Changes some facts for one test and returns how to put back the ones it changed, so the other
 * suites of the run see the seeded values.
 */
export async function changeFacts(request: APIRequestContext, patch: BusinessFactsPatch): Promise<() => Promise<void>> {
  const before = await storedFacts(request);
  await saveFacts(request, patch);
  const keys = Object.keys(patch) as (keyof BusinessFacts)[];
  return () => saveFacts(request, Object.fromEntries(keys.map((key) => [key, before[key]])) as BusinessFactsPatch);
}

/** A boiler-service offer that is live today. */
export const liveOffer = {
  title: "Summer Sale",
  text: "Get your boiler serviced before the winter rush",
  pricePence: 7500,
  wasPence: 10000,
  startsAt: ukDay(-1),
  endsAt: ukDay(30),
};
