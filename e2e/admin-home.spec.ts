import type { AdminSummary } from "../schema/api/home";
import { adminGet, createEnquiry, expect, expectNoHorizontalScroll, test, unique } from "./admin-fixtures";
import { addCustomer, uniquePhone, widths } from "./workbench-helpers";

/** Each tile, the summary count it shows, where it leads, and what shows there. */
const tiles: [label: string, key: keyof AdminSummary, url: RegExp, heading: string][] = [
  ["New enquiries", "newEnquiries", /\/admin\/quotes\?state=new$/, "Enquiries"],
  ["Orders to confirm", "ordersToConfirm", /\/admin\/orders\?status=new$/, "Orders"],
  ["Orders to dispatch", "ordersToDispatch", /\/admin\/orders\?status=confirmed$/, "Orders"],
  ["Visits this week", "visitsThisWeek", /\/admin\/calendar$/, "Calendar"],
  ["Service reminders due", "remindersDue", /\/admin\/reminders$/, "Reminders"],
  ["Low-stock products", "lowStockProducts", /\/admin\/products\?lowStock=1$/, "Product Management"],
  ["Failed campaign sends", "failedCampaignSends", /\/admin\/email-subscribers\?tab=campaigns$/, "Email Subscribers"],
];

for (const size of widths) {
  test.describe(`home screen at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("shows today's counts, and each tile leads to its list", async ({ adminPage: page, adminToken, request }) => {
      await createEnquiry(request, unique("Home Count"));
      const summary = await adminGet<AdminSummary>(request, adminToken, "/api/admin/summary");
      expect(summary.newEnquiries).toBeGreaterThan(0);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
      await expect(page).toHaveTitle(/^Back Office \|/);
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      const counts = page.getByRole("navigation", { name: "What needs you today" });
      for (const [label, key] of tiles) {
        await expect(counts.getByRole("link", { name: new RegExp(`^${label}`) }).locator(".admin-tile-value")).toHaveText(
          String(summary[key]),
        );
      }

      for (const [label, , url, heading] of tiles) {
        await counts.getByRole("link", { name: new RegExp(`^${label}`) }).click();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Back by the header's Home link: history.back() after the calendar's lazy chunk could wait for a load that never comes.
        await nav.getByRole("link", { name: "Home" }).click();
        await expect(counts).toBeVisible();
      }

      // The tiles' filters are the lists' own: the new quotes tab, this week's diary, the campaigns.
      await counts.getByRole("link", { name: /^New enquiries/ }).click();
      await expect(page.getByRole("tab", { name: /^New/ })).toHaveAttribute("aria-selected", "true");
      await nav.getByRole("link", { name: "Home" }).click();
      await counts.getByRole("link", { name: /^Failed campaign sends/ }).click();
      await expect(page.getByRole("tab", { name: "Campaigns" })).toHaveAttribute("aria-selected", "true");
    });

    test("the search on the home screen finds a customer by part of their phone number", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const last = unique("Homefind");
      const { phone, digits } = uniquePhone();
      await addCustomer(request, adminToken, {
        firstName: "Nadia",
        lastName: last,
        email: `${last.toLowerCase()}@example.com`,
        phone,
      });
      await page.goto("/admin");
      const search = page.getByRole("search", { name: "Find a customer" });
      await search.getByRole("searchbox", { name: "Find a customer" }).fill(digits.slice(-5));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/admin/customers\\?q=${digits.slice(-5)}$`));
      await expect(page.getByRole("searchbox", { name: "Search customers" })).toHaveValue(digits.slice(-5));
      await expect(page.getByRole("list", { name: "Customers" }).getByRole("link", { name: new RegExp(last) })).toContainText(
        phone,
      );
      await expectNoHorizontalScroll(page);
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    });
  });
}
