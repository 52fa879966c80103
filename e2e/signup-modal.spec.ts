import type { Page } from "@playwright/test";
import { SIGNUP_CHECK_INBOX } from "../schema/api/signups";
import { signupConsentText } from "../schema/business";
import { settings } from "../schema/settings";
import { expect, test } from "./fixtures";

// The sign-up API limits requests per address; this file gets its own.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.22" } });

const SIGNUP_MODAL_DELAY_MS = settings.signupModal.delayMs;
const dialog = (page: Page) => page.getByRole("dialog", { name: "Save Money on Your Heating Bills!" });

/** Opens `path` on a held clock, once the page has hydrated (its timers are set): time starts from there. */
async function openOnHeldClock(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
}

/** Opens `path` on a held clock and lets the modal's delay pass: the modal is open. */
async function openModal(page: Page, path = "/") {
  await openOnHeldClock(page, path);
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS + 500);
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

test("opens by itself 20 seconds after the page loads, with its content", async ({ page }) => {
  await openOnHeldClock(page, "/service/plumbing");
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS - 1000);
  await expect(dialog(page)).toHaveCount(0);
  await page.clock.runFor(1500);
  await expect(dialog(page)).toBeVisible();
  expect(await page.evaluate<string | null>("sessionStorage.getItem('emailSignupModalShown')")).toBe("true");

  const modal = dialog(page);
  await expect(modal).toContainText("boiler services");
  await expect(modal).toContainText("installation discounts");
  await expect(modal).toContainText("seasonal offers");
  await expect(modal).toContainText("tips");
  await expect(modal.getByText(signupConsentText)).toBeVisible();
  await expect(modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" })).toBeDisabled();
});

test.describe("task pages", () => {
  // The document pages' links are not real ones here: their API answers 404.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("never opens over booking, the cart, checkout, the account or a quote or invoice sent to the customer; opens on the next page after its delay", async ({
    page,
  }) => {
    await page.clock.install();
    for (const path of ["/book", "/cart", "/checkout", "/account", "/quote/not-a-real-link", "/invoice/not-a-real-link"]) {
      await page.goto(path);
      await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
      await page.clock.runFor(SIGNUP_MODAL_DELAY_MS * 2);
      await expect(dialog(page)).toHaveCount(0);
    }
    expect(await page.evaluate<string | null>("sessionStorage.getItem('emailSignupModalShown')")).toBeNull();

    await page.goto("/boiler-pricing");
    await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
    await page.clock.runFor(SIGNUP_MODAL_DELAY_MS + 500);
    await expect(dialog(page)).toBeVisible();
  });
});

test("does not take the keyboard from a visitor typing in a form; opens the full delay after they leave it", async ({ page }) => {
  await openOnHeldClock(page, "/");
  const name = page.locator("#quote-name");
  await name.focus();
  await name.pressSequentially("Ann Example");
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS + 5000);
  await expect(dialog(page)).toHaveCount(0);
  await expect(name).toBeFocused();

  await page.locator("#quote-phone").focus();
  await page.clock.runFor(1000);
  await expect(dialog(page)).toHaveCount(0);

  await page.evaluate("document.activeElement.blur()");
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS - 1000);
  await expect(dialog(page)).toHaveCount(0);
  await page.clock.runFor(1500);
  await expect(dialog(page)).toBeVisible();
});

test("opens at most once per browser session", async ({ page, browser }) => {
  await openModal(page);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);

  await page.reload();
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await page.getByRole("link", { name: "New Boiler" }).first().click();
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS * 2);
  await expect(dialog(page)).toHaveCount(0);

  // A new browser session sees it again.
  const other = await browser.newPage();
  await openModal(other, "/boiler-pricing");
  await other.close();
});

test("scrolling past 30 % of the page opens it before the delay is up", async ({ page }) => {
  await openOnHeldClock(page, "/");
  await page.evaluate("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.35)");
  await expect(dialog(page)).toBeVisible();
});

test("scrolling less than 30 % does not open it early", async ({ page }) => {
  await openOnHeldClock(page, "/");
  await page.evaluate("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.2)");
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS - 2000);
  await expect(dialog(page)).toHaveCount(0);
});

test("is an accessible dialog: focus stays inside, Escape closes it with a fade", async ({ page }) => {
  const modal = await openModal(page);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    await expect(modal.locator(":focus")).toHaveCount(1);
  }
  // The fade is in the app's whole stylesheet, applied once it arrives (lib/deferred-style.ts): on a
  // busy machine it can still be on its way when the dialog opens, and then the dialog goes unfaded.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>("link[data-deferred-style]")].every((l) => l.media === "all"),
      ),
    )
    .toBe(true);
  // Closing fades out over 300 ms. The fade is a CSS animation, which runs on the real clock, not the
  // held one: read it the moment the dialog says it is closing, not after (a busy machine can take
  // the 300 ms between two checks, and the dialog is gone).
  await modal.evaluate((el) => {
    const seen = window as unknown as { closingFade?: string };
    new MutationObserver(() => {
      if (el.getAttribute("data-state") === "closed") seen.closingFade ??= getComputedStyle(el).animationDuration;
    }).observe(el, { attributes: true, attributeFilter: ["data-state"] });
  });
  await page.keyboard.press("Escape");
  await expect.poll(() => page.evaluate(() => (window as unknown as { closingFade?: string }).closingFade)).toBe("0.3s");
  await page.clock.runFor(400);
  await expect(modal).toHaveCount(0);
});

test("while it is open the page behind ignores the pointer; a click outside only closes it", async ({ page }) => {
  await openOnHeldClock(page, "/");
  const quote = page.getByRole("banner").getByRole("link", { name: "Get Quote" }).first();
  const box = await quote.boundingBox();
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS + 500);
  await expect(dialog(page)).toBeVisible();
  // Radix starts listening for a press outside on a zero-delay timer once the dialog is in, and the
  // held clock runs that timer only when told: when the dialog came in after the run above (a busy
  // machine), the press went unheard.
  await page.clock.runFor(50);
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.clock.runFor(400);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test("opening it restyles the dialog, not every element of the page behind it", async ({ page, browser }) => {
  // The store is the largest public page. The clock is held so the timer fires while traced.
  await openOnHeldClock(page, "/store");
  await expect(page.locator(".product-card").first()).toBeVisible();
  const elements = await page.evaluate(() => document.querySelectorAll("*").length);
  await browser.startTracing(page, { categories: ["devtools.timeline"] });
  await page.clock.runFor(SIGNUP_MODAL_DELAY_MS + 500);
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
  const modal = await openModal(page, "/service/boiler-service");
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
    const modal = await openModal(page);
    await modal.getByLabel("Email address").fill("someone@example.com");
    await modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Oops!" })).toContainText("That address can't receive e-mail");
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Email address")).toHaveValue("someone@example.com");
  });

  test("falls back to a generic message when the server says nothing useful", async ({ page }) => {
    await page.route("**/api/email-signups", (route) => route.fulfill({ status: 500, body: "" }));
    const modal = await openModal(page);
    await modal.getByLabel("Email address").fill("someone@example.com");
    const button = modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" });
    await button.click();
    await expect(page.getByRole("alert").filter({ hasText: "Oops!" })).toContainText("Something went wrong. Please try again.");
  });
});
