import { seriousViolations } from "./axe";
import { checkEach, expect, test } from "./fixtures";
import { scrollToOpenSignupModal } from "./shop-helpers";

const pages = [
  "/",
  "/boiler-pricing",
  "/service/boiler-service",
  "/service/plumbing",
  "/service/repairs",
  "/service/gas-electricity",
  "/privacy",
  "/terms",
  "/review-policy",
  "/confirm-subscription?token=e2e-not-a-real-token",
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

// One page per width loads every page in turn (a warm cache makes each load after the first cheap);
// each page is its own step, and a failing one is named without stopping the others.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("every public page has no serious or critical accessibility violations", async ({ page }) => {
      await checkEach(
        pages,
        (path) => `${path} at ${width} px`,
        async (path) => {
          await page.goto(path, { waitUntil: "networkidle" });
          expect(await seriousViolations(page)).toEqual([]);
        },
      );
    });
  });
}

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("the 404 page has no serious or critical accessibility violations at 1280 and 390 px", async ({ page }) => {
    await checkEach(
      [1280, 390],
      (width) => `the 404 page at ${width} px`,
      async (width) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/no/such/page", { waitUntil: "networkidle" });
        await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`pub-404-${width}.png`), fullPage: true });
      },
    );
  });
});

test("the open mobile menu has no serious or critical accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Services" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("pub-mobile-menu-390.png") });
});

test("the open services dropdown has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Services" }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the gallery viewer has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  await page
    .getByRole("button", { name: /^View larger:/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("pub-gallery-viewer-1280.png") });
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the sign-up modal has no serious or critical accessibility violations", async ({ page }) => {
    await page.addInitScript("sessionStorage.removeItem('emailSignupModalShown')");
    await page.goto("/");
    await scrollToOpenSignupModal(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("pub-signup-modal-390.png") });
  });
});

test("the quote form's field errors have no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/#quote", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Please enter your name");
  expect(await seriousViolations(page)).toEqual([]);
});
