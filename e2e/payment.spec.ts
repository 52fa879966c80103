import { company } from "../schema/business";
import { expect, test } from "./fixtures";
import { scrollWidth, seriousViolations, skipSignupModal } from "./shop-helpers";

test.describe("payment pages", () => {
  test.beforeEach(({ page }) => skipSignupModal(page));

  test("success without a session id shows the success content without details", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Thank you for your purchase!")).toBeVisible();
    await expect(page.getByText(/order has been confirmed and you'll receive an email receipt/)).toBeVisible();
    await expect(page.getByText("Payment Details")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
    await expect(page.getByRole("main").getByRole("link", { name: company.phone })).toHaveAttribute("href", company.phoneHref);
  });

  test("success verifies the session first, then shows status, amount in pounds and e-mail", async ({ page }) => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/verify-payment/cs_test_123", async (route) => {
      await answered;
      await route.fulfill({ json: { payment_status: "paid", amount_total: 9198, customer_email: "jane@example.com" } });
    });
    await page.goto("/payment-success?session_id=cs_test_123");
    await expect(page.getByText("Verifying your payment...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    const details = page.locator(".payment-details");
    await expect(details.getByRole("heading", { name: "Payment Details" })).toBeVisible();
    await expect(details.getByText("Paid")).toBeVisible();
    await expect(details.getByText("£91.98")).toBeVisible();
    await expect(details.getByText("jane@example.com")).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`payment-success-${width}.png`), fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 500/] });
    test("a failed verification still shows success, without details", async ({ page }) => {
      await page.route("**/api/verify-payment/**", (route) =>
        route.fulfill({ status: 500, json: { error: "down", code: "INTERNAL" } }),
      );
      await page.goto("/payment-success?session_id=cs_test_unknown");
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await expect(page.getByText("Payment Details")).toHaveCount(0);
    });
  });

  test("cancelled says nothing was charged, the cart is kept, and links to cart, store and home", async ({ page }) => {
    await page.goto("/payment-cancelled");
    await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
    await expect(page.getByText(/no charges were made/)).toBeVisible();
    await expect(page.getByText(/cart items are still saved/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Cart" })).toHaveAttribute("href", "/cart");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`payment-cancelled-${width}.png`), fullPage: true });
    }
  });

  test("coming back from Stripe with the order cancels it and puts its items back in the cart", async ({ page }) => {
    const orderId = "ord_abcdefghijklmnopqrstuvwx";
    let sent: unknown;
    await page.route("**/api/cancel-checkout-session", (route) => {
      sent = route.request().postDataJSON();
      return route.fulfill({ json: { status: "cancelled", restoredLines: 2 } });
    });
    await page.goto(`/payment-cancelled?order=${orderId}`);
    await expect(page.getByText("we've put them back in your cart")).toBeVisible();
    expect(sent).toMatchObject({ orderId, sessionId: expect.stringMatching(/^session_/) });
  });

  test("an order that was paid after all is reported as confirmed", async ({ page }) => {
    await page.route("**/api/cancel-checkout-session", (route) => route.fulfill({ json: { status: "paid", restoredLines: 0 } }));
    await page.goto("/payment-cancelled?order=ord_abcdefghijklmnopqrstuvwx");
    await expect(page.getByText(/Your payment went through after all/)).toBeVisible();
  });

  test("the payment pages have no serious or critical accessibility violations", async ({ page }) => {
    await page.route("**/api/verify-payment/cs_test_axe", (route) =>
      route.fulfill({ json: { payment_status: "paid", amount_total: 4599, customer_email: "jane@example.com" } }),
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/payment-success?session_id=cs_test_axe");
      await expect(page.getByText("Payment Details")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/payment-cancelled");
      await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
