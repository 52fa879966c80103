import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { AdminCustomer } from "../schema/api/customers";
import { londonToday } from "../schema/london-time";
import { formatDate } from "../schema/london-time-text";
import { bearer, expect } from "./admin-fixtures";

/** The two widths the owner works at: the office screen and a phone. */
export const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** A date as the back office writes it everywhere ("23 Nov 2026"). */
export const serviceDateText = (isoDate: string) => formatDate(isoDate);

/** Today in the UK as yyyy-mm-dd, the service record form's default date. */
export const todayInUk = () => londonToday();

/** The same calendar day a year on (what completing an annual visit sets). */
export function yearOn(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Picks an option of a Radix select found by its label. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A phone number of Ofcom's drama range nobody else in the test data has, with its digits. */
export function uniquePhone() {
  const digits = `07700900${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return { phone: `${digits.slice(0, 5)} ${digits.slice(5)}`, digits };
}

/** A customer added through the admin API. */
export async function addCustomer(
  request: APIRequestContext,
  token: string,
  fields: { firstName: string; lastName: string; email: string; phone?: string; postcode?: string },
): Promise<AdminCustomer> {
  const res = await request.post("/api/admin/customers", { headers: bearer(token), data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AdminCustomer;
}
