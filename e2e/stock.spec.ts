import type { APIRequestContext, Page } from "@playwright/test";
import type { ProductPatchInput } from "../schema/api/catalogue";
import type { Product } from "../schema/api/products";
import { bearer, loginToken } from "./admin-fixtures";
import { animationsSettled } from "./axe";
import { expect, test } from "./fixtures";
import { cartBadge, createProduct, fillCart, scrollWidth, seriousViolations, skipSignupModal, uniqueName } from "./shop-helpers";

/** The owner's edit (PATCH /api/admin/products/:id), as the back office sends it. */
async function ownerEdits(request: APIRequestContext, product: Product, changes: ProductPatchInput) {
  const res = await request.patch(`/api/admin/products/${product.id}`, {
    headers: bearer(await loginToken(request)),
    data: changes,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const card = (page: Page, name: string) =>
  page.locator(".product-card", { has: page.getByRole("button", { name, exact: true }) });

async function fillCheckoutForm(page: Page) {
  await page.getByLabel("Full Name").fill("Jane Customer");
  await page.getByLabel("Email Address").fill("jane@example.com");
  await page.getByLabel("Phone Number").fill("0161 496 0456");
  await page.getByLabel("Shipping Address").fill("12 Test Street, Stretford, M32 0AA");
}

// These tests place real orders: an address of their own, so the hourly order limit per address is
// theirs alone, whatever else the suite orders.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.42" } });

test.describe("stock in the store, the cart and the checkout", () => {
  test.beforeEach(({ page }) => skipSignupModal(page));

  test("a product with 2 left says 'Only 2 left' on its card and in its dialog, at 1280 and 390 px", async ({
    page,
    request,
  }) => {
    const low = await createProduct(request, { name: uniqueName("Low Stock Valve"), originalPrice: "59.99", stockQuantity: 2 });
    const plenty = await createProduct(request, { name: uniqueName("Plenty Valve"), stockQuantity: 40 });
    expect(low.stockLeft).toBe(2);
    expect(plenty.stockLeft).toBeNull();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/store");
      const lowCard = card(page, low.name);
      await expect(lowCard.getByText("Only 2 left", { exact: true })).toBeVisible();
      await expect(lowCard.getByText("In Stock")).toHaveCount(0);
      await expect(lowCard.getByRole("button", { name: `Quick Add ${low.name}` })).toBeEnabled();
      await expect(card(page, plenty.name).getByText("In Stock")).toBeVisible();
      // The badge stays inside its card, and the page inside the screen.
      const [cardBox, badgeBox] = [await lowCard.boundingBox(), await lowCard.getByText("Only 2 left").boundingBox()];
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      await lowCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`store-low-stock-${width}.png`) });

      await page.getByRole("button", { name: low.name, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: low.name });
      await expect(dialog.getByText("Only 2 left", { exact: true })).toBeVisible();
      await animationsSettled(page); // the opening animation
      await page.screenshot({ path: test.info().outputPath(`store-low-stock-dialog-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
    }
  });

  test("the owner sets a count of 1, a visitor buys it through the checkout, and the store then shows it out of stock", async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, { name: uniqueName("Last One Pump"), category: "Other", brand: "Drayton" });
    await ownerEdits(request, product, { stockQuantity: 1 });

    await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
    await expect(card(page, product.name).getByText("Only 1 left")).toBeVisible();
    await page.getByRole("button", { name: `Quick Add ${product.name}` }).click();
    await expect(cartBadge(page)).toContainText("1");

    await page.goto("/checkout");
    await fillCheckoutForm(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(/^NS-\d{5,}$/);
    await expect(page.getByTestId("order-id")).toHaveText(/^ord_/);

    // Back in the store (the app's own link, then a fresh load): sold out, nothing to add.
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(product.name);
    await expect(card(page, product.name).getByText("Out of Stock")).toBeVisible();
    await expect(page.getByRole("button", { name: `Quick Add ${product.name}` })).toBeDisabled();
    await page.reload();
    await expect(card(page, product.name).getByText("Out of Stock")).toBeVisible();
    await expect(page.getByRole("button", { name: `Quick Add ${product.name}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Buy Now ${product.name}` })).toBeDisabled();
  });

  test("the owner edits a price and the store shows the new one", async ({ page, request, browser }) => {
    const product = await createProduct(request, { name: uniqueName("Repriced Fan"), category: "Fans", price: "45.99" });
    await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
    await expect(card(page, product.name).getByText("£45.99")).toBeVisible();
    // The server keeps the catalogue after this read; the edit must drop that copy.
    expect((await request.get("/api/products")).status()).toBe(200);

    await ownerEdits(request, product, { price: "39.50" });
    // The next visitor (a browser without its own 30-second copy of the catalogue) sees the new price.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await skipSignupModal(visitor);
    await visitor.goto(`/store?q=${encodeURIComponent(product.name)}`);
    await expect(card(visitor, product.name).getByText("£39.50")).toBeVisible();
    await expect(card(visitor, product.name).getByText("£45.99")).toHaveCount(0);
    await context.close();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test("adding more than is in stock is refused with how many are left, and the cart keeps what the server has", async ({
      page,
      request,
    }) => {
      const product = await createProduct(request, {
        name: uniqueName("Two Left PCB"),
        category: "PCB Boards",
        stockQuantity: 2,
      });
      await fillCart(page, [{ product, quantity: 2 }]);
      await page.goto(`/store?q=${encodeURIComponent(product.name)}`);
      await expect(cartBadge(page)).toContainText("2");
      await page.getByRole("button", { name: `Quick Add ${product.name}` }).click();
      await expect(page.getByRole("alert").filter({ hasText: `Only 2 of ${product.name} are left` })).toContainText(
        "(you have 2 in your cart)",
      );
      // The line shown at once was taken back: the header counts what the server holds.
      await expect(cartBadge(page)).toContainText("2");

      // The cart: plus stops at what is left, and a typed quantity over it is refused and undone.
      await page.goto("/cart");
      const line = page.getByRole("listitem").filter({ hasText: product.name });
      await expect(line.getByText("Only 2 left")).toBeVisible();
      await expect(page.getByRole("button", { name: `Increase quantity of ${product.name}` })).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);
      const quantity = page.getByRole("spinbutton", { name: `Quantity of ${product.name}` });
      await quantity.fill("5");
      await quantity.press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: `Only 2 of ${product.name} are left` })).toBeVisible();
      await expect(quantity).toHaveValue("2");
      await expect(page.getByText("2 item(s) in your cart")).toBeVisible();
      await page.reload();
      await expect(quantity).toHaveValue("2");
    });

    test("a line made short after it was added is marked at checkout, and its button brings it down so the order goes through", async ({
      page,
      request,
    }) => {
      // A low-stock level of 0: the count is not shown in advance, so only the refused order can say it.
      const short = await createProduct(request, { name: uniqueName("Short Valve"), stockQuantity: 5, lowStockThreshold: 0 });
      const gone = await createProduct(request, { name: uniqueName("Gone Fan"), category: "Fans", stockQuantity: 4 });
      const fine = await createProduct(request, { name: uniqueName("Fine Burner"), category: "Burners", price: "10.00" });
      await fillCart(page, [
        { product: short, quantity: 3 },
        { product: gone, quantity: 1 },
        { product: fine, quantity: 2 },
      ]);
      await ownerEdits(request, short, { stockQuantity: 1 });
      await ownerEdits(request, gone, { stockQuantity: 0 });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/checkout");
        const summary = page.getByRole("complementary", { name: "Order Summary" });
        const shortLine = summary.getByRole("listitem").filter({ hasText: short.name });
        const goneLine = summary.getByRole("listitem").filter({ hasText: gone.name });
        // The sold-out line is known from the cart itself; the short one only once the order is refused.
        await expect(goneLine.getByText("Out of stock")).toBeVisible();
        await expect(shortLine.getByText("Only 1 left")).toHaveCount(0);

        await fillCheckoutForm(page);
        await page.getByRole("button", { name: "Place Order" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Not Enough Stock" })).toBeVisible();
        await expect(shortLine.getByText("Only 1 left")).toBeVisible();
        await expect(shortLine.getByRole("button", { name: `Reduce to 1 (${short.name})` })).toBeFocused();
        await expect(goneLine.getByRole("button", { name: `Remove (${gone.name} is out of stock)` })).toBeVisible();
        await expect(summary.getByRole("listitem").filter({ hasText: fine.name }).getByTestId("short-line")).toHaveCount(0);
        // The form is kept.
        await expect(page.getByLabel("Full Name")).toHaveValue("Jane Customer");
        await animationsSettled(page);
        await page.screenshot({ path: test.info().outputPath(`checkout-short-lines-${width}.png`), fullPage: true });
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        if (width === 390) expect(await seriousViolations(page)).toEqual([]);
      }

      const summary = page.getByRole("complementary", { name: "Order Summary" });
      await summary.getByRole("button", { name: `Reduce to 1 (${short.name})` }).click();
      await expect(
        summary
          .getByRole("listitem")
          .filter({ hasText: short.name })
          .getByText(/^Qty: 1 ×/),
      ).toBeVisible();
      await summary.getByRole("button", { name: `Remove (${gone.name} is out of stock)` }).click();
      await expect(summary.getByRole("listitem").filter({ hasText: gone.name })).toHaveCount(0);
      await expect(summary.getByTestId("short-line")).toHaveCount(0);
      // The cart as the server now has it (one valve at £45.99, two burners at £10.00), with no change
      // of it still on its way: an order placed while one is in flight is refused as "prices changed".
      await expect(page.getByTestId("order-total")).toHaveText("£65.99");
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("order-total")).toHaveText("£65.99");

      // Waits for the order's answer itself (on a loaded machine it can take longer than a screen
      // check waits), and says what the server answered if it was not the order.
      const [placed] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith("/api/orders") && res.request().method() === "POST"),
        page.getByRole("button", { name: "Place Order" }).click(),
      ]);
      expect(placed.status(), await placed.text()).toBe(201);
      await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
      await expect(page.getByTestId("order-number")).toHaveText(/^NS-\d{5,}$/);
    });

    test("the cart page marks a line that has fewer left than it holds, and one press fixes it", async ({ page, request }) => {
      const product = await createProduct(request, { name: uniqueName("Dwindling Pump"), category: "Other", stockQuantity: 6 });
      await fillCart(page, [{ product, quantity: 4 }]);
      await ownerEdits(request, product, { stockQuantity: 1 });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/cart");
        const line = page.getByRole("listitem").filter({ hasText: product.name });
        await expect(line.getByText("Only 1 left")).toBeVisible();
        await expect(line.getByRole("button", { name: `Reduce to 1 (${product.name})` })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`cart-short-line-${width}.png`), fullPage: true });
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      }
      await page.getByRole("button", { name: `Reduce to 1 (${product.name})` }).click();
      await expect(page.getByRole("spinbutton", { name: `Quantity of ${product.name}` })).toHaveValue("1");
      await expect(page.getByText("1 item(s) in your cart")).toBeVisible();
      await expect(page.getByTestId("short-line")).toHaveCount(0);
    });

    test("a card payment refused for lack of stock marks the short line in the cart", async ({ page, request }) => {
      const product = await createProduct(request, {
        name: uniqueName("Card Short Valve"),
        stockQuantity: 8,
        lowStockThreshold: 0,
      });
      await fillCart(page, [{ product, quantity: 3 }]);
      await page.route("**/api/config", (route) => route.fulfill({ json: { payments: true } }));
      // Without a Stripe key the real endpoint answers 503 before it looks at stock: its 409 is played back.
      const message = `Only 2 of ${product.name} are left`;
      await page.route("**/api/create-checkout-session", (route) =>
        route.fulfill({
          status: 409,
          json: {
            error: `${message}. Please change your cart and try again.`,
            code: "CONFLICT",
            requestId: "test",
            details: [{ path: "lines.0.quantity", message, productId: product.id, available: 2 }],
          },
        }),
      );
      await page.goto("/cart");
      await page.getByRole("button", { name: "Pay by Card" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Checkout Failed" })).toContainText(message);
      const line = page.getByRole("listitem").filter({ hasText: product.name });
      await expect(line.getByText("Only 2 left")).toBeVisible();
      await line.getByRole("button", { name: `Reduce to 2 (${product.name})` }).click();
      await expect(page.getByRole("spinbutton", { name: `Quantity of ${product.name}` })).toHaveValue("2");
      await expect(page.getByTestId("short-line")).toHaveCount(0);
    });
  });
});
