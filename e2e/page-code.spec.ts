import { expect, test } from "./fixtures";

// A page's code is its own file (/assets/store-<hash>.js). A tab opened before the site was updated
// asks for files the update replaced; a phone without signal cannot fetch them at all.
const STORE_CODE = /\/assets\/store-[\w-]+\.js$/;

test.describe("a page whose code does not arrive", () => {
  test.use({
    allowedConsoleErrors: [/status of 404|dynamically imported module|ERR_FAILED|net::ERR/],
  });

  test("(the site was updated since the tab opened) loads afresh, once, and shows the page", async ({ page }) => {
    await page.goto("/service/plumbing");
    // The old page names a file the update removed (every ask for it fails); the page loaded afresh
    // names the new one.
    let loads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
    });
    let refused = 0;
    await page.route(STORE_CODE, (route) => {
      if (loads > 0) return route.continue();
      refused++;
      return route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Store" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Boiler Parts Store" })).toBeVisible();
    await expect(page).toHaveURL("/store");
    expect(refused).toBeGreaterThan(0);
    expect(loads).toBe(1);
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toHaveCount(0);
  });

  test.describe(() => {
    // Loaded afresh, the prerendered store is hydrated without its code: React says it rendered afresh.
    test.use({ allowedConsoleErrors: [/status of 404|dynamically imported module|ERR_FAILED|net::ERR|React error #418/] });
    test("(no signal) says so, with Reload, rather than blanking the site, and loads it once at most", async ({ page }) => {
      await page.goto("/service/plumbing");
      let asked = 0;
      await page.route(STORE_CODE, (route) => {
        asked++;
        return route.abort("internetdisconnected");
      });
      let loads = 0;
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
      });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Store" }).click();
      // It loads the page afresh once, and then, the code still missing, says so.
      await expect.poll(() => loads).toBe(1);
      const failed = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
      await expect(failed).toBeVisible();
      // The site around it stays: the header and its links.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Store" })).toBeVisible();
      // A second reload would have started with the message's render, and ended this page's scripts.
      expect(await page.evaluate(() => sessionStorage.getItem("pageCodeReloaded"))).toContain('"path":"/store"');
      expect(loads).toBe(1);

      // Reload, with the code back, shows the page.
      await page.unroute(STORE_CODE);
      await failed.getByRole("button", { name: "Reload" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Boiler Parts Store" })).toBeVisible();
      expect(asked).toBeGreaterThan(0);
    });
  });
});
