import type { Page, Route } from "@playwright/test";
import type { Product } from "../schema/api/products";
import { animationsSettled } from "./axe";
import { expect, test } from "./fixtures";
import { cartBadge, createProduct, scrollWidth, seriousViolations, skipSignupModal, uniqueName } from "./shop-helpers";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });
const productTitle = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Scrolls as a visitor's thumb does (a key press would go to a focused search box or select instead). */
const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

async function chooseOption(page: Page, label: "Category" | "Brand", option: string) {
  await page.getByRole("combobox", { name: label }).selectOption(option);
}

/** The catalogue's first answer, GET /api/products without a query (the one the page preloads). */
const isFirstAnswer = (url: URL) => url.pathname === "/api/products" && url.search === "";
/** A catalogue read with a query: a search, a filter or a further page. */
const isQueryRead = (url: URL) => url.pathname === "/api/products" && url.search !== "";

test.describe("store", () => {
  test.beforeEach(({ page }) => skipSignupModal(page));

  test("search (name or description, any case), category and brand filters live in the URL and survive a reload", async ({
    page,
    request,
  }) => {
    const tag = uniqueName("marker").replace(/\s/g, "");
    const valve = await createProduct(request, { name: uniqueName("Filter Valve"), description: `Valve ${tag}` });
    const fan = await createProduct(request, {
      name: uniqueName("Filter Fan"),
      description: `Fan ${tag}`,
      category: "Fans",
      brand: "Baxi",
    });

    // This shop's first answer is its whole catalogue: searching and filtering never ask the server.
    const queries: string[] = [];
    page.on("request", (req) => {
      if (isQueryRead(new URL(req.url()))) queries.push(req.url());
    });
    await page.goto("/store");
    await expect(page.getByRole("heading", { level: 1, name: "Boiler Parts Store" })).toBeVisible();
    await searchBox(page).fill(tag.toUpperCase());
    await expect(productTitle(page, valve.name)).toBeVisible();
    await expect(productTitle(page, fan.name)).toBeVisible();
    await expect(page.getByText("Showing 2 of")).toBeVisible();

    await searchBox(page).fill(fan.name.toLowerCase());
    await expect(productTitle(page, fan.name)).toBeVisible();
    await expect(productTitle(page, valve.name)).toBeHidden();

    await searchBox(page).fill(tag);
    await chooseOption(page, "Category", "Fans");
    await expect(productTitle(page, valve.name)).toBeHidden();
    await expect(productTitle(page, fan.name)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&category=Fans$`));

    await page.reload();
    await expect(searchBox(page)).toHaveValue(tag);
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Fans");
    await expect(productTitle(page, fan.name)).toBeVisible();
    await expect(productTitle(page, valve.name)).toBeHidden();

    await chooseOption(page, "Brand", "Vaillant");
    await expect(page.getByText("No products found matching your criteria")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(searchBox(page)).toHaveValue("");
    await expect(productTitle(page, valve.name)).toBeVisible();
    await expect(productTitle(page, fan.name)).toBeVisible();
    expect(queries).toEqual([]);
  });

  test("the catalogue is read once, answered by the page's preload", async ({ page }) => {
    const reads: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/products") reads.push(`${req.resourceType()} ${req.url()}`);
    });
    await page.goto("/store", { waitUntil: "networkidle" });
    await expect(page.locator(".product-card").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The preload is the only read: the app's own request was answered by it, not sent again.
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^other /);
  });

  test("a catalogue larger than its first answer is searched, filtered and paged on the server", async ({ page, request }) => {
    const all = (await (await request.get("/api/products")).json()) as Product[];
    // Played as a shop too large for one answer: the first answer holds the newest dozen and the
    // real count, and each further page is cut to a dozen, so the list takes several pages.
    const FIRST = 12;
    await page.route(isFirstAnswer, async (route) => {
      const answer = await route.fetch();
      const products = (await answer.json()) as Product[];
      await route.fulfill({
        response: answer,
        json: products.slice(0, FIRST),
        headers: { ...answer.headers(), "x-total-count": String(products.length) },
      });
    });
    const queries: URL[] = [];
    await page.route(isQueryRead, async (route: Route) => {
      const url = new URL(route.request().url());
      queries.push(url);
      if (url.searchParams.has("limit")) url.searchParams.set("limit", "12");
      await route.continue({ url: url.toString() });
    });

    await page.goto("/store");
    const cards = page.locator(".product-card");
    await expect(page.getByText(`Showing ${all.length} of ${all.length} products`)).toBeVisible();
    await expect(cards.first()).toBeVisible();
    // The first dozen come from the first answer; a tall screen may already ask for the next page.
    expect(await cards.count()).toBeLessThanOrEqual(2 * FIRST);

    // Scrolling reads on where the first answer stopped, page after page, until every product is there.
    for (let step = 0; step < 20; step++) {
      // Read once: a page still rendering may add cards between two reads.
      const before = await cards.count();
      if (before >= all.length) break;
      // Scrolled again if the page grew meanwhile: at the bottom it changes nothing, so a
      // sentinel that stopped reporting would still fail here.
      await expect(async () => {
        await scrollToBottom(page);
        expect(await cards.count()).toBeGreaterThan(before);
      }).toPass({ intervals: [500, 1000, 2000] });
    }
    await expect(cards).toHaveCount(all.length);
    const names = await page.locator(".product-card__open").allTextContents();
    expect(new Set(names).size).toBe(all.length);
    expect(queries.map((u) => u.searchParams.get("offset"))).toEqual(
      queries.map((_, i) => String(FIRST + i * 12)), // each page asked for where the last one ended
    );

    // A search goes to the server: the oldest product, far past the first answer, is found.
    const oldest = all[all.length - 1]!;
    queries.length = 0;
    await page.keyboard.press("Home");
    await searchBox(page).fill(oldest.name);
    await expect(productTitle(page, oldest.name)).toBeVisible();
    expect(queries.map((u) => u.searchParams.get("q"))).toEqual([oldest.name]);

    // So does a category: every matching product is listed, and only those.
    await searchBox(page).fill("");
    await chooseOption(page, "Category", "Fans");
    const fans = all.filter((p) => p.category === "Fans");
    await expect(page.getByText(`Showing ${fans.length} of ${all.length} products`)).toBeVisible();
    for (let step = 0; step < 10; step++) {
      // Read once: a page still rendering may add cards between two reads.
      const before = await cards.count();
      if (before >= fans.length) break;
      // Scrolled again if the page grew meanwhile: at the bottom it changes nothing, so a
      // sentinel that stopped reporting would still fail here.
      await expect(async () => {
        await scrollToBottom(page);
        expect(await cards.count()).toBeGreaterThan(before);
      }).toPass({ intervals: [500, 1000, 2000] });
    }
    await expect(cards).toHaveCount(fans.length);
    for (const brandLine of await page.locator(".product-card__brand").allTextContents()) expect(brandLine).toContain("Fans");
    expect(queries.some((u) => u.searchParams.get("category") === "Fans" && !u.searchParams.has("q"))).toBe(true);

    // A search in the address is sent as it is, without first listing the unfiltered catalogue.
    queries.length = 0;
    await page.goto(`/store?q=${encodeURIComponent(oldest.name)}`);
    await expect(productTitle(page, oldest.name)).toBeVisible();
    expect(queries.length).toBeGreaterThan(0);
    for (const url of queries) expect(url.searchParams.get("q")).toBe(oldest.name);
  });

  test("a card shows its details and opens an accessible detail dialog that Escape closes", async ({ page, request }) => {
    const product = await createProduct(request, {
      name: uniqueName("Dialog Valve"),
      price: "45.99",
      originalPrice: "59.99",
      rating: 4.5,
      condition: "Used",
      description: "Refurbished valve, bench tested.",
    });
    await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
    const card = page.locator(".product-card", { has: productTitle(page, product.name) });
    await expect(card.getByText("£45.99")).toBeVisible();
    await expect(card.getByText("£59.99")).toBeVisible();
    await expect(card.getByText("Save £14.00 (23%)")).toBeVisible();
    await expect(card.getByText("4.5/5")).toBeVisible();
    await expect(card.getByText("In Stock")).toBeVisible();
    await expect(card.getByText("Used", { exact: true })).toBeVisible();
    const image = card.getByRole("img", { name: product.name });
    await expect(image).toHaveAttribute("width", "400");
    await expect(image).toHaveAttribute("height", "300");

    // Anywhere on the card opens it, the picture included.
    await card.click({ position: { x: 60, y: 60 } });
    const dialog = page.getByRole("dialog", { name: product.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Refurbished valve, bench tested.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: `Quick Add ${product.name}` })).toBeEnabled();
    await expect(dialog.getByRole("button", { name: `Buy Now ${product.name}` })).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(productTitle(page, product.name)).toBeFocused();
  });

  test("Quick Add adds one unit and the header badge counts it; Buy Now adds one and opens the cart", async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, { name: uniqueName("Quick Fan"), category: "Fans" });
    await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
    await page.getByRole("button", { name: `Quick Add ${product.name}` }).click();
    await expect(page.getByText("Added to Cart")).toBeVisible();
    await expect(cartBadge(page)).toContainText("1");
    await page.getByRole("button", { name: `Quick Add ${product.name}` }).click();
    await expect(cartBadge(page)).toContainText("2");

    await productTitle(page, product.name).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Buy Now ${product.name}` })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("3 item(s) in your cart")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: `Quantity of ${product.name}` })).toHaveValue("3");
    // The dialog closed with the page: the cart responds to the pointer again.
    await page.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();
    await expect(page.getByText("4 item(s) in your cart")).toBeVisible();
  });

  test("add and buy are disabled for an out-of-stock product, on the card and in the dialog", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Sold Out PCB"), category: "PCB Boards", inStock: false });
    await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
    await expect(page.getByText("Out of Stock")).toBeVisible();
    await expect(page.getByRole("button", { name: `Quick Add ${product.name}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Buy Now ${product.name}` })).toBeDisabled();
    await productTitle(page, product.name).click();
    const dialog = page.getByRole("dialog", { name: product.name });
    await expect(dialog.getByRole("button", { name: `Quick Add ${product.name}` })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: `Buy Now ${product.name}` })).toBeDisabled();
  });

  test("the prerendered page shows the loading skeleton, then the products", async ({ page, request }) => {
    const html = await (await request.get("/store")).text();
    expect(html).toContain("Loading products...");
    const product = await createProduct(request, { name: uniqueName("Skeleton Burner"), category: "Burners" });
    await page.goto("/store");
    await expect(productTitle(page, product.name)).toBeVisible();
    await expect(page.getByText("Loading products...")).toHaveCount(0);
  });

  test("renders the catalogue a dozen cards at a time as the visitor scrolls, and every product is reached", async ({
    page,
    request,
  }) => {
    // Enough products that the first pages cannot hold them all, whatever the other tests have added.
    for (let i = (await (await request.get("/api/products")).json()).length; i < 40; i++) {
      await createProduct(request, { name: uniqueName("Paging Valve") });
    }
    const total = (await (await request.get("/api/products")).json()).length;
    const cards = page.locator(".product-card");
    await page.goto("/store");
    await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();
    // A dozen at first; a wide screen may already have asked for the next dozen (the sentinel
    // starts within the look-ahead), but never the whole catalogue.
    await expect(cards.first()).toBeVisible();
    const first = await cards.count();
    expect([12, 24]).toContain(first);
    const seen = [first];
    for (let step = 0; step < 10; step++) {
      // Read once: a page still rendering may add cards between two reads.
      const before = await cards.count();
      if (before >= total) break;
      // Scrolled again if the page grew meanwhile: at the bottom it changes nothing, so a
      // sentinel that stopped reporting would still fail here.
      await expect(async () => {
        await scrollToBottom(page);
        expect(await cards.count()).toBeGreaterThan(before);
      }).toPass({ intervals: [500, 1000, 2000] });
      seen.push(await cards.count());
    }
    for (const count of seen) expect(count === total || count % 12 === 0).toBe(true);
    await expect(cards).toHaveCount(total);
    await expect(page.locator(".product-grid__more")).toHaveCount(0);
  });

  test("an empty catalogue says so", async ({ page }) => {
    await page.route("**/api/products", (route) => route.fulfill({ json: [] }));
    await page.goto("/store");
    await expect(page.getByText("No products available. Please refresh to try again.")).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 500/] });
    test("a failed load shows the error with Try Again, which loads the products", async ({ page, request }) => {
      const product = await createProduct(request, { name: uniqueName("Retry Valve") });
      await page.route("**/api/products", (route) => route.fulfill({ status: 500, json: { error: "down", code: "INTERNAL" } }));
      // The page's own retries (1 s, 2 s, 4 s) wait on a clock that stands still, so the products can
      // only come back through the button: otherwise a retry can win the race and take the button away.
      await page.clock.install({ time: new Date("2026-11-27T09:00:00Z") });
      await page.clock.pauseAt(new Date("2026-11-27T09:00:01Z"));
      await page.goto("/store");
      await expect(
        page.getByRole("alert").filter({ hasText: "Failed to load products. Please try again." }).first(),
      ).toBeVisible();
      await expect(page.getByText("Error", { exact: true })).toBeVisible();
      await page.unroute("**/api/products");
      await page.getByRole("button", { name: "Try Again" }).click();
      await expect(productTitle(page, product.name)).toBeVisible();
    });
  });

  test("screenshots at 1280 and 390 px, with no horizontal scroll on a phone", async ({ page, request }) => {
    await createProduct(request, { name: uniqueName("Screenshot Valve"), originalPrice: "59.99" });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/store");
      await expect(page.locator(".product-card img").first()).toBeVisible();
      // The whole catalogue is one very long page; the first screens are what matter.
      await page.screenshot({ path: test.info().outputPath(`store-${width}.png`) });
      await page.mouse.wheel(0, 800);
      await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY > 0);
      await animationsSettled(page);
      await page.screenshot({ path: test.info().outputPath(`store-${width}-scrolled.png`) });
      await page.mouse.wheel(0, -2000);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      await page.locator(".product-card__open").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await animationsSettled(page); // the opening animation
      await page.screenshot({ path: test.info().outputPath(`store-dialog-${width}.png`) });
    }
  });

  test("the store and its open dialog have no serious or critical accessibility violations", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Axe Valve"), originalPrice: "59.99" });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/store");
      await expect(productTitle(page, product.name)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await productTitle(page, product.name).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
