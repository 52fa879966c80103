import { SIGNUP_CHECK_INBOX } from "../schema/api/signups";
import { signupConsentText } from "../schema/business";
import { expect, test } from "./fixtures";

// The sign-up API limits requests per address; this file gets its own.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.22" } });

const dialog = (page: import("@playwright/test").Page) => page.getByRole("dialog", { name: "Save Money on Your Heating Bills!" });

test("opens by itself 3 seconds after the page loads, with its content", async ({ page }) => {
  await page.goto("/service/plumbing");
  const opened = Date.now();
  await page.waitForTimeout(2200);
  await expect(dialog(page)).toHaveCount(0);
  await expect(dialog(page)).toBeVisible({ timeout: 3000 });
  expect(Date.now() - opened).toBeGreaterThanOrEqual(2900);
  expect(await page.evaluate<string | null>("sessionStorage.getItem('emailSignupModalShown')")).toBe("true");

  const modal = dialog(page);
  await expect(modal).toContainText("boiler services");
  await expect(modal).toContainText("installation discounts");
  await expect(modal).toContainText("seasonal offers");
  await expect(modal).toContainText("tips");
  await expect(modal.getByText(signupConsentText)).toBeVisible();
  await expect(modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" })).toBeDisabled();
});

test("waits on a task page: not over the booking form, then 3 seconds into the next page", async ({ page }) => {
  await page.goto("/book");
  await page.waitForTimeout(3600);
  await expect(dialog(page)).toHaveCount(0);
  expect(await page.evaluate<string | null>("sessionStorage.getItem('emailSignupModalShown')")).toBeNull();

  await page.goto("/checkout");
  await page.waitForTimeout(3600);
  await expect(dialog(page)).toHaveCount(0);

  await page.goto("/boiler-pricing");
  await expect(dialog(page)).toBeVisible({ timeout: 5000 });
});

test("does not take the keyboard from a visitor typing in a form; opens 3 seconds after they leave it", async ({ page }) => {
  await page.goto("/");
  const name = page.locator("#quote-name");
  await name.focus();
  await name.pressSequentially("Ann Example", { delay: 50 });
  await page.waitForTimeout(3600);
  await expect(dialog(page)).toHaveCount(0);
  await expect(name).toBeFocused();

  await page.locator("#quote-phone").focus();
  await page.waitForTimeout(1000);
  await expect(dialog(page)).toHaveCount(0);

  await page.evaluate("document.activeElement.blur()");
  const left = Date.now();
  await expect(dialog(page)).toBeVisible({ timeout: 5000 });
  expect(Date.now() - left).toBeGreaterThanOrEqual(2500);
});

test("opens at most once per browser session", async ({ page, browser }) => {
  await page.goto("/");
  await expect(dialog(page)).toBeVisible({ timeout: 5000 });
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);

  await page.reload();
  await page.getByRole("link", { name: "New Boiler" }).first().click();
  await page.waitForTimeout(3600);
  await expect(dialog(page)).toHaveCount(0);

  // A new browser session sees it again.
  const other = await browser.newPage();
  await other.goto("/boiler-pricing");
  await expect(dialog(other)).toBeVisible({ timeout: 5000 });
  await other.close();
});

test("scrolling past 30 % of the page opens it before the 3 seconds are up", async ({ page }) => {
  await page.goto("/");
  const opened = Date.now();
  await page.evaluate("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.35)");
  await expect(dialog(page)).toBeVisible({ timeout: 2000 });
  expect(Date.now() - opened).toBeLessThan(2500);
});

test("scrolling less than 30 % does not open it early", async ({ page }) => {
  await page.goto("/");
  await page.evaluate("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.2)");
  await page.waitForTimeout(1500);
  await expect(dialog(page)).toHaveCount(0);
});

test("is an accessible dialog: focus stays inside, Escape closes it with a fade", async ({ page }) => {
  await page.goto("/");
  const modal = dialog(page);
  await expect(modal).toBeVisible({ timeout: 5000 });
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    await expect(modal.locator(":focus")).toHaveCount(1);
  }
  await page.keyboard.press("Escape");
  // Closing fades out over 300 ms.
  await expect(modal).toHaveAttribute("data-state", "closed");
  await expect(modal).toHaveCSS("animation-duration", "0.3s");
  await expect(modal).toHaveCount(0);
});

test("while it is open the page behind ignores the pointer; a click outside only closes it", async ({ page }) => {
  await page.goto("/");
  const quote = page.getByRole("banner").getByRole("link", { name: "Get Quote" }).first();
  const box = await quote.boundingBox();
  await expect(dialog(page)).toBeVisible({ timeout: 5000 });
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test("opening it restyles the dialog, not every element of the page behind it", async ({ page, browser }) => {
  // The store is the largest public page. The clock is held so the 3 s timer fires while traced.
  await page.clock.install();
  await page.goto("/store");
  await expect(page.locator(".product-card").first()).toBeVisible();
  const elements = await page.evaluate(() => document.querySelectorAll("*").length);
  await browser.startTracing(page, { categories: ["devtools.timeline"] });
  await page.clock.runFor(3500);
  await expect(dialog(page)).toBeVisible();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string; args?: { elementCount?: number } }[];
  };
  const restyled = traceEvents
    .filter((e) => e.name === "UpdateLayoutTree" && e.args?.elementCount)
    .map((e) => e.args!.elementCount!);
  expect(restyled.length).toBeGreaterThan(0);
  // Radix locks scrolling and disables the pointer on <body>; site.css and styles.css keep those
  // changes from cascading into the page (without them one recalculation covers all its elements).
  expect(Math.max(...restyled)).toBeLessThan(elements / 2);
});

test("signs the visitor up, tells them to check their inbox, clears the field and closes", async ({ page }) => {
  let body: unknown;
  await page.route("**/api/email-signups", async (route) => {
    body = route.request().postDataJSON();
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto("/service/boiler-service");
  const modal = dialog(page);
  await expect(modal).toBeVisible({ timeout: 5000 });
  const email = modal.getByLabel("Email address");
  const button = modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" });

  await email.fill("not-an-address");
  await button.click();
  await expect(modal.getByRole("alert")).toHaveText("Please enter a valid email address.");
  expect(body).toBeUndefined();

  const address = `deals-${Date.now()}@example.com`;
  await email.fill(address);
  await button.click();
  await expect(modal.getByRole("button", { name: "SIGNING UP..." })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toContainText(SIGNUP_CHECK_INBOX);
  await expect(modal).toHaveCount(0);
  expect(body).toEqual({ email: address, source: "/service/boiler-service" });
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of (400|500)/] });

  test("shows the server's message when the sign-up is refused", async ({ page }) => {
    await page.route("**/api/email-signups", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: "That address can't receive e-mail", code: "VALIDATION_FAILED", requestId: "r1" }),
      }),
    );
    await page.goto("/");
    const modal = dialog(page);
    await expect(modal).toBeVisible({ timeout: 5000 });
    await modal.getByLabel("Email address").fill("someone@example.com");
    await modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Oops!" })).toContainText("That address can't receive e-mail");
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Email address")).toHaveValue("someone@example.com");
  });

  test("falls back to a generic message when the server says nothing useful", async ({ page }) => {
    await page.route("**/api/email-signups", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/");
    const modal = dialog(page);
    await expect(modal).toBeVisible({ timeout: 5000 });
    await modal.getByLabel("Email address").fill("someone@example.com");
    const button = modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" });
    await button.click();
    await expect(page.getByRole("alert").filter({ hasText: "Oops!" })).toContainText("Something went wrong. Please try again.");
  });
});
