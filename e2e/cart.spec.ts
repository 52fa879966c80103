import { expect, test } from "./fixtures";
import { cartBadge, createProduct, fillCart, scrollWidth, seriousViolations, skipSignupModal, uniqueName } from "./shop-helpers";

test.describe("cart", () => {
  test.beforeEach(({ page }) => skipSignupModal(page));

  test("an empty cart says so and links back to the store", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Start shopping to add items to your cart")).toBeVisible();
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("quantities change with plus, minus and the input, lines are removed, and the badge and total follow", async ({
    page,
    request,
  }) => {
    const valve = await createProduct(request, {
      name: uniqueName("Cart Valve"),
      price: "45.99",
      description: "Valve for the cart.",
    });
    const fan = await createProduct(request, {
      name: uniqueName("Cart Fan"),
      price: "20.00",
      brand: "Baxi",
      category: "Fans",
      condition: "Used",
    });
    await fillCart(page, [{ product: valve }, { product: fan, quantity: 2 }]);
    await page.goto("/cart");

    await expect(page.getByText("3 item(s) in your cart")).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("£85.99");
    await expect(cartBadge(page)).toContainText("3");
    const valveLine = page.getByRole("listitem").filter({ hasText: valve.name });
    await expect(valveLine.getByText("Valve for the cart.")).toBeVisible();
    await expect(valveLine.getByText("Vaillant")).toBeVisible();
    await expect(valveLine.getByText("New", { exact: true })).toBeVisible();
    await expect(valveLine.getByText("£45.99")).toBeVisible();

    const decrease = page.getByRole("button", { name: `Decrease quantity of ${valve.name}` });
    await expect(decrease).toBeDisabled();
    await page.getByRole("button", { name: `Increase quantity of ${valve.name}` }).click();
    await expect(page.getByRole("spinbutton", { name: `Quantity of ${valve.name}` })).toHaveValue("2");
    await expect(page.getByTestId("cart-total")).toHaveText("£131.98");
    await expect(page.getByText("4 item(s) in your cart")).toBeVisible();
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(page.getByTestId("cart-total")).toHaveText("£85.99");

    const fanQuantity = page.getByRole("spinbutton", { name: `Quantity of ${fan.name}` });
    await expect(fanQuantity).toHaveAttribute("min", "1");
    await fanQuantity.fill("5");
    await fanQuantity.press("Enter");
    await expect(page.getByTestId("cart-total")).toHaveText("£145.99");
    await expect(cartBadge(page)).toContainText("6");

    // The change was saved on the server, not only shown.
    await page.reload();
    await expect(page.getByRole("spinbutton", { name: `Quantity of ${fan.name}` })).toHaveValue("5");

    await page.getByRole("button", { name: `Remove ${valve.name} from cart` }).click();
    await expect(page.getByText("Item Removed")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: valve.name })).toHaveCount(0);
    await expect(page.getByText("5 item(s) in your cart")).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("£100.00");

    // Typing 0 removes the line.
    await fanQuantity.fill("0");
    await fanQuantity.press("Enter");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });

  test("Clear Cart empties the cart", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Clear Burner"), category: "Burners" });
    await fillCart(page, [{ product, quantity: 2 }]);
    await page.goto("/cart");
    await expect(page.getByText("2 item(s) in your cart")).toBeVisible();
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByText("Cart Cleared")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });

  test("Proceed to Checkout and Continue Shopping lead on", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Link Valve") });
    await fillCart(page, [{ product }]);
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  });

  test("the card payment button is hidden when payments are not configured", async ({ page, request }) => {
    // The browser tests' server takes cards (against the fake Stripe): a deploy without a key is played back.
    await page.route("**/api/config", (route) => route.fulfill({ json: { payments: false } }));
    const product = await createProduct(request, { name: uniqueName("No Card Valve") });
    await fillCart(page, [{ product }]);
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay by Card" })).toHaveCount(0);
  });

  test.describe("card payment (Stripe answers faked)", () => {
    test.beforeEach(async ({ page }) => {
      await page.route("**/api/config", (route) => route.fulfill({ json: { payments: true } }));
    });

    test("opens Stripe Checkout in a new tab and empties the cart", async ({ page, request, baseURL }) => {
      const product = await createProduct(request, { name: uniqueName("Card Valve") });
      await fillCart(page, [{ product, quantity: 2 }]);
      let sent: unknown;
      await page.route("**/api/create-checkout-session", (route) => {
        sent = route.request().postDataJSON();
        return route.fulfill({ json: { checkout_url: `${baseURL}/payment-cancelled` } });
      });
      await page.goto("/cart");
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Pay by Card" }).click();
      expect((await popup).url()).toContain("/payment-cancelled");
      await expect(page.getByText("Opening Stripe Checkout")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
      expect(sent).toMatchObject({ amount: "91.98", productName: product.name, quantity: 2 });
    });

    test("when the popup is blocked, the page itself goes to Stripe", async ({ page, request, baseURL }) => {
      await page.addInitScript({ content: "window.open = () => null;" });
      const [a, b] = [await createProduct(request), await createProduct(request)];
      await fillCart(page, [{ product: a }, { product: b }]);
      let sent: unknown;
      await page.route("**/api/create-checkout-session", (route) => {
        sent = route.request().postDataJSON();
        return route.fulfill({ json: { checkout_url: `${baseURL}/payment-cancelled?from=stripe` } });
      });
      await page.goto("/cart");
      await page.getByRole("button", { name: "Pay by Card" }).click();
      await expect(page).toHaveURL(/\/payment-cancelled\?from=stripe$/);
      expect(sent).toMatchObject({ productName: "2 Heating Components", quantity: 2 });
    });

    test.describe(() => {
      test.use({ allowedConsoleErrors: [/status of 503/] });
      test("a refused checkout session shows Checkout Failed with the server's reason and keeps the cart", async ({
        page,
        request,
      }) => {
        const product = await createProduct(request);
        await fillCart(page, [{ product }]);
        await page.route("**/api/create-checkout-session", (route) =>
          route.fulfill({ status: 503, json: { error: "Card payments are not available right now.", code: "NOT_CONFIGURED" } }),
        );
        await page.goto("/cart");
        await page.getByRole("button", { name: "Pay by Card" }).click();
        await expect(page.getByText("Checkout Failed")).toBeVisible();
        await expect(page.getByText("Card payments are not available right now.")).toBeVisible();
        await expect(page.getByText("1 item(s) in your cart")).toBeVisible();
      });
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test("a product image that fails to load falls back to the placeholder", async ({ page, request }) => {
      // A real image made to fail in this page only: a broken product would leak into other tests.
      const image = "/images/parts/baxi-plume-management-kit.svg";
      const product = await createProduct(request, { image });
      await fillCart(page, [{ product }]);
      await page.route(`**${image}`, (route) => route.fulfill({ status: 404, body: "" }));
      await page.goto("/cart");
      await expect(page.getByRole("img", { name: product.name })).toHaveAttribute("src", /^data:image\/svg\+xml/);
    });
  });

  test("screenshots at 1280 and 390 px, with no horizontal scroll on a phone", async ({ page, request }) => {
    const a = await createProduct(request, { name: uniqueName("Shot Valve"), originalPrice: "59.99" });
    const b = await createProduct(request, { name: uniqueName("Shot Fan"), brand: "Ideal", category: "Fans", condition: "Used" });
    await fillCart(page, [{ product: a }, { product: b, quantity: 3 }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/cart");
      await expect(page.getByText("4 item(s) in your cart")).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`cart-${width}.png`), fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
  });

  test("a filled cart has no serious or critical accessibility violations", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Axe Fan"), condition: "Used" });
    await fillCart(page, [{ product, quantity: 2 }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/cart");
      await expect(page.getByText("2 item(s) in your cart")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
