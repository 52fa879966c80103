import type { APIRequestContext } from "@playwright/test";
import { type BusinessFacts, defaultFacts, phoneHref } from "../schema/facts";
import { formatPounds } from "../schema/format";
import { expect, test } from "./admin-fixtures";
import { saveFacts, storedFacts, ukDay } from "./facts-helpers";
import { checkEach } from "./fixtures";

// The tests change the site's facts one after the other, and put the defaults back after each.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

// Each test starts from the facts as seeded and puts them back, so the run's other suites see them.
let seeded: BusinessFacts;
test.beforeEach(async ({ request }) => {
  seeded = await storedFacts(request);
});
test.afterEach(async ({ request }) => {
  const { phone, emergencyPhone, email, gasSafeNumber, openingHours, offers } = seeded;
  await saveFacts(request, { phone, emergencyPhone, email, gasSafeNumber, openingHours, offers });
});

const html = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
};

test("the owner's new phone number and offer are in the served HTML of the pages and after hydration", async ({
  adminPage: page,
  request,
}) => {
  const phone = "0161 555 0142";
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Business settings" });
  await form.getByLabel("Phone number").fill(phone);
  const offers = form.getByRole("region", { name: "Boiler service offers" });
  // The seeded offer goes; a new one takes its place.
  const remove = offers.getByRole("button", { name: /^Remove / });
  while ((await remove.count()) > 0) await remove.first().click();
  await expect(offers).toContainText("No offers.");
  await offers.getByRole("button", { name: "Add an offer" }).click();
  await offers.getByLabel("Title (the badge)").first().fill("Autumn Saver");
  await offers.getByLabel("Offer price for a boiler service").first().fill("69");
  await offers.getByLabel("Normal price").first().fill("95.00");
  await offers.getByLabel("Starts on").first().fill(ukDay(-1));
  await offers.getByLabel("Ends on (last day)").first().fill(ukDay(10));
  await expect(form.getByRole("status")).toHaveText("Unsaved changes: Phone number, Offers");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toContainText("Phone number, Offers saved");
  await expect(form.getByRole("status")).toHaveText("All changes saved");
  await expect(offers.getByText("On the site now")).toBeVisible();

  // What a crawler and the first paint get: the HTML as served.
  const home = await html(request, "/");
  expect(home).toContain(`<span data-fact="phone">${phone}</span>`);
  expect(home).toContain(`href="${phoneHref(phone)}"`);
  expect(home).not.toContain(defaultFacts.phone);
  expect(home).toContain('<span data-fact="offer.title">Autumn Saver</span>');
  expect(home).toContain('<span data-fact="service.from">£69</span>');
  const service = await html(request, "/service/boiler-service");
  expect(service).toContain("<title>Boiler Service from £69 | Northside Heating &amp; Plumbing</title>");
  expect(service).toContain('<span data-fact="offer.price">£69</span>');
  expect(service).toContain('<span data-fact="offer.was">£95</span>');
  expect(service).toContain(`<span data-fact="phone">${phone}</span>`);

  // And the pages once React has taken over (a mismatch would log a hydration error and fail).
  await page.goto("/");
  await expect(page.getByRole("link", { name: `Call Now: ${phone}` })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: phone, exact: true })).toHaveAttribute("href", phoneHref(phone));
  await expect(page.locator("#services").getByText("Autumn Saver")).toBeVisible();
  await expect(page.locator("#services")).toContainText("From £69");

  await page.goto("/service/boiler-service");
  await expect(page.getByText("Autumn Saver:")).toBeVisible();
  await expect(page.locator(".sale-banner")).toContainText("boiler service £69 (normally £95, save 27%) until");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: phone, exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Boiler Service from £69 | Northside Heating & Plumbing");
  await page.screenshot({ path: "test-results/helper-facts/boiler-service-offer-1280.png" });
});

test("an offer outside its dates shows nowhere, in the HTML or on the page", async ({ adminPage: page, request }) => {
  await saveFacts(request, {
    offers: [
      { title: "Ended Deal", text: "Gone", pricePence: "60", startsAt: ukDay(-40), endsAt: ukDay(-1) },
      { title: "Future Deal", text: "Later", pricePence: "65", startsAt: ukDay(5), endsAt: ukDay(20) },
    ],
  });
  const oneOff = formatPounds(defaultFacts.service.oneOffPence);
  for (const path of ["/", "/service/boiler-service"]) {
    const body = await html(request, path);
    expect(body, path).not.toContain("Ended Deal");
    expect(body, path).not.toContain("Future Deal");
    expect(body, path).not.toContain("data-offer");
  }
  expect(await html(request, "/service/boiler-service")).toContain(`<title>Boiler Service from ${oneOff} |`);

  await page.goto("/service/boiler-service");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".sale-banner")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("Deal");
  await page.goto("/");
  await expect(page.locator("#services")).toContainText(`From ${oneOff}`);
  await expect(page.locator("#services .service-card__tag")).toHaveText(["Save 25%"]);

  // The owner sees why: each offer says where it stands.
  await page.goto("/admin/settings");
  const offers = page.getByRole("region", { name: "Boiler service offers" });
  await expect(offers.getByRole("listitem").filter({ hasText: "Ended: shown nowhere" })).toContainText("Ended Deal");
  await expect(offers.getByRole("listitem").filter({ hasText: "Starts later" })).toContainText("Future Deal");
});

test("a bad value is named beside its field and nothing is sent", async ({ adminPage: page }) => {
  let patched = false;
  page.on("request", (req) => {
    if (req.method() === "PATCH" && req.url().endsWith("/api/admin/settings")) patched = true;
  });
  await page.goto("/admin/settings");
  const gasSafe = page.getByLabel("Registration number");
  await gasSafe.fill("12345");
  const weekdaysCloses = page.getByLabel("Monday to Friday: closes");
  await weekdaysCloses.fill("07:00");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Monday to Friday: closes")).toHaveAccessibleDescription(
    "Closing time must be after opening time",
  );
  await expect(gasSafe).toHaveAccessibleDescription("A Gas Safe registration number has 6 or 7 digits");
  // The first problem on the page gets the focus.
  await expect(weekdaysCloses).toBeFocused();
  expect(patched).toBe(false);
  await gasSafe.fill("1234567");
  await expect(gasSafe).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Undo changes" }).click();
  await expect(gasSafe).toHaveValue(defaultFacts.gasSafeNumber);
});

test("the settings screen at 390 and 1280 px", async ({ adminPage: page }) => {
  await checkEach(
    [390, 1280],
    (width) => `at ${width} px`,
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/settings");
      await expect(page.getByRole("heading", { name: "Business Settings" })).toBeVisible();
      await page.getByRole("button", { name: "Add an offer" }).click();
      await expect(page.getByLabel("Title (the badge)").last()).toBeFocused();
      const overflow = await page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document;
        return root.documentElement.scrollWidth - (globalThis as unknown as { innerWidth: number }).innerWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/helper-facts/admin-settings-${width}.png`, fullPage: true });
    },
  );
});

test("/terms is served with the owner's facts and linked from the footer", async ({ page, request }) => {
  const body = await html(request, "/terms");
  expect(body).toContain(`<span data-fact="gasSafeNumber">${defaultFacts.gasSafeNumber}</span>`);
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Our terms, in plain English" })).toBeVisible();
  const main = page.getByRole("main");
  for (const heading of [
    "Ordering parts online",
    "Changing your mind: 14 days to cancel",
    "Booking a visit online",
    "Complaints",
  ]) {
    await expect(main.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(main).toContainText("up to 24 hours before it starts");
  await expect(main).toContainText("England and Wales");
  await expect(main.getByRole("link", { name: defaultFacts.phone }).first()).toHaveAttribute(
    "href",
    phoneHref(defaultFacts.phone),
  );
  await expect(page).toHaveTitle(/Terms of Service/);
});
