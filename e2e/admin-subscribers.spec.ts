import type { Page } from "@playwright/test";
import type { AudienceCount, CampaignRecipient, CampaignSummary, OutboxEmail } from "../schema/api/campaigns";
import type { AdminSubscriber } from "../schema/api/signups";
import { company } from "../schema/business";
import { adminGet, expect, expectToast, type PageWindow, signUp, signUpPending, test, unique } from "./admin-fixtures";

const tile = (page: Page, label: string) => page.locator(".admin-tile").filter({ hasText: label }).locator(".admin-tile-value");
const row = (page: Page, email: string) => page.locator(".admin-row").filter({ hasText: email });

test.describe("/admin/email-subscribers", () => {
  test("tiles, selection, select all and unsubscribe", async ({ adminPage: page, adminToken, request }) => {
    // Both at once: each waits for its confirmation e-mail, and the queue delivers them together.
    const [keep, leave] = await Promise.all([
      signUp(request, adminToken, `${unique("keep")}@example.com`),
      signUp(request, adminToken, `${unique("leave")}@example.com`),
    ]);
    const before = await adminGet<AdminSubscriber[]>(request, adminToken, "/api/admin/email-subscribers");
    const active = before.filter((s) => s.status === "active");
    const unsubscribed = before.filter((s) => s.status === "unsubscribed");

    await page.goto("/admin/email-subscribers");
    await expect(page.getByRole("heading", { level: 1, name: "Email Subscribers" })).toBeVisible();
    await expect(page.getByText("Manage subscribers and campaigns")).toBeVisible();
    await expect(tile(page, "Active")).toHaveText(String(active.length));
    await expect(tile(page, "Selected")).toHaveText("0");
    const weekAgo = Date.now() - 7 * 86_400_000;
    await expect(tile(page, "New Week")).toHaveText(String(active.filter((s) => Date.parse(s.signedUpAt) >= weekAgo).length));
    await expect(tile(page, "Unsubscribed")).toHaveText(String(unsubscribed.length));
    await expect(row(page, keep).getByText("Active", { exact: true })).toBeVisible();

    await row(page, keep).getByRole("checkbox").click();
    await expect(tile(page, "Selected")).toHaveText("1");
    await page.getByRole("button", { name: "Select All Active" }).click();
    await expect(tile(page, "Selected")).toHaveText(String(active.length));
    await expect(page.getByRole("checkbox", { checked: false })).toHaveCount(0);
    await page.getByRole("button", { name: "Deselect All" }).click();
    await expect(tile(page, "Selected")).toHaveText("0");
    await expect(page.getByRole("button", { name: "Select All Active" })).toBeVisible();

    await row(page, leave).getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Unsubscribe" }).click();
    await expectToast(page, "Subscriber unsubscribed successfully");
    await expect(page.getByRole("heading", { name: `Unsubscribed (${unsubscribed.length + 1})` })).toBeVisible();
    const gone = page
      .getByRole("region", { name: /Unsubscribed/ })
      .locator(".admin-row")
      .filter({ hasText: leave });
    await expect(gone.getByText("Unsubscribed", { exact: true })).toBeVisible();
    await expect(tile(page, "Active")).toHaveText(String(active.length - 1));
    await expect(tile(page, "Unsubscribed")).toHaveText(String(unsubscribed.length + 1));
    const after = await adminGet<AdminSubscriber[]>(request, adminToken, "/api/admin/email-subscribers");
    expect(after.find((s) => s.email === leave)?.isActive).toBe("false");
  });

  // The preview's sandbox refuses the script in the content, and Chromium reports that refusal.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });
    test("a campaign from a template goes to the selected subscriber's outbox and the form resets", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const recipient = await signUp(request, adminToken, `${unique("campaign")}@example.com`);
      await page.goto("/admin/email-subscribers");
      await row(page, recipient).getByRole("checkbox").click();
      await page.getByRole("tab", { name: "Campaigns" }).click();

      await page.getByRole("button", { name: /^Use template: Winter Service Offer/ }).click();
      await expect(page.getByLabel("Subject")).not.toHaveValue("");
      await expect(page.getByLabel("Button text")).toHaveValue("Book Your Service Now");
      await expect(page.getByLabel("Button link")).toHaveValue(company.phoneHref);
      const subject = `${await page.getByLabel("Subject").inputValue()} ${unique("run")}`;
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Content").fill("<p>Warm <strong>homes</strong></p><script>window.parent.pwned = true</script>");

      const preview = page.locator('iframe[title="E-mail preview"]');
      await expect(preview).toHaveAttribute("sandbox", "");
      await expect(
        page.frameLocator('iframe[title="E-mail preview"]').getByRole("link", { name: "Book Your Service Now" }),
      ).toBeVisible();
      await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText("homes")).toBeVisible();
      expect(await page.evaluate(() => (globalThis as unknown as PageWindow).pwned)).toBeUndefined();

      await page.getByRole("button", { name: "Send Campaign" }).click();
      await expectToast(page, "Campaign Sent!", "Successfully sent to 1 subscribers");
      await expect(page.getByLabel("Subject")).toHaveValue("");
      await expect(page.getByLabel("Title")).toHaveValue("");
      await expect(page.getByLabel("Content")).toHaveValue("");
      await expect(page.getByLabel("Offer (optional)")).toHaveValue("");
      await expect(page.getByLabel("Button text")).toHaveValue("Get Your Quote");
      await expect(page.getByLabel("Button link")).toHaveValue(company.phoneHref);
      await expect(tile(page, "Selected")).toHaveText("0");
      await expect(page.getByRole("button", { name: "Send Campaign" })).toBeDisabled();

      await expect
        .poll(
          async () => {
            const outbox = await adminGet<OutboxEmail[]>(request, adminToken, "/api/admin/outbox?limit=100");
            return outbox.filter((m) => m.subject === subject).map((m) => m.to);
          },
          { timeout: 20_000 },
        )
        .toEqual([recipient]);

      const history = page.getByRole("article", { name: `Campaign: ${subject}` });
      await expect(history).toBeVisible();
      await expect
        .poll(async () => {
          const campaigns = await adminGet<CampaignSummary[]>(request, adminToken, "/api/admin/campaigns");
          return campaigns.find((c) => c.subject === subject)?.counts.sent;
        })
        .toBe(1);
    });
  });

  // The preview's sandbox refuses the template's script, as above.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });
    test("a campaign to every active subscriber is counted before it goes, and its recipients are found by search", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const recipient = await signUp(request, adminToken, `${unique("everyone")}@example.com`);
      const { count } = await adminGet<AudienceCount>(request, adminToken, "/api/admin/campaigns/audience?segment=all");
      await page.goto("/admin/email-subscribers");
      await page.getByRole("tab", { name: "Campaigns" }).click();
      await page.getByRole("button", { name: /^Use template: Winter Service Offer/ }).click();
      const subject = `Everyone ${unique("run")}`;
      await page.getByLabel("Subject").fill(subject);
      await expect(page.getByText("Select recipients on the Subscribers tab.")).toBeVisible();

      await page.getByRole("combobox", { name: "Send to" }).click();
      await page.getByRole("option", { name: "Every active subscriber" }).click();
      await expect(page.getByRole("status").filter({ hasText: "This will go to" })).toHaveText(
        `This will go to ${count.toLocaleString("en-GB")} people.`,
      );
      await page.screenshot({ path: test.info().outputPath("campaign-audience-1280.png") });
      await page.getByRole("button", { name: "Send Campaign" }).click();
      await expectToast(page, "Campaign Sent!", `Successfully sent to ${count.toLocaleString("en-GB")} subscribers`);
      await expect(page.getByRole("combobox", { name: "Send to" })).toHaveText("Subscribers picked on the Subscribers tab");

      const history = page.getByRole("article", { name: `Campaign: ${subject}` });
      await history.getByText(`Recipients (${count.toLocaleString("en-GB")})`).click();
      await history.getByRole("searchbox", { name: `Find a recipient of ${subject}` }).fill(recipient);
      await expect(history.locator(".admin-recipients li")).toHaveCount(1);
      await expect(history.locator(".admin-recipients li")).toContainText(recipient);
    });
  });

  test("Send is disabled until a recipient is selected", async ({ adminPage: page }) => {
    await page.goto("/admin/email-subscribers");
    await page.getByRole("tab", { name: "Campaigns" }).click();
    await page.getByRole("button", { name: /^Use template: Emergency Repair Priority/ }).click();
    await expect(page.getByLabel("Button text")).toHaveValue("Call Emergency Line");
    await expect(page.getByText("Select recipients on the Subscribers tab.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Campaign" })).toBeDisabled();
  });

  test("a campaign the API refuses shows Campaign Failed with the reason", async ({ adminPage: page, adminToken, request }) => {
    const recipient = await signUp(request, adminToken, `${unique("refused")}@example.com`);
    await page.goto("/admin/email-subscribers");
    await row(page, recipient).getByRole("checkbox").click();
    await page.getByRole("tab", { name: "Campaigns" }).click();
    await page.getByRole("button", { name: /^Use template: Emergency Repair Priority/ }).click();
    await page.getByLabel("Button link").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Send Campaign" }).click();
    await expectToast(page, "Campaign Failed", "The button link must be a web address");
    await expect(page.getByLabel("Subject")).not.toHaveValue("");
    await expect(tile(page, "Selected")).toHaveText("1");
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test("retry failed re-sends a campaign's failed e-mails, and says when there are none", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const recipient = await signUp(request, adminToken, `${unique("retry")}@example.com`);
      const subject = `Retry check ${unique("run")}`;
      const sent = await request.post("/api/admin/send-campaign", {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { emails: [recipient], campaign: { subject, title: "Retry", content: "<p>Hello</p>" } },
      });
      expect(sent.status()).toBe(202);
      // Local delivery never fails, so the history shows this campaign's e-mail as failed.
      await page.route("**/api/admin/campaigns", async (route) => {
        const campaigns = (await (await route.fetch()).json()) as CampaignSummary[];
        const shown = campaigns.map((c) => (c.subject === subject ? { ...c, counts: { ...c.counts, sent: 0, failed: 1 } } : c));
        await route.fulfill({ json: shown });
      });
      await page.goto("/admin/email-subscribers");
      await page.getByRole("tab", { name: "Campaigns" }).click();
      const retry = page.getByRole("article", { name: `Campaign: ${subject}` }).getByRole("button", { name: "Retry failed (1)" });

      // The real API: nothing of this campaign failed, so there is nothing to re-send.
      await retry.click();
      await expectToast(page, "Error", "This campaign has no failed e-mails to re-send.");

      await page.route("**/retry-failed", (route) => route.fulfill({ status: 202, json: { successCount: 1, skipped: [] } }));
      await retry.click();
      await expectToast(page, "Retrying failed e-mails", "1 e-mail is queued again.");
      // A list refresh still in flight through the handler must not outlive the test.
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 5\d\d/] });

    test("a failed subscriber load says Failed to fetch subscribers", async ({ adminPage: page }) => {
      await page.route("**/api/admin/email-subscribers?*", (route) =>
        route.fulfill({ status: 503, json: { error: "Database unavailable", code: "INTERNAL" } }),
      );
      await page.goto("/admin/email-subscribers");
      await expectToast(page, "Failed to fetch subscribers");
      await expect(page.getByRole("tabpanel").getByRole("alert")).toContainText("Failed to fetch subscribers");
    });

    test("a failed unsubscribe says Failed to unsubscribe user", async ({ adminPage: page, adminToken, request }) => {
      const email = await signUp(request, adminToken, `${unique("stuck")}@example.com`);
      await page.route("**/unsubscribe", (route) => route.fulfill({ status: 500, json: { error: "Boom", code: "INTERNAL" } }));
      await page.goto("/admin/email-subscribers");
      await row(page, email).getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Unsubscribe" }).click();
      await expectToast(page, "Error", "Failed to unsubscribe user");
      await expect(row(page, email).getByText("Active", { exact: true })).toBeVisible();
    });
  });

  test("the search finds any part of an address and the export downloads every subscriber with their consent", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const tag = unique("findme");
    const found = await signUp(request, adminToken, `${tag}@example.com`);
    await page.goto("/admin/email-subscribers");
    await page.getByRole("searchbox", { name: "Search subscribers" }).fill(tag.slice(-8));
    await expect(page).toHaveURL(new RegExp(`q=${tag.slice(-8)}`));
    await expect(page.locator(".admin-row")).toHaveCount(1);
    await expect(row(page, found)).toBeVisible();
    await expect(tile(page, "Active")).toHaveText("1");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain(found);
  });

  test("pending sign-ups wait in their own list, are never selectable, and count in no tile", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const waiting = await signUpPending(request, `${unique("waiting")}@example.com`);
    const all = await adminGet<AdminSubscriber[]>(request, adminToken, "/api/admin/email-subscribers");
    expect(all.find((s) => s.email === waiting)).toMatchObject({ status: "pending", isActive: "false", confirmedAt: null });
    const active = all.filter((s) => s.status === "active");
    const pending = all.filter((s) => s.status === "pending");
    const weekAgo = Date.now() - 7 * 86_400_000;

    await page.goto("/admin/email-subscribers");
    const list = page.getByRole("region", { name: /^Awaiting confirmation/ });
    await expect(list.getByRole("heading", { name: `Awaiting confirmation (${pending.length})` })).toBeVisible();
    const waitingRow = list.locator(".admin-row").filter({ hasText: waiting });
    await expect(waitingRow.getByText("Pending", { exact: true })).toBeVisible();
    await expect(list.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("region", { name: /^Active subscribers/ }).getByText(waiting)).toHaveCount(0);
    await expect(page.getByRole("region", { name: /^Unsubscribed/ }).getByText(waiting)).toHaveCount(0);
    await expect(tile(page, "Active")).toHaveText(String(active.length));
    await expect(tile(page, "New Week")).toHaveText(String(active.filter((s) => Date.parse(s.signedUpAt) >= weekAgo).length));

    await page.getByRole("button", { name: "Select All Active" }).click();
    await expect(tile(page, "Selected")).toHaveText(String(active.length));
    await page.screenshot({ path: test.info().outputPath("admin-subscribers-pending-1280.png"), fullPage: true });
  });

  test("a campaign with unconfirmed e-mails explains them and re-sends failed and unconfirmed together", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const recipient = await signUp(request, adminToken, `${unique("unknown")}@example.com`);
    const subject = `Unknown check ${unique("run")}`;
    const sent = await request.post("/api/admin/send-campaign", {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { emails: [recipient], campaign: { subject, title: "Unknown", content: "<p>Hello</p>" } },
    });
    expect(sent.status()).toBe(202);
    // Local delivery always answers, so the history is shown as if the mail service never had.
    await page.route("**/api/admin/campaigns", async (route) => {
      const campaigns = (await (await route.fetch()).json()) as CampaignSummary[];
      const shown = campaigns.map((c) =>
        c.subject === subject
          ? {
              ...c,
              counts: { ...c.counts, queued: 0, sent: 0, failed: 0, unknown: 1 },
            }
          : c,
      );
      await route.fulfill({ json: shown });
    });
    // Its recipients, read once they are opened, likewise.
    await page.route("**/api/admin/campaigns/*/recipients?*", async (route) => {
      const rows = (await (await route.fetch()).json()) as CampaignRecipient[];
      await route.fulfill({
        json: rows.map((r) => (r.email === recipient ? { ...r, status: "unknown" as const, lastError: "no answer" } : r)),
        headers: { "X-Total-Count": String(rows.length) },
      });
    });
    let retried = false;
    await page.route("**/retry-failed", (route) => {
      retried = true;
      return route.fulfill({ status: 202, json: { successCount: 1, skipped: [] } });
    });
    await page.goto("/admin/email-subscribers");
    await page.getByRole("tab", { name: "Campaigns" }).click();
    const campaign = page.getByRole("article", { name: `Campaign: ${subject}` });
    await expect(campaign.locator(".admin-count").filter({ hasText: "Unconfirmed" })).toContainText("1");
    await expect(
      campaign.getByText("Unconfirmed e-mails were sent to the mail service but no answer was recorded"),
    ).toBeVisible();
    await campaign.getByText("Recipients (1)").click();
    const row = campaign.locator(".admin-recipients li").filter({ hasText: recipient });
    await expect(row.getByText("unknown", { exact: true })).toBeVisible();
    await expect(row).toContainText("Sent to the mail service but no answer was recorded; it may or may not have arrived.");
    await campaign.screenshot({ path: test.info().outputPath("admin-campaign-unknown-1280.png") });

    await campaign.getByRole("button", { name: "Re-send failed and unconfirmed (1)" }).click();
    await expectToast(page, "Retrying failed e-mails", "1 e-mail is queued again.");
    expect(retried).toBe(true);
    // The history reloads after the re-send; its played-back answer may still be on its way.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
