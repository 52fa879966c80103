import { adminRoutes } from "../schema/admin-routes";
import type { AdminSummary } from "../schema/api/home";
import { ADMIN, bearer, expect, expectToast, loginToken, test } from "./admin-fixtures";
import { checkEach } from "./fixtures";

// Logging in to the back office and the session that follows. The sections bar and its More
// panel are in admin-layout.spec.ts.

// The sign-in and an invited person's link (/admin/join) are open without a session.
const screens = adminRoutes.map((r) => r.path).filter((p) => p !== "/admin/login" && p !== "/admin/join");

const storedTokens = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({ session: sessionStorage.getItem("adminToken"), local: localStorage.getItem("adminToken") }));

test.describe("admin login and session", () => {
  // One page visits every screen in turn, each its own step; a failing one is named without stopping the others.
  test("every admin screen redirects to /admin/login when no token is stored", async ({ page }) => {
    await checkEach(
      screens,
      (path) => `${path} redirects to /admin/login`,
      async (path) => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/admin\/login$/);
        await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      },
    );
  });

  test("signed out, /admin/today asks the other tabs for the session once, not twice", async ({ page, context }) => {
    // A tab of the site that is not signed in hears every ask on the session channel.
    const listener = await context.newPage();
    await listener.goto("/");
    await listener.evaluate(() => {
      const heard = { asks: 0 };
      (window as unknown as { heard: typeof heard }).heard = heard;
      new BroadcastChannel("admin-session").onmessage = (event) => {
        if (event.data?.type === "ask") heard.asks++;
      };
    });
    const asks = () => listener.evaluate(() => (window as unknown as { heard: { asks: number } }).heard.asks);
    // The page's HTML asks (admin-day-preload.js); nobody answers, so the app does not ask again.
    await page.goto("/admin/today");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect.poll(asks).toBe(1);
    // A later screen still asks: the skip is once, for the ask the HTML has just made.
    await page.goto("/admin/quotes");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect.poll(asks).toBe(2);
  });

  test("username and password are both required", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByLabel("Username")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(
      await page
        .getByLabel("Username")
        .evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing),
    ).toBe(true);
  });

  test.describe(() => {
    // Wrong credentials are a 401, which the browser reports on the console.
    test.use({ allowedConsoleErrors: [/status of 401/] });
    test("a wrong password shows Login Failed and stores no token", async ({ page }) => {
      await page.goto("/admin/login");
      await expect(page).toHaveTitle(/Admin Login/);
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await expectToast(page, "Login Failed", "Invalid username or password");
      await expect(page).toHaveURL(/\/admin\/login$/);
      expect((await storedTokens(page)).session).toBeNull();
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test("a throttled login shows the server's message", async ({ page }) => {
      // The real throttle would lock this address out for 15 minutes and stop the other tests
      // logging in, so the API's 429 answer is played back here.
      await page.route("**/api/admin/login", (route) =>
        route.fulfill({
          status: 429,
          contentType: "application/json",
          headers: { "Retry-After": "900" },
          body: JSON.stringify({
            error: "Too many failed login attempts. Please wait a few minutes and try again.",
            code: "RATE_LIMITED",
          }),
        }),
      );
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill("guess");
      await page.getByRole("button", { name: "Log in" }).click();
      await expectToast(page, "Login Error", "Too many failed login attempts");
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 5\d\d/] });
    test("a deploy missing its secrets says so, in the server's own words", async ({ page }) => {
      const message = "Admin login is not configured. Set ADMIN_USERNAME, ADMIN_PASSWORD_HASH and JWT_SECRET.";
      await page.route("**/api/admin/login", (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: message, code: "NOT_CONFIGURED", requestId: "r" }),
        }),
      );
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expectToast(page, "Login Error", message);
    });

    test("a failed login request with no reason shows Login Error", async ({ page }) => {
      await page.route("**/api/admin/login", (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
      );
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expectToast(page, "Login Error", "Invalid credentials. Please try again.");
    });
  });

  test("the right credentials log in, keep the token in sessionStorage and open the home screen", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expectToast(page, "Login Successful");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    await expect(page).toHaveTitle(/^Back Office \|/);
    const { session, local } = await storedTokens(page);
    expect(session).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(local).toBeNull();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 401/] });
    test("with two-step sign-in on, the right password leads to a code step that sends the code with the password", async ({
      page,
    }) => {
      // The real second factor is turned on and off in admin-security.spec.ts; here the API's answers are played back.
      const bodies: Record<string, string>[] = [];
      const wrongCode = "That code is not right, or it has been used already. Please try the current code from your app.";
      await page.route("**/api/admin/login", async (route) => {
        const body = route.request().postDataJSON() as Record<string, string>;
        bodies.push(body);
        if (!body.code) return route.fulfill({ json: { success: false, mfaRequired: true } });
        if (body.code !== "k3x9p-q2mzd")
          return route.fulfill({ status: 401, json: { error: wrongCode, code: "UNAUTHORIZED", requestId: "r1" } });
        return route.fulfill({ json: { success: true, token: "e2e.mocked.token" } });
      });
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();

      const code = page.getByLabel("Code from your app");
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(code).toHaveAttribute("inputmode", "numeric");
      await expect(page.getByLabel("Password")).toHaveCount(0);

      // Back to the first step, and forward again.
      await page.getByRole("button", { name: "Back to username and password" }).click();
      await expect(page.getByLabel("Username")).toHaveValue(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();

      await page.getByLabel("Code from your app").fill("123456");
      await page.getByRole("button", { name: "Verify" }).click();
      await expectToast(page, "Code Not Accepted", wrongCode);
      await expect(page.getByLabel("Code from your app")).toHaveValue("");

      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      const recovery = page.getByLabel("Recovery code");
      await expect(recovery).toHaveAttribute("inputmode", "text");
      await recovery.fill("k3x9p-q2mzd");
      // The token check of the next screen would end this made-up session; only the hand-over matters here.
      await page.route("**/api/admin/summary", (route) =>
        route.fulfill({
          json: {
            urgentEnquiries: 0,
            urgent: [],
            newEnquiries: 0,
            ordersToConfirm: 0,
            ordersToDispatch: 0,
            visitsThisWeek: 0,
            remindersDue: 0,
            lowStockProducts: 0,
            failedCampaignSends: 0,
            quotesThisMonth: { sent: 0, viewed: 0, accepted: 0, acceptedPence: 0 },
            acceptedQuotes: [],
            invoices: { overdue: 0, overduePence: 0, owedPence: 0 },
            erasureRequests: 0,
            notificationsDue: { count: 0, jobs: [] },
          } satisfies AdminSummary,
        }),
      );
      await page.route("**/api/admin/security", (route) =>
        route.fulfill({ json: { mfaEnabled: true, mfaEnabledAt: null, recoveryCodesLeft: 9, signIns: [] } }),
      );
      await page.getByRole("button", { name: "Verify" }).click();
      await expectToast(page, "Login Successful");
      await expect(page).toHaveURL(/\/admin$/);

      expect(bodies.map((b) => b.code ?? null)).toEqual([null, null, "123456", "k3x9p-q2mzd"]);
      expect(bodies.every((b) => b.username === ADMIN.username && b.password === ADMIN.password)).toBe(true);
    });
  });

  test("the back-to-website button goes home", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Back to website" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("logout revokes the token, clears both storages, says Logged Out and goes to login", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    await page.goto("/admin/quotes");
    // Let the quotes list finish loading: a read still in flight when the token is revoked would
    // (rightly) come back 401.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => localStorage.setItem("adminToken", "left-over"));
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged Out");
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedTokens(page)).toEqual({ session: null, local: null });
    const after = await request.get("/api/admin/quotes", { headers: bearer(adminToken) });
    expect(after.status()).toBe(401);
    await page.goto("/admin/quotes");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test("a forged token is cleared on the first 401 and the owner is sent to login", async ({ page }) => {
      await page.goto("/admin/login");
      await page.evaluate(() => {
        sessionStorage.setItem("adminToken", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.forged");
        localStorage.setItem("adminToken", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.forged");
      });
      await page.goto("/admin/quotes");
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expectToast(page, "Session ended", "Please log in again.");
      expect(await storedTokens(page)).toEqual({ session: null, local: null });
    });

    test("a revoked token ends the session on every screen", async ({ page, request }) => {
      await checkEach(
        ["/admin", "/admin/customers", "/admin/email-subscribers", "/admin/service-records", "/admin/products", "/admin/orders"],
        (path) => `a revoked token on ${path} ends the session`,
        async (path) => {
          const token = await loginToken(request);
          expect((await request.post("/api/admin/logout", { headers: bearer(token) })).status()).toBe(200);
          await page.goto("/admin/login");
          await page.evaluate((t) => sessionStorage.setItem("adminToken", t), token);
          await page.goto(path);
          await expect(page).toHaveURL(/\/admin\/login$/);
          expect((await storedTokens(page)).session).toBeNull();
        },
      );
    });
  });
});
