import type { AdminCalendar, Slot } from "../schema/api/bookings";
import { adminGet, bearer, expect, test, unique } from "./admin-fixtures";

// Bookings are rate-limited per address: this file books from its own.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.231" } });

const londonDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}px the owner sees an online booking in its week`, async ({ adminPage: page, request }) => {
    await page.setViewportSize(size);
    const slots = (await (await request.get("/api/availability?service=annual-service&days=14")).json()) as Slot[];
    const slot = slots.at(-1)!;
    const name = `Week ${unique("viewer")}`;
    const created = await request.post("/api/bookings", {
      data: {
        service: "annual-service",
        start: slot.start,
        name,
        email: `${unique("week")}@example.com`,
        phone: "0161 496 0555",
        postcode: "M32 0ZZ",
        address: "3 Week Street, Stretford",
      },
    });
    expect(created.status()).toBe(201);
    const { reference } = (await created.json()) as { reference: string };
    await page.goto(`/admin/calendar?week=${londonDate(slot.start)}`);
    const entry = page.locator(".calendar-entry").filter({ hasText: reference });
    await expect(entry).toBeVisible();
    await expect(entry.getByRole("link", { name: "Annual Boiler Service" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/admin-calendar/week-${size.width}.png`, fullPage: true });

    // The entry opens its own service record, and closing it leaves the plain list.
    await entry.getByRole("link", { name: "Annual Boiler Service" }).click();
    const editor = page.getByRole("dialog", { name: "Edit Service Record" });
    await expect(editor).toBeVisible();
    await expect(editor).toContainText(name);
    await page.keyboard.press("Escape");
    await expect(editor).toHaveCount(0);
    await expect(page).not.toHaveURL(/record=/);
  });
}

test("hours saved in the form change the free times, and a rotated feed address retires the old one", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const before = await adminGet<AdminCalendar>(request, adminToken, "/api/admin/calendar");
  try {
    await page.goto("/admin/calendar");
    await expect(page.getByRole("heading", { name: "Availability for online booking" })).toBeVisible();
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      await page.getByRole("checkbox", { name: day }).check();
      await page.getByLabel(`${day} opens`).fill("10:00");
      await page.getByLabel(`${day} closes`).fill("12:00");
    }
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved")).toBeVisible();
    const slots = (await (await request.get("/api/availability?service=annual-service&days=14")).json()) as Slot[];
    for (const slot of slots) {
      const time = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }).format(
        new Date(slot.start),
      );
      expect(time >= "10:00" && time < "12:00", time).toBe(true);
    }

    // An end before the start is named beside the day.
    await page.getByLabel("Monday closes").fill("09:00");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("The day must end after it starts")).toBeVisible();

    const oldUrl = (await page.getByTestId("feed-url").textContent())!.trim();
    const oldPath = new URL(oldUrl).pathname;
    expect((await request.get(oldPath)).status()).toBe(200);
    await page.getByRole("button", { name: "Rotate link" }).click();
    await page.getByRole("button", { name: "Make a new address" }).click();
    await expect(page.getByTestId("feed-url")).not.toHaveText(oldUrl);
    expect((await request.get(oldPath)).status()).toBe(404);
  } finally {
    await request.patch("/api/admin/calendar", { headers: bearer(adminToken), data: { hours: before.settings.hours } });
  }
});
