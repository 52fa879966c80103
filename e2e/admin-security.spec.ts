import type { APIRequestContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type AdminLoginResult, type AdminSecurity, WRONG_CONFIRMATION } from "../schema/api/security";
import {
  ADMIN,
  adminGet,
  bearer,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  loginToken,
  shoot,
  test,
} from "./admin-fixtures";

// Sign-in attempts are counted per address; this file's attempts come from their own, which the
// sign-in list then shows.
const ADDRESS = "198.51.100.31";
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": ADDRESS } });

const STEP_MS = 30_000;
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: STEP_MS / 1000 });

/**
 * A code from a time step after `afterStep`: the server refuses a code whose step has been used
 * (to turn the factor on, or to sign in). It accepts one step of clock drift each way, so the next
 * step's code is taken rather than waiting up to 30 seconds for it.
 */
async function freshCode(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, afterStep + 1);
  if (step > now + 1) throw new Error("No fresh code within the server's one step of drift: use fewer codes per test");
  return { code: totp(secret).generate({ timestamp: step * STEP_MS + 1000 }), step };
}

/**
 * Leaves the account as every other test expects it (password only), whatever happened above:
 * signs in with one recovery code and turns the second factor off with another.
 */
async function turnOffWithRecoveryCodes(request: APIRequestContext, codes: string[]) {
  const state = await request.post("/api/admin/login", { data: ADMIN });
  if (((await state.json()) as AdminLoginResult).success) return;
  const login = await request.post("/api/admin/login", { data: { ...ADMIN, code: codes[9] } });
  const body = (await login.json()) as AdminLoginResult;
  if (!body.success) throw new Error("could not sign in with a recovery code to turn two-step sign-in off");
  const off = await request.post("/api/admin/mfa/disable", {
    headers: bearer(body.token),
    data: { password: ADMIN.password, code: codes[8] },
  });
  expect(off.status(), await off.text()).toBe(200);
}

const tokenOf = async (page: Page) => (await page.evaluate(() => sessionStorage.getItem("adminToken")))!;
const mfaPanel = (page: Page) => page.getByRole("region", { name: "Two-step sign-in" });
const reminder = (page: Page) => page.getByRole("complementary", { name: "Security reminder" });

test.describe("/admin/security", () => {
  test.describe(() => {
    // A wrong code is a 400 (turning on) or a 401 (signing in), which the browser reports.
    test.use({ allowedConsoleErrors: [/status of 40[01]/] });

    test("turns two-step sign-in on with the app's code, shows ten recovery codes once, asks for a code at login, and turns it off", async ({
      adminPage: page,
      context,
      request,
    }) => {
      test.setTimeout(150_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      let recoveryCodes: string[] = [];
      try {
        await page.goto("/admin/security");
        await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
        await expect(mfaPanel(page).getByText("Off", { exact: true })).toBeVisible();
        await mfaPanel(page).getByRole("button", { name: "Turn on two-step sign-in" }).click();

        await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
        const shown = (await page.getByTestId("mfa-secret").textContent()) ?? "";
        expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
        const secret = shown.replace(/\s+/g, "");
        const codeField = page.getByLabel("Code from your app");
        await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
        await expect(codeField).toHaveAttribute("inputmode", "numeric");
        await expectAccessible(page);
        await shoot(page, "admin-security-setup-1280");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoHorizontalScroll(page);
        await shoot(page, "admin-security-setup-390");
        await page.setViewportSize({ width: 1280, height: 900 });

        // The password too: a stolen session cannot bind its own app. A wrong code is refused with
        // the one answer that never says which part was wrong, and the code is cleared.
        const { code, step } = await freshCode(secret, 0);
        const password = mfaPanel(page).getByLabel("Your password");
        await password.fill(ADMIN.password);
        await codeField.fill(String((Number(code) + 500_000) % 1_000_000).padStart(6, "0"));
        await page.getByRole("button", { name: "Turn on", exact: true }).click();
        await expect(page.getByText(WRONG_CONFIRMATION)).toBeVisible();
        await expect(password).toHaveAttribute("aria-invalid", "true");
        await expect(codeField).toHaveValue("");

        await codeField.fill(code);
        await page.getByRole("button", { name: "Turn on", exact: true }).click();
        await expectToast(page, "Two-step sign-in is on");
        const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
        await expect(codes).toHaveCount(10);
        recoveryCodes = await codes.allTextContents();
        for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
        await expect(page.getByText("These codes won't be shown again.")).toBeVisible();
        await expect(mfaPanel(page).getByText("On", { exact: true })).toBeVisible();
        await expectAccessible(page);
        await shoot(page, "admin-security-recovery-codes-1280");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoHorizontalScroll(page);
        await shoot(page, "admin-security-recovery-codes-390");
        await page.setViewportSize({ width: 1280, height: 900 });

        await page.getByRole("button", { name: "Copy all" }).click();
        await expectToast(page, "Copied");
        expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(recoveryCodes.join("\n"));
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Download as text" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("recovery-codes.txt");
        const { readFile } = await import("node:fs/promises");
        const saved = await readFile((await download.path())!, "utf8");
        for (const c of recoveryCodes) expect(saved).toContain(c);

        await page.getByRole("button", { name: "I've saved them" }).click();
        await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
        await expect(mfaPanel(page).getByText("10 recovery codes left")).toBeVisible();
        const state = await adminGet<AdminSecurity>(request, await tokenOf(page), "/api/admin/security");
        expect(state).toMatchObject({ mfaEnabled: true, recoveryCodesLeft: 10 });
        await page.reload();
        await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

        // With the second factor on, the reminder has nothing to say.
        await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expect(reminder(page)).toHaveCount(0);

        // Log out, then in: password, then the code step.
        await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
        await expect(page).toHaveURL(/\/admin\/login$/);
        await page.getByLabel("Username").fill(ADMIN.username);
        await page.getByLabel("Password").fill(ADMIN.password);
        await page.getByRole("button", { name: "Log in" }).click();
        const loginCode = page.getByLabel("Code from your app");
        await expect(loginCode).toBeFocused();
        await expect(loginCode).toHaveAttribute("autocomplete", "one-time-code");
        await expect(loginCode).toHaveAttribute("inputmode", "numeric");
        await shoot(page, "admin-login-code-1280");

        // The code that turned the factor on has been used: it is refused.
        await loginCode.fill(code);
        await page.getByRole("button", { name: "Verify" }).click();
        await expectToast(page, "Code Not Accepted", "That code is not right, or it has been used already.");
        await expect(page).toHaveURL(/\/admin\/login$/);

        const next = await freshCode(secret, step);
        await loginCode.fill(next.code);
        await page.getByRole("button", { name: "Verify" }).click();
        await expectToast(page, "Login Successful");
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

        // The list shows the steps of this sign-in, newest first.
        await page.goto("/admin/security");
        const rows = page.locator(".admin-signins-row");
        await expect(rows.nth(0)).toContainText("Signed in");
        await expect(rows.nth(1)).toContainText("Wrong code");
        await expect(rows.nth(2)).toContainText("Code asked");
        await expect(rows.nth(0)).toContainText(ADDRESS);

        // New recovery codes, on the password and one of the old codes: ten new ones, the old ones dead.
        await mfaPanel(page).getByRole("button", { name: "New recovery codes…" }).click();
        await page.getByLabel("Your password").fill(ADMIN.password);
        await mfaPanel(page).getByRole("button", { name: "Use a recovery code instead" }).click();
        await mfaPanel(page).getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[1]!);
        await mfaPanel(page).getByRole("button", { name: "Get new recovery codes" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Get new codes" }).click();
        await expectToast(page, "New recovery codes");
        await expect(codes).toHaveCount(10);
        const renewed = await codes.allTextContents();
        expect(renewed.some((c) => recoveryCodes.includes(c))).toBe(false);
        const old = recoveryCodes;
        recoveryCodes = renewed;
        expect((await request.post("/api/admin/login", { data: { ...ADMIN, code: old[2] } })).status()).toBe(401);
        await page.getByRole("button", { name: "I've saved them" }).click();
        await expect(mfaPanel(page).getByText("10 recovery codes left")).toBeVisible();

        // Off again: a wrong password is refused, then the password and a recovery code do it.
        await mfaPanel(page).getByRole("button", { name: "Turn off…" }).click();
        const turnOff = mfaPanel(page).getByRole("button", { name: "Turn off two-step sign-in" });
        await expect(turnOff).toBeDisabled();
        await page.getByLabel("Your password").fill("not-the-password");
        await mfaPanel(page).getByRole("button", { name: "Use a recovery code instead" }).click();
        const recoveryField = mfaPanel(page).getByLabel("Recovery code");
        await expect(recoveryField).toHaveAttribute("inputmode", "text");
        await recoveryField.fill(recoveryCodes[0]!);
        await turnOff.click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Turn off" }).click();
        await expect(mfaPanel(page).getByText(WRONG_CONFIRMATION)).toBeVisible();
        // The code is cleared with the answer (it was not spent: the password was checked first).
        await expect(recoveryField).toHaveValue("");
        await recoveryField.fill(recoveryCodes[0]!);

        await page.getByLabel("Your password").fill(ADMIN.password);
        await turnOff.click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Turn off" }).click();
        await expectToast(page, "Two-step sign-in is off");
        await expect(mfaPanel(page).getByText("Off", { exact: true })).toBeVisible();
        await expect(mfaPanel(page).getByRole("button", { name: "Turn on two-step sign-in" })).toBeVisible();
      } finally {
        if (recoveryCodes.length === 10) await turnOffWithRecoveryCodes(request, recoveryCodes);
      }
      // Every other test signs in with the password alone.
      await loginToken(request);
    });
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the sign-ins list shows each attempt's time, address, browser and outcome at ${size.width} px`, async ({
      adminPage: page,
      request,
    }) => {
      await page.setViewportSize(size);
      // Someone else's attempt, from elsewhere, with another name (so the owner's own counter is untouched).
      const intruder = "203.0.113.77";
      const attempt = await request.post("/api/admin/login", {
        data: { username: "intruder", password: "guess" },
        headers: {
          "CF-Connecting-IP": intruder,
          "User-Agent":
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        },
      });
      expect(attempt.status()).toBe(401);

      await page.goto("/admin/security");
      const list = page.getByRole("table", { name: "Latest sign-ins, newest first" });
      await expect(list).toBeVisible();
      const first = list.getByRole("row").nth(1);
      await expect(first).toContainText(intruder);
      await expect(first).toContainText("Chrome on Windows");
      await expect(first).toContainText("Wrong password or name");
      // The owner sees which username each attempt gave; a name nobody has is never kept.
      await expect(first).toContainText("(another name)");
      // The fixture's own sign-in, from this file's address.
      await expect(list.getByRole("row").filter({ hasText: ADDRESS }).filter({ hasText: "Signed in" }).first()).toBeVisible();
      // 30 a page, with Load more for the rest.
      expect(await list.getByRole("row").count()).toBeLessThanOrEqual(31);
      // The successes, and those from a new browser, are one tab away however many failures came since.
      await page.getByRole("tab", { name: /^Signed in/ }).click();
      const signedIn = page.getByRole("table", { name: "Latest sign-ins, newest first" });
      await expect(signedIn.getByRole("row").nth(1)).toContainText("Signed in");
      await expect(signedIn.getByRole("row").filter({ hasText: "Wrong password or name" })).toHaveCount(0);
      await page.getByRole("tab", { name: /^All/ }).click();

      const header = list.locator("thead");
      await expect(header.getByRole("columnheader", { name: "Browser" })).toHaveCount(1);
      if (size.width < 640) {
        // Stacked into small cards (time and outcome, address and browser, then the owner's third line:
        // the username given); the column headers stay for screen readers only.
        expect((await header.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
        expect((await first.boundingBox())!.height).toBeLessThan(100);
      } else {
        await expect(header.getByRole("columnheader", { name: "Browser" })).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, `admin-security-${size.width}`);
    });
  }

  test("while two-step sign-in is off, every screen shows a small reminder that can be put away for the session", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    const note = reminder(page);
    await expect(note).toBeVisible();
    const link = note.getByRole("link", { name: "Protect the back office: turn on two-step sign-in" });
    await expect(link).toHaveAttribute("href", "/admin/security");
    expect((await note.boundingBox())!.height).toBeLessThan(48);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await note.boundingBox())!.height).toBeLessThan(72);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath("admin-reminder-390.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("admin-reminder-1280.png") });

    // The Security screen is the reminder's subject; it does not repeat it.
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expect(reminder(page)).toHaveCount(0);

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" }).click();
    await reminder(page).getByRole("button", { name: "Dismiss the reminder" }).click();
    await expect(reminder(page)).toHaveCount(0);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Product Management" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Product Management" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(reminder(page)).toHaveCount(0);

    // A new browser session reminds again.
    await page.evaluate(() => sessionStorage.removeItem("mfaReminderDismissed"));
    await page.reload();
    await expect(reminder(page)).toBeVisible();
  });

  test.describe(() => {
    // A read still on its way when every session ends is refused (401), as it should be.
    test.use({ allowedConsoleErrors: [/status of 401/] });
    test("sign out everywhere ends every session, this one included, and goes to login", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const elsewhere = await loginToken(request);
      await page.goto("/admin/security");
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
      await expect(dialog).toContainText("Every session ends, this one too");
      await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
      await expectToast(page, "Signed out everywhere", /sessions? ended/);
      await expect(page).toHaveURL(/\/admin\/login$/);
      expect(await page.evaluate(() => sessionStorage.getItem("adminToken"))).toBeNull();
      for (const token of [adminToken, elsewhere]) {
        expect((await request.get("/api/admin/quotes", { headers: bearer(token) })).status()).toBe(401);
      }
      // The password still signs in.
      await loginToken(request);
    });
  });
});
