import type { Page } from "@playwright/test";
import { company, delivery } from "../schema/business";
import { expect, test } from "./fixtures";
import { cartBadge, createProduct, fillCart, scrollWidth, seriousViolations, skipSignupModal, uniqueName } from "./shop-helpers";

async function fillForm(page: Page) {
  await page.getByLabel("Full Name").fill("Jane Customer");
  await page.getByLabel("Email Address").fill("jane@example.com");
  await page.getByLabel("Phone Number").fill("0161 496 0456");
  await page.getByLabel("Shipping Address").fill("12 Test Street, Stretford, M32 0AA");
  await page.getByLabel("Order Notes (Optional)").fill("Please ring before delivery");
}

// These tests place real orders: an address of their own, so the hourly order limit per address is
// theirs alone, whatever else the suite orders.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.41" } });

test.describe("checkout", () => {
  test.beforeEach(({ page }) => skipSignupModal(page));

  test("with an empty cart it asks for items first", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Add items to your cart before checking out")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
  });

  test("the Place Order button says what the visitor agrees to and links the Terms of Service", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Terms Valve"), price: "12.00" });
    await fillCart(page, [{ product, quantity: 1 }]);
    await page.goto("/checkout");
    await expect(page.getByText("By placing your order you agree to our")).toBeVisible();
    await page.getByRole("form", { name: "Order Information" }).getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our terms, in plain English" })).toBeVisible();
  });

  test("shows the order summary and the delivery terms", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Summary Valve"), price: "45.99", brand: "Worcester" });
    await fillCart(page, [{ product, quantity: 2 }]);
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByText("Complete your order")).toBeVisible();
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(summary.getByText(product.name)).toBeVisible();
    await expect(summary.getByText("Worcester")).toBeVisible();
    await expect(summary.getByText("Qty: 2 × £45.99")).toBeVisible();
    await expect(summary.getByRole("img", { name: product.name })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("£91.98");
    for (const term of delivery.terms) await expect(page.getByText(term)).toBeVisible();
  });

  test("validates each field with the schema's messages, on blur and on submit", async ({ page, request }) => {
    const product = await createProduct(request);
    await fillCart(page, [{ product }]);
    await page.goto("/checkout");

    await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await page.getByLabel("Full Name").fill("J");
    await page.getByLabel("Full Name").blur();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription("Name must be at least 2 characters");

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByText("Please enter a complete address")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toBeFocused();

    await page.getByLabel("Full Name").fill("Jane Customer");
    await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
    await expect(page.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("places the order: confirmation with the order number and id, toast, and an empty cart", async ({ page, request }) => {
    const product = await createProduct(request, { name: uniqueName("Order Valve") });
    await fillCart(page, [{ product, quantity: 2 }]);
    await page.goto("/checkout");
    await fillForm(page);
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
    await expect(page.getByText("We'll contact you shortly to confirm your order.")).toBeVisible();
    await expect(page.getByTestId("order-id")).not.toBeEmpty();
    // The number the customer quotes is the reference shown first.
    const number = page.getByTestId("order-number");
    await expect(number).toHaveText(/^NS-\d{5,}$/);
    await expect(page.getByText(`Order number: ${await number.textContent()}`)).toBeVisible();
    await expect(page.getByText(/confirm the details and arrange delivery/)).toContainText(`quote ${await number.textContent()}`);
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(cartBadge(page)).not.toContainText(/\d/);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("order-placed-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: test.info().outputPath("order-placed-390.png"), fullPage: true });

    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 500/] });
    test("a failed order shows the error toast and keeps the form filled", async ({ page, request }) => {
      const product = await createProduct(request);
      await fillCart(page, [{ product }]);
      await page.route("**/api/orders", (route) => route.fulfill({ status: 500, json: { error: "down", code: "INTERNAL" } }));
      await page.goto("/checkout");
      await fillForm(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Failed to place order. Please try again.")).toBeVisible();
      await expect(page.getByLabel("Full Name")).toHaveValue("Jane Customer");
      await expect(page.getByLabel("Shipping Address")).toHaveValue("12 Test Street, Stretford, M32 0AA");
      await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test("too many orders from one connection shows the server's message", async ({ page, request }) => {
      const product = await createProduct(request);
      await fillCart(page, [{ product }]);
      // The real limit would stop this address ordering for an hour, so the API's 429 is played back.
      const limited = `Too many orders from your connection. Please try again later or call us on ${company.phone}.`;
      await page.route("**/api/orders", (route) =>
        route.fulfill({
          status: 429,
          headers: { "Retry-After": "3600" },
          json: { error: limited, code: "RATE_LIMITED", requestId: "r1" },
        }),
      );
      await page.goto("/checkout");
      await fillForm(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      const toast = page.getByRole("alert").filter({ hasText: "Error" });
      await expect(toast).toContainText(limited);
      await expect(page.getByText("Failed to place order. Please try again.")).toHaveCount(0);
      await expect(page.getByLabel("Full Name")).toHaveValue("Jane Customer");
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 409/] });
    test("a changed price is shown to the customer before anything is ordered", async ({ page, request }) => {
      const product = await createProduct(request);
      await fillCart(page, [{ product }]);
      await page.route("**/api/orders", (route) =>
        route.fulfill({
          status: 409,
          json: {
            error: "The prices in your cart have changed. Your total is now £49.99.",
            code: "CONFLICT",
            requestId: "test",
            details: [{ path: "totalAmount", message: "Your total is now £49.99.", value: "49.99" }],
          },
        }),
      );
      await page.goto("/checkout");
      await fillForm(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Prices Have Changed")).toBeVisible();
      await expect(page.getByText(/Your order total is now £49\.99/)).toBeVisible();
      await expect(page.getByLabel("Full Name")).toHaveValue("Jane Customer");
    });
  });

  test("screenshots at 1280 and 390 px, with no horizontal scroll on a phone", async ({ page, request }) => {
    const a = await createProduct(request, { name: uniqueName("Shot Gas Valve") });
    const b = await createProduct(request, { name: uniqueName("Shot PCB"), category: "PCB Boards", brand: "Ideal" });
    await fillCart(page, [{ product: a }, { product: b, quantity: 2 }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/checkout");
      await expect(page.getByTestId("order-total")).toBeVisible();
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Please enter a complete address")).toBeVisible();
      await page.evaluate("window.scrollTo(0, 0)");
      await page.screenshot({ path: test.info().outputPath(`checkout-${width}.png`), fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
  });

  test("the checkout, with its messages showing, and the confirmation have no serious or critical accessibility violations", async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, { name: uniqueName("Axe PCB"), category: "PCB Boards" });
    await fillCart(page, [{ product }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/checkout");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Please enter a complete address")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await fillForm(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
