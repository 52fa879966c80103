import type { Page } from "@playwright/test";
import { createEnquiry, expect, expectAccessible, expectNoHorizontalScroll, shoot, test, unique } from "./admin-fixtures";
import { expectImagesLoaded } from "./axe";
import { checkEach } from "./fixtures";

const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

/** Each admin screen once loaded, plus the states worth looking at (form open, campaigns tab). */
const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: "home",
    path: "/admin",
    ready: async (page) => {
      await expect(page.getByRole("navigation", { name: "What needs you today" }).getByRole("link")).toHaveCount(8);
    },
  },
  {
    // The sections that do not fit the bar, under More.
    name: "nav-more",
    path: "/admin/customers",
    ready: async (page) => {
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("button", { name: "More sections" }).click();
      await expect(page.locator("#admin-more-sections").getByRole("link").first()).toBeVisible();
    },
  },
  {
    name: "customers",
    path: "/admin/customers",
    ready: async (page) => {
      await expect(page.getByRole("list", { name: "Customers" }).getByRole("link").first()).toBeVisible();
    },
  },
  {
    // Seeded customer 1 has service records, quotes and orders: a full page and timeline.
    name: "customer",
    path: "/admin/customers/1",
    ready: async (page) => {
      await expect(page.getByRole("list", { name: "Timeline, newest first" }).getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "customer-edit",
    path: "/admin/customers/1",
    ready: async (page) => {
      await page.getByRole("button", { name: "Edit Details" }).click();
      await expect(page.getByLabel("First name")).toBeVisible();
    },
  },
  {
    name: "quotes-reply-all",
    path: "/admin/quotes",
    ready: async (page) => {
      // Someone waiting for a reply, whatever the tests before have answered.
      await createEnquiry(page.request, unique("Waiting Reply"));
      await page.getByRole("button", { name: "Reply to All Pending" }).click();
      await expect(page.getByRole("dialog", { name: "Reply to All Pending" }).getByRole("listitem").first()).toBeVisible();
    },
  },
  {
    name: "quotes-book-visit",
    path: "/admin/quotes?state=all",
    ready: async (page) => {
      await page.getByRole("tabpanel").getByRole("article").first().getByRole("button", { name: "Book Visit" }).click();
      await expect(page.getByRole("dialog", { name: "Add Service Record" })).toBeVisible();
    },
  },
  {
    name: "service-record-form",
    path: "/admin/service-records",
    ready: async (page) => {
      await page.getByRole("button", { name: "Add Record" }).click();
      const form = page.getByRole("dialog", { name: "Add Service Record" });
      await form.getByLabel("Find a customer").fill("0161");
      await expect(form.locator(".admin-pick").first()).toBeVisible();
    },
  },
  {
    name: "quotes",
    path: "/admin/quotes",
    ready: async (page) => {
      await page.getByRole("tab", { name: /^All/ }).click();
      await expect(page.getByRole("tabpanel").getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "subscribers",
    path: "/admin/email-subscribers",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: /^Active subscribers/ })).toBeVisible();
      await page.locator(".admin-row").first().getByRole("checkbox").click();
    },
  },
  {
    name: "campaigns",
    path: "/admin/email-subscribers",
    ready: async (page) => {
      await page.getByRole("tab", { name: "Campaigns" }).click();
      await page.getByRole("button", { name: /^Use template: Winter Service Offer/ }).click();
      // The server renders the preview once the draft settles; on a loaded machine that can outlast the default wait.
      await expect(page.frameLocator('iframe[title="E-mail preview"]').getByRole("heading")).toBeVisible({ timeout: 20_000 });
      await page.locator('iframe[title="E-mail preview"]').scrollIntoViewIfNeeded();
      // Chromium pauses painting of off-screen cross-origin frames until they have been on screen:
      // the preview is in view, and two frames have been drawn since.
      await expect(page.locator('iframe[title="E-mail preview"]')).toBeInViewport();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: test.info().outputPath(`admin-campaign-preview-${page.viewportSize()?.width}.png`) });
    },
  },
  {
    name: "service-records",
    path: "/admin/service-records",
    ready: async (page) => {
      await expect(page.getByRole("tabpanel").getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "products",
    path: "/admin/products",
    ready: async (page) => {
      await expect(page.locator(".admin-product").first()).toBeVisible();
      await page.getByRole("button", { name: "Add Product" }).click();
      // Lazy images below the fold load before the full-page shot.
      await page.evaluate("scrollTo(0, document.body.scrollHeight)");
      await expectImagesLoaded(page);
      await page.evaluate("scrollTo(0, 0)");
    },
  },
  {
    name: "security",
    path: "/admin/security",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 2, name: "Sign-ins" })).toBeVisible();
    },
  },
  {
    name: "orders",
    path: "/admin/orders",
    ready: async (page) => {
      await page.getByRole("tab", { name: /^All/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    },
  },
];

test("the login screen at 1280 and 390 px: no sideways scroll, accessible, screenshot", async ({ page }) => {
  await checkEach(
    widths,
    (size) => `login at ${size.width}px`,
    async (size) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto("/admin/login");
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, `admin-login-${size.width}`);
    },
  );
});

// One signed-in page per width opens every screen in turn (a warm cache makes each load after the
// first cheap); each screen is its own step, and a failing one is named without stopping the others.
for (const size of widths) {
  test(`admin screens at ${size.width}px: no sideways scroll, accessible, screenshot`, async ({ adminPage: page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await checkEach(
      screens,
      (screen) => `${screen.name} at ${size.width}px`,
      async (screen) => {
        await page.goto(screen.path);
        await screen.ready(page);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await shoot(page, `admin-${screen.name}-${size.width}`);
      },
      // The campaign preview alone may take 20 s on a loaded machine.
      30_000,
    );
  });
}
