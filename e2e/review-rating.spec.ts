import type { Page } from "@playwright/test";
import type { BusinessFacts } from "../schema/facts";
import { expect, expectAccessible, expectNoHorizontalScroll, shoot, test } from "./admin-fixtures";
import { saveFacts, storedFacts, ukDay } from "./facts-helpers";

// What the site says about reviews stays true (issue 49): the firm's rating is the one the owner
// enters in the settings, with its site and the day it was read, in the home page's first HTML;
// without it the page claims none, with no gap and no shift.

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

// The seeded rating and reviews page go back after each test, for the run's other suites.
let seeded: BusinessFacts;
test.beforeEach(async ({ request }) => {
  seeded = await storedFacts(request);
});
test.afterEach(async ({ request }) => {
  await saveFacts(request, { rating: seeded.rating, reviewUrl: seeded.reviewUrl ?? "" });
});

/** Layout shifts not caused by the visitor (what CLS counts), from the page's start. */
async function watchShifts(page: Page) {
  await page.addInitScript(`
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  `);
}

/** The home page at 390 px, hydrated (the menu answers), and the layout shifts it made. */
async function openHome(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await watchShifts(page);
  await page.goto("/", { waitUntil: "networkidle" });
  await page
    .getByRole("button", { name: /Services|Open menu/ })
    .first()
    .click();
  await expect(page.locator('[aria-expanded="true"]').first()).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate<number>("window.__cls");
}

test("the owner enters the rating with its site and date; the home page gives it as entered, and none once it is cleared", async ({
  adminPage: page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Business settings" });
  const reviews = form.getByRole("region", { name: "Reviews" });
  await reviews.getByLabel("Reviews page address").fill("https://g.page/r/northside/review");
  await reviews.getByLabel("Rating out of 5").fill("5.5");
  await reviews.getByLabel("Number of reviews").fill("212");
  await reviews.getByLabel("Review site").fill("Google");
  await reviews.getByLabel("Checked on").fill(ukDay(-2));
  await form.getByRole("button", { name: "Save settings" }).click();
  // Checked before it is sent, said beside the box.
  await expect(reviews.getByText("The rating is from 1 to 5 with one decimal, for example 4.9")).toBeVisible();
  await expect(reviews.getByLabel("Rating out of 5")).toBeFocused();
  await reviews.getByLabel("Rating out of 5").fill("4.8");
  await expect(form.getByRole("status")).toHaveText("Unsaved changes: Reviews page, Review rating");
  await expectNoHorizontalScroll(page);
  await shoot(page, "settings-rating-390");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toHaveText("All changes saved");

  // In the HTML as served, before any script: the rating, the site named and linked, never "verified".
  const served = await (await request.get("/")).text();
  expect(served).toContain(
    'Rated <span data-fact="rating.value">4.8</span>/5 from <span data-fact="rating.reviews">212 reviews</span> on',
  );
  expect(served).toContain('<a href="https://g.page/r/northside/review" data-fact-href="reviewUrl"');
  expect(served).not.toMatch(/aggregateRating|ratingValue/);

  const home = page;
  const cls = await openHome(home);
  const hero = home.getByRole("region", { name: "Manchester's trusted boiler & plumbing engineers" });
  await expect(hero).toContainText("Rated 4.8/5 from 212 reviews on Google");
  await expect(hero.getByRole("img", { name: "4.8 out of 5 stars" })).toBeVisible();
  await expect(hero.getByRole("link", { name: "Google" })).toHaveAttribute("href", "https://g.page/r/northside/review");
  const trusted = home.getByRole("region", { name: "Vetted, reviewed and trusted by Manchester homeowners" });
  await expect(trusted).toContainText("real customer reviews: 4.8 out of 5 from 212 reviews on Google,");
  await expect(trusted.getByRole("img", { name: "4.8 out of 5 stars" })).toBeVisible();
  await expect(home.getByText(/verified/)).toHaveCount(0);
  expect(cls).toBeLessThan(0.01);
  await expectAccessible(home);

  // Cleared: no rating anywhere, and the page holds together.
  await home.goto("/admin/settings");
  for (const box of ["Rating out of 5", "Number of reviews", "Review site", "Checked on"]) await reviews.getByLabel(box).fill("");
  await expect(form.getByRole("status")).toHaveText("Unsaved changes: Review rating");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toHaveText("All changes saved");
  const bare = await (await request.get("/")).text();
  expect(bare).not.toContain("data-rating");
  expect(bare).not.toContain("Rated ");
  expect(bare.replace(/<!-- -->/g, "")).toContain(
    "Every job is backed by Gas Safe registration and full public liability insurance.",
  );

  expect(await openHome(home)).toBeLessThan(0.01);
  await expect(hero).not.toContainText("Rated");
  await expect(home.getByRole("img", { name: /out of 5 stars/ })).toHaveCount(0);
  const vetted = home.getByRole("region", { name: "Vetted and trusted by Manchester homeowners" });
  await expect(vetted).toContainText("Every job is backed by Gas Safe registration and full public liability insurance.");
  await expect(vetted).not.toContainText("review");
  // The statistics strip states what can be checked: the Gas Safe registration and its number.
  const strip = home.getByRole("region", { name: "Why customers trust us" });
  await expect(strip).toContainText(`Registered No. ${seeded.gasSafeNumber}`);
  await expect(strip).not.toContainText("Satisfaction");
  await expectNoHorizontalScroll(home);
  await shoot(home, "home-no-rating-390");
});
