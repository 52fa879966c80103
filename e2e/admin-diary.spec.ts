import type { Slot } from "../schema/api/bookings";
import { expect, test } from "./admin-fixtures";

// The diary per engineer (issue 46) on a phone: the owner blocks a day off in their own diary from
// the engineers' panel, /book stops offering it, and the week still fits the screen.
test("at 390px the owner blocks a day off in an engineer's diary and /book stops offering it", async ({
  adminPage: page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const slots = (await (await request.get("/api/availability?service=annual-service&days=14")).json()) as Slot[];
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(slots.at(-1)!.start));
  const offeredThatDay = async () =>
    ((await (await request.get(`/api/availability?service=annual-service&from=${day}&days=1`)).json()) as Slot[]).length;
  expect(await offeredThatDay()).toBeGreaterThan(0);

  await page.goto("/admin/calendar");
  const panel = page.getByRole("region", { name: "Engineers' hours and blocked times" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("engineer-feed-url")).toContainText("/api/calendar/");
  const block = panel.getByRole("form", { name: /Block .*'s time/ });
  await block.getByLabel("Day", { exact: true }).fill(day);
  await block.getByLabel("Reason", { exact: true }).fill("Training");
  await block.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByText("Time blocked")).toBeVisible();
  const listed = panel
    .getByRole("list", { name: /blocked times/ })
    .getByRole("listitem")
    .filter({ hasText: "Training" });
  await expect(listed).toBeVisible();
  expect(await offeredThatDay()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/admin-diary/diary-390.png", fullPage: true });

  await listed.getByRole("button", { name: "Remove" }).click();
  await expect(listed).toHaveCount(0);
  expect(await offeredThatDay()).toBeGreaterThan(0);
});
