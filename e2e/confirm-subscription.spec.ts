import type { Page } from "@playwright/test";
import type { AdminSubscriber } from "../schema/api/signups";
import { SIGNUP_CHECK_INBOX } from "../schema/api/signups";
import {
  adminGet,
  confirmationToken,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  shoot,
  signUpPending,
  test,
  unique,
} from "./admin-fixtures";
import { scrollToOpenSignupModal } from "./shop-helpers";

// The sign-up and confirm API limit requests per address; this file gets its own.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.23" } });

const subscriberRow = (page: Page, email: string) => page.locator(".admin-row").filter({ hasText: email });
const statusOf = async (request: Parameters<typeof adminGet>[0], token: string, email: string) =>
  (await adminGet<AdminSubscriber[]>(request, token, "/api/admin/email-subscribers")).find((s) => s.email === email)?.status;

test.describe("confirmed opt-in", () => {
  test("a visitor signs up in the modal, confirms from the e-mail's link, and the owner sees pending, then active", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const email = `${unique("optin")}@example.com`;
    await page.goto("/service/plumbing");
    await scrollToOpenSignupModal(page);
    const modal = page.getByRole("dialog", { name: "Save Money on Your Heating Bills!" });
    await expect(modal).toBeVisible();
    await modal.getByLabel("Email address").fill(email);
    await modal.getByRole("button", { name: "GET EXCLUSIVE DEALS" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toContainText(SIGNUP_CHECK_INBOX);

    const token = await confirmationToken(request, adminToken, email);
    await page.goto("/admin/email-subscribers");
    const pending = page.getByRole("region", { name: /^Awaiting confirmation/ });
    await expect(subscriberRow(page, email).getByText("Pending", { exact: true })).toBeVisible();
    await expect(pending.getByText(email)).toBeVisible();

    await page.goto(`/confirm-subscription?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your sign-up" })).toBeVisible();
    // Opening the link (as a mail scanner would) changes nothing.
    await page.waitForLoadState("networkidle");
    expect(await statusOf(request, adminToken, email)).toBe("pending");
    await page.getByRole("button", { name: "Yes, sign me up" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're signed up!" })).toBeFocused();
    await expect(page.getByRole("main")).toContainText(`${email} will now get our deals and heating tips.`);
    expect(await statusOf(request, adminToken, email)).toBe("active");

    // The same link again: already done, still a success.
    await page.reload();
    await page.getByRole("button", { name: "Yes, sign me up" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're signed up!" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`${email} was already confirmed`);

    await page.goto("/admin/email-subscribers");
    const active = page.getByRole("region", { name: /^Active subscribers/ });
    await expect(active.locator(".admin-row").filter({ hasText: email }).getByText("Active", { exact: true })).toBeVisible();
    await expect(pending.getByText(email)).toHaveCount(0);
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the confirm page and its outcome at ${size.width} px`, async ({ page, adminToken, request }) => {
      await page.setViewportSize(size);
      await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
      const email = await signUpPending(request, `${unique("shot")}@example.com`);
      const token = await confirmationToken(request, adminToken, email);
      await page.goto(`/confirm-subscription?token=${encodeURIComponent(token)}`);
      await expect(page.getByRole("button", { name: "Yes, sign me up" })).toBeEnabled();
      await expect(page.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");
      await expectNoHorizontalScroll(page);
      await shoot(page, `confirm-subscription-${size.width}`);
      await page.getByRole("button", { name: "Yes, sign me up" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "You're signed up!" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, `confirm-subscription-done-${size.width}`);
    });
  }

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 400/] });
    test("a link that is not valid shows the server's message and a way home", async ({ page }) => {
      await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
      await page.goto("/confirm-subscription?token=not-a-real-token");
      await page.getByRole("button", { name: "Yes, sign me up" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "We couldn't confirm this link" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(
        "This confirmation link is not valid or has already been used. Please sign up again from our website.",
      );
      await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 5\d\d/] });
    test("a failed request can be tried again", async ({ page }) => {
      await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
      await page.route("**/api/email-signups/confirm", (route) => route.fulfill({ status: 503, body: "" }));
      await page.goto("/confirm-subscription?token=abc");
      await page.getByRole("button", { name: "Yes, sign me up" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Something went wrong" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Yes, sign me up" })).toBeEnabled();
    });
  });

  test("a link without its token says it is incomplete and sends nothing", async ({ page }) => {
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    let posted = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/email-signups/confirm")) posted = true;
    });
    await page.goto("/confirm-subscription");
    await expect(page.getByText("This link is incomplete: please open it again from your e-mail.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, sign me up" })).toBeDisabled();
    await page.waitForLoadState("networkidle");
    expect(posted).toBe(false);
  });

  test("the prerendered page is marked noindex and asks before it changes anything", async ({ request }) => {
    const html = await (await request.get("/confirm-subscription?token=abc")).text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).toContain("Confirm your sign-up");
    expect(html).toContain("Yes, sign me up");
  });
});
