import { COMMON_PASSWORD, WRONG_CURRENT_PASSWORD } from "../schema/api/security";
import { expect, expectNoHorizontalScroll, expectToast, shoot, test } from "./admin-fixtures";

// Signing in on the owner's phone (issue 27.7), at 390 px.
test.use({ viewport: { width: 390, height: 844 } });

test("a new tab takes the session of a signed-in one, and logging out in one logs out the other", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

  // A link from an e-mail opened in a new tab: no login screen.
  const second = await page.context().newPage();
  await second.goto("/admin/quotes");
  await expect(second.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await expect(second).toHaveURL(/\/admin\/quotes/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(second).toHaveURL(/\/admin\/login$/);
  await second.close();
});

test("a tab with no signed-in tab beside it shows the login screen", async ({ page }) => {
  await page.goto("/admin/quotes");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test.describe(() => {
  // The browser reports the 400s the form is answered with.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the password is changed on the Security screen: twelve characters, not a common one, the current one first", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/security");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("whatever");
    await form.getByLabel(/^New password \(at least 12/).fill("too short");
    await form.getByLabel("New password again").fill("too short");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Please use at least 12 characters")).toBeVisible();

    // The Worker's answers (the real ones are in test/admin-security.test.ts; changing the shared
    // test server's password here would lock out every other test).
    const answers = [
      {
        status: 400,
        json: {
          error: COMMON_PASSWORD,
          code: "VALIDATION_FAILED",
          requestId: "r",
          details: [{ path: "password", message: COMMON_PASSWORD }],
        },
      },
      {
        status: 400,
        json: {
          error: WRONG_CURRENT_PASSWORD,
          code: "VALIDATION_FAILED",
          requestId: "r",
          details: [{ path: "current", message: WRONG_CURRENT_PASSWORD }],
        },
      },
      { status: 200, json: { sessionsEnded: 2 } },
    ];
    const sent: unknown[] = [];
    await page.route("**/api/admin/security/password", (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill(answers.shift()!);
    });
    const fresh = "kettle lighthouse orange 42";
    await form.getByLabel(/^New password \(at least 12/).fill("1234567890qwerty");
    await form.getByLabel("New password again").fill("1234567890qwerty");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText(COMMON_PASSWORD)).toBeVisible();

    await form.getByLabel(/^New password \(at least 12/).fill(fresh);
    await form.getByLabel("New password again").fill(fresh);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText(WRONG_CURRENT_PASSWORD)).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Current password").fill("admin-dev-password");
    await form.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Password changed", "2 other sessions were signed out");
    await expect(form.getByLabel("Current password")).toHaveValue("");
    expect(sent.at(-1)).toEqual({ current: "admin-dev-password", password: fresh, confirm: fresh });
    await expectNoHorizontalScroll(page);
    await shoot(page, "security-change-password-390");
  });
});

test("two-step set-up offers 'Open in authenticator app' beside the QR code", async ({ adminPage: page }) => {
  await page.route("**/api/admin/mfa/setup", (route) =>
    route.fulfill({
      json: {
        secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        otpauthUri: "otpauth://totp/Northside:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      },
    }),
  );
  await page.goto("/admin/security");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("link", { name: "Open in authenticator app" })).toHaveAttribute(
    "href",
    /^otpauth:\/\/totp\/.+secret=JBSWY3DPEHPK3PXP/,
  );
});
