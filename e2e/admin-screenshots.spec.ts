import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectNoHorizontalScroll, shoot, test } from "./admin-fixtures";

const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

/** Each admin screen once loaded, plus the states worth looking at (form open, campaigns tab). */
const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
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
      await expect(page.frameLocator('iframe[title="E-mail preview"]').getByRole("heading")).toBeVisible();
      await page.locator('iframe[title="E-mail preview"]').scrollIntoViewIfNeeded();
      // Chromium pauses painting of off-screen cross-origin frames until they have been on screen.
      await page.waitForTimeout(1000);
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
      await page.evaluate(async () => {
        // Lazy images below the fold load before the full-page shot.
        const win = globalThis as unknown as {
          scrollTo(x: number, y: number): void;
          document: { body: { scrollHeight: number } };
        };
        win.scrollTo(0, win.document.body.scrollHeight);
        await new Promise((r) => setTimeout(r, 500));
        win.scrollTo(0, 0);
      });
    },
  },
  {
    name: "security",
    path: "/admin/security",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 2, name: /^Recent sign-ins/ })).toBeVisible();
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

for (const size of widths) {
  test.describe(`admin screens at ${size.width}px: no sideways scroll, accessible, screenshot`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("login", async ({ page }) => {
      await page.goto("/admin/login");
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, `admin-login-${size.width}`);
    });

    for (const screen of screens) {
      test(screen.name, async ({ adminPage: page }) => {
        await page.goto(screen.path);
        await screen.ready(page);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await shoot(page, `admin-${screen.name}-${size.width}`);
      });
    }
  });
}
