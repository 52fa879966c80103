import { adminRoutes } from "../schema/admin-routes";
import { FACTS_ELEMENT_ID, fillFacts } from "../schema/facts";
import { publicRoutes } from "../schema/routes";
import { checkEach, expect, test } from "./fixtures";

test.describe("every route renders", () => {
  // One page loads every route in turn (a warm cache makes each load after the first cheap); each
  // route is its own step, and a failing one is named without stopping the others.
  test("every public page answers 200 with its own title", async ({ page }) => {
    await checkEach(
      publicRoutes,
      (route) => `public page ${route.path}`,
      async (route) => {
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        const facts = JSON.parse((await page.locator(`#${FACTS_ELEMENT_ID}`).textContent()) ?? "");
        await expect(page).toHaveTitle(new RegExp(fillFacts(route.title, facts).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
        await expect(page.locator("main")).toBeVisible();
      },
    );
  });

  test("every admin shell is served and marked noindex", async ({ page }) => {
    await checkEach(
      adminRoutes,
      (route) => `admin shell ${route.path}`,
      async (route) => {
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        // The shell's own title as served (the app sets it again once it runs).
        expect(await response?.text()).toContain(`<title>${route.title} | Northside Heating &amp; Plumbing</title>`);
      },
    );
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test("an unknown path answers HTTP 404 with the 404 page", async ({ page }) => {
      const response = await page.goto("/this/does/not/exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    });

    test("an unknown back-office address shows the back office's own 404, with no hydration error", async ({ page }) => {
      const response = await page.goto("/admin/nope");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("There is no admin screen at this address.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(1);
      // The public page it arrived as is gone: no site header or footer around the back office's page.
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });
  });

  test("the API serves the seeded catalogue", async ({ request }) => {
    const res = await request.get("/api/products");
    expect(res.status()).toBe(200);
    const products = (await res.json()) as unknown[];
    expect(Array.isArray(products)).toBe(true);
  });
});
