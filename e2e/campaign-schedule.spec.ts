import type { Page } from "@playwright/test";
import type { CampaignSummary } from "../schema/api/campaigns";
import { adminGet, expect, expectToast, signUp, test, unique } from "./admin-fixtures";

/** A UK wall-clock reading of an instant, "yyyy-mm-dd hh:mm", worked out independently of the page's code. */
const ukClock = (date: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
const tomorrowUk = () => ukClock(new Date(Date.now() + 86_400_000)).slice(0, 10);

/** A selected subscriber, the Campaigns tab open and a template filled in with a subject of its own. */
async function draftCampaign(page: Page, recipient: string) {
  await page.goto("/admin/email-subscribers");
  await page.locator(".admin-row").filter({ hasText: recipient }).getByRole("checkbox").click();
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("button", { name: /^Use template: Winter Service Offer/ }).click();
  const subject = `Scheduled ${unique("run")}`;
  await page.getByLabel("Subject").fill(subject);
  return subject;
}

test.describe("scheduling a campaign", () => {
  // The preview's sandbox refuses the template's content scripts, if any; Chromium reports that refusal.
  test.use({ allowedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });
  // A UK date format in the picker, on a computer whose clock is set to New York: the times are still UK times.
  test.use({ locale: "en-GB", timezoneId: "America/New_York" });

  test("schedule for tomorrow, see it listed with its time, cancel it, see Cancelled", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const recipient = await signUp(request, adminToken, `${unique("scheduled")}@example.com`);
    const subject = await draftCampaign(page, recipient);

    const when = page.getByRole("group", { name: "When to send" });
    await expect(when.getByRole("radio", { name: /Send now/ })).toBeChecked();
    await expect(page.getByRole("button", { name: "Send Campaign" })).toBeEnabled();
    await when.getByRole("radio", { name: /Schedule/ }).check();
    const time = page.getByLabel("Date and time (UK time)");
    // First suggestion: tomorrow morning.
    await expect(time).toHaveValue(`${tomorrowUk()}T09:00`);
    await time.fill(`${tomorrowUk()}T10:30`);
    await expect(page.getByText(/^Sends on \w+day,? \d+ \w+ \d{4} at 10:30 \(UK time\)\.$/)).toBeVisible();
    const button = page.getByRole("button", { name: "Schedule Campaign" });
    await expect(button).toBeEnabled();
    await page
      .locator("form")
      .filter({ has: time })
      .screenshot({ path: test.info().outputPath("campaign-schedule-1280.png") });

    await button.click();
    await expectToast(page, "Campaign Scheduled", /It goes to 1 subscriber on \w+day,? .* at 10:30\./);
    await expect(page.getByRole("radio", { name: /Send now/ })).toBeChecked();
    await expect(page.getByLabel("Subject")).toHaveValue("");

    const campaigns = await adminGet<CampaignSummary[]>(request, adminToken, "/api/admin/campaigns");
    const scheduled = campaigns.find((c) => c.subject === subject)!;
    expect(scheduled.status).toBe("scheduled");
    expect(ukClock(new Date(scheduled.sendAt!))).toBe(`${tomorrowUk()} 10:30`);

    const card = page.getByRole("article", { name: `Campaign: ${subject}` });
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(card.getByText(/^Scheduled for \w+day,? \d+ \w+ \d{4} at 10:30$/)).toBeVisible();
    await card.screenshot({ path: test.info().outputPath("campaign-scheduled-card-1280.png") });

    // Confirm first: dismissing keeps it scheduled.
    await card.getByRole("button", { name: `Cancel campaign: ${subject}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this scheduled campaign?" });
    await expect(dialog).toContainText(subject);
    await page.screenshot({ path: test.info().outputPath("campaign-cancel-dialog-1280.png") });
    await dialog.getByRole("button", { name: "Keep it scheduled" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: `Cancel campaign: ${subject}` }).click();
    await dialog.getByRole("button", { name: "Cancel campaign" }).click();
    await expectToast(page, "Campaign cancelled");
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /Cancel/ })).toHaveCount(0);
    await expect(card.getByText(/^Was scheduled for .*; nothing was sent$/)).toBeVisible();
    const after = await adminGet<CampaignSummary[]>(request, adminToken, "/api/admin/campaigns");
    expect(after.find((c) => c.subject === subject)?.status).toBe("cancelled");
  });

  test("a time in the past is refused before anything is sent", async ({ adminPage: page, adminToken, request }) => {
    const recipient = await signUp(request, adminToken, `${unique("past")}@example.com`);
    let posted = false;
    page.on("request", (req) => {
      if (req.url().endsWith("/api/admin/send-campaign")) posted = true;
    });
    await draftCampaign(page, recipient);
    await page.getByRole("radio", { name: /Schedule/ }).check();
    const time = page.getByLabel("Date and time (UK time)");
    await time.fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "Schedule Campaign" }).click();
    await expect(time).toHaveAttribute("aria-invalid", "true");
    await expect(time).toHaveAccessibleDescription("The send time must be in the future");
    await expect(time).toBeFocused();
    expect(posted).toBe(false);
  });

  test("the schedule choice fits a 390 px phone", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/email-subscribers");
    await page.getByRole("tab", { name: "Campaigns" }).click();
    await page.getByRole("radio", { name: /Schedule/ }).check();
    const time = page.getByLabel("Date and time (UK time)");
    await time.scrollIntoViewIfNeeded();
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page
      .getByRole("group", { name: "When to send" })
      .screenshot({ path: test.info().outputPath("campaign-schedule-390.png") });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test("a campaign that started sending meanwhile cannot be cancelled: the reason shows and the list refreshes", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const recipient = await signUp(request, adminToken, `${unique("started")}@example.com`);
      const subject = `Started ${unique("run")}`;
      const sendAt = new Date(Date.now() + 3_600_000).toISOString();
      const res = await request.post("/api/admin/send-campaign", {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { emails: [recipient], campaign: { subject, title: "Soon", content: "<p>Hello</p>" }, sendAt },
      });
      expect(res.status(), await res.text()).toBe(202);
      const message = "This campaign has already started sending, so it can no longer be cancelled.";
      await page.route("**/api/admin/campaigns/*/cancel", (route) =>
        route.fulfill({ status: 409, json: { error: message, code: "CONFLICT", requestId: "r1" } }),
      );
      let listed = 0;
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/api/admin/campaigns") listed++;
      });

      await page.goto("/admin/email-subscribers");
      await page.getByRole("tab", { name: "Campaigns" }).click();
      const card = page.getByRole("article", { name: `Campaign: ${subject}` });
      await card.getByRole("button", { name: `Cancel campaign: ${subject}` }).click();
      const before = listed;
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel campaign" }).click();
      await expectToast(page, "Could not cancel", message);
      await expect.poll(() => listed).toBeGreaterThan(before);
    });
  });
});
