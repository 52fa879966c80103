import type { Page, Route } from "@playwright/test";
import { expect, expectNoHorizontalScroll, test } from "./admin-fixtures";
import { checkEach } from "./fixtures";

// The back office's sections bar and its More panel, at each width. Logging in is in admin-auth.spec.ts.

/** The sections bar needs no sideways scrolling of its own, and the page none either. */
async function expectNavFits(page: Page) {
  const list = page.getByRole("navigation", { name: "Admin sections" }).getByRole("list").first();
  const { scrollWidth, clientWidth } = await list.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoHorizontalScroll(page);
}

test.describe("admin layout", () => {
  test("navigates between the sections and marks the current one", async ({ adminPage: page }) => {
    await page.goto("/admin/quotes");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    const sections = [
      ["Customers", /\/admin\/customers$/, "Customers"],
      ["Email Subscribers", /\/admin\/email-subscribers$/, "Email Subscribers"],
      ["Products", /\/admin\/products$/, "Product Management"],
      ["Service Records", /\/admin\/service-records$/, "Service Records Management"],
      ["Orders", /\/admin\/orders$/, "Orders"],
      ["Home", /\/admin$/, "Today"],
      ["Enquiries", /\/admin\/quotes$/, "Enquiries"],
    ] as const;
    for (const [link, url, heading] of sections) {
      await nav.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
    }
  });

  test("Back goes back in history, or to the home screen when there is none", async ({ adminPage: page }) => {
    await page.goto("/admin/orders");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("the bar is one row of the daily sections; More holds the rest under headings and names the screen open from it", async ({
      adminPage: page,
    }) => {
      await page.goto("/admin");
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      const bar = nav.getByRole("list").first();
      await expect(bar.getByRole("link")).toHaveText([
        "Home",
        "Enquiries",
        "Customers",
        "Calendar",
        "Service Records",
        "Orders",
        "Products",
        "Email Subscribers",
        "Reminders",
        "Chats",
      ]);
      expect((await nav.boundingBox())!.height).toBeLessThan(60);
      await expectNavFits(page);

      const more = nav.getByRole("button", { name: "More sections" });
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      const panel = page.locator("#admin-more-sections");
      await expect(panel.getByRole("list", { name: "Daily work" }).getByRole("link")).toHaveText([
        "My Day",
        "Jobs",
        "Gas Safety",
      ]);
      await expect(panel.getByRole("list", { name: "Sales" }).getByRole("link")).toHaveText(["Quotes", "Invoices", "Reports"]);
      await expect(panel.getByRole("list", { name: "Customer care" }).getByRole("link")).toHaveText(["Outbox", "Testimonials"]);
      await expect(panel.getByRole("list", { name: "Set-up" }).getByRole("link")).toHaveText([
        "Settings",
        "Security",
        "Team",
        "Who did what",
      ]);
      await panel.getByRole("link", { name: "Security" }).click();
      await expect(page).toHaveURL(/\/admin\/security$/);
      await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
      await expect(panel).toBeHidden();
      // No link in the bar is current; More says which screen is open.
      await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);
      const moreNow = nav.getByRole("button", { name: "More sections, now on Security" });
      // On screen only the name; the first words are for screen readers.
      await expect(moreNow).toHaveText("More sections, now on Security");

      // By keyboard: Enter opens the panel, Tab goes into it, Escape closes it back to the button.
      await moreNow.focus();
      await page.keyboard.press("Enter");
      await expect(panel.getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name: "My Day" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(moreNow).toBeFocused();
      // A click elsewhere closes it too.
      await moreNow.click();
      await expect(panel).toBeVisible();
      await page.getByRole("heading", { level: 1, name: "Security" }).click();
      await expect(panel).toBeHidden();
    });
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the bar is one row of Back, Home, Quotes and Customers; every other section is under More", async ({
      adminPage: page,
    }) => {
      await page.goto("/admin/quotes");
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      const bar = nav.getByRole("list").first();
      await expect(bar.getByRole("link")).toHaveText(["Home", "Enquiries", "Customers"]);
      await expect(bar.getByRole("link", { name: "Enquiries" })).toHaveAttribute("aria-current", "page");
      expect((await nav.boundingBox())!.height).toBeLessThan(60);
      await expectNavFits(page);

      await nav.getByRole("button", { name: "More sections" }).click();
      const panel = page.locator("#admin-more-sections");
      const groups = [
        ["Daily work", ["My Day", "Jobs", "Gas Safety", "Calendar", "Service Records"]],
        ["Customer care", ["Reminders", "Chats", "Outbox", "Testimonials"]],
        ["Sales", ["Orders", "Quotes", "Invoices", "Reports", "Products", "Email Subscribers"]],
        ["Set-up", ["Settings", "Security", "Team", "Who did what"]],
      ] as const;
      for (const [group, links] of groups)
        await expect(panel.getByRole("list", { name: group }).getByRole("link")).toHaveText([...links]);
      // The panel fits the phone's screen.
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expectNoHorizontalScroll(page);

      await panel.getByRole("link", { name: "Email Subscribers" }).click();
      await expect(page).toHaveURL(/\/admin\/email-subscribers$/);
      await expect(page.getByRole("heading", { level: 1, name: "Email Subscribers" })).toBeVisible();
      // On a phone More keeps its word, ringed; screen readers hear the screen's name.
      await expect(nav.getByRole("button", { name: "More sections, now on Email Subscribers" })).toHaveText(
        "More sections, now on Email Subscribers",
      );
      await expectNavFits(page);

      // Back returns to the quotes; the bar marks them again.
      await nav.getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/admin\/quotes$/);
      await expect(bar.getByRole("link", { name: "Enquiries" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("button", { name: "More sections", exact: true })).toBeVisible();
    });
  });

  test("at 768, 1024 and 1199 px the bar holds the daily sections in one row, with a screen under More named on its button", async ({
    adminPage: page,
  }) => {
    await checkEach(
      [768, 1024, 1199],
      (width) => `at ${width} px`,
      async (width) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/admin/email-subscribers");
        const nav = page.getByRole("navigation", { name: "Admin sections" });
        await expect(nav.getByRole("list").first().getByRole("link")).toHaveText([
          "Home",
          "Enquiries",
          "Customers",
          "Calendar",
          "Records",
          "Orders",
        ]);
        await expect(nav.getByRole("button", { name: "More sections, now on Subscribers" })).toBeVisible();
        expect((await nav.boundingBox())!.height).toBeLessThan(60);
        await expectNavFits(page);
      },
    );
  });

  test("the home link leaves the back office", async ({ adminPage: page }) => {
    await page.goto("/admin/quotes");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /View website|Website/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe("the two-step reminder at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    /** The security answer held back until `release`, as on a slow line; `change` alters it. */
    async function holdSecurity(page: Page, change: (body: Record<string, unknown>) => Record<string, unknown> = (b) => b) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/admin/security", async (route: Route) => {
        await held;
        const answer = await route.fetch();
        await route.fulfill({ response: answer, json: change((await answer.json()) as Record<string, unknown>) });
      });
      return release;
    }

    /** Layout shifts not caused by the person (what CLS counts), from now on. */
    async function countShifts(page: Page) {
      await page.evaluate(`(() => {
        window.shiftsSince = performance.now();
        window.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput && e.startTime >= window.shiftsSince) window.shifts += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      })()`);
      return () => page.evaluate<number>("window.shifts");
    }

    test("comes in where room was kept for it: the list's rows do not move", async ({ adminPage: page }) => {
      const release = await holdSecurity(page);
      await page.goto("/admin/customers");
      const row = page.getByRole("list", { name: "Customers" }).getByRole("listitem").first();
      await expect(row).toBeVisible();
      const before = (await row.boundingBox())!;
      const shifts = await countShifts(page);
      release();
      const reminder = page.getByRole("complementary", { name: "Security reminder" });
      await expect(reminder).toBeVisible();
      expect((await row.boundingBox())!.y).toBe(before.y);
      expect(await shifts()).toBe(0);
      // The next screen knows at once: the reminder is there with the screen.
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
      await expect(reminder).toBeVisible();
    });

    test("with two-step sign-in on, the room kept while asking is given back on the next screen", async ({ adminPage: page }) => {
      const release = await holdSecurity(page, (body) => ({ ...body, mfaEnabled: true }));
      await page.goto("/admin/customers");
      const row = page.getByRole("list", { name: "Customers" }).getByRole("listitem").first();
      await expect(row).toBeVisible();
      const before = (await row.boundingBox())!;
      release();
      await expect.poll(() => page.evaluate(() => localStorage.getItem("mfaReminderShown"))).toBe("0");
      await expect(page.getByRole("complementary", { name: "Security reminder" })).toHaveCount(0);
      expect((await row.boundingBox())!.y).toBe(before.y);
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
      await expect(page.locator(".admin-reminder")).toHaveCount(0);
      // Remembered: a reload draws the screen without the room from the start.
      await page.goto("/admin/customers");
      await expect(row).toBeVisible();
      expect((await row.boundingBox())!.y).toBeLessThan(before.y);
    });
  });
});
