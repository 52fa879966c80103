import type { Page } from "@playwright/test";
import type { AdminServiceRecord } from "../schema/api/admin";
import { adminGet, expect, expectToast, test } from "./admin-fixtures";

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}\\s*\\d*$`) });
const count = (page: Page, name: string) => tab(page, name).locator(".rt-Badge").first();

function expectedCounts(records: AdminServiceRecord[]) {
  return {
    "All Records": records.length,
    Active: records.filter((r) => r.status === "completed" || r.status === "in-progress").length,
    Scheduled: records.filter((r) => r.status === "scheduled").length,
    Pending: records.filter((r) => r.status === "pending").length,
  };
}

async function expectCounts(page: Page, records: AdminServiceRecord[]) {
  for (const [name, n] of Object.entries(expectedCounts(records))) await expect(count(page, name)).toHaveText(String(n));
}

test.describe("/admin/service-records", () => {
  test("tabs with counts and record cards with every field and the right badge", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const records = await adminGet<AdminServiceRecord[]>(request, adminToken, "/api/admin/service-records");
    expect(records.length, "the seed provides service records").toBeGreaterThan(0);
    await page.goto("/admin/service-records");
    await expect(page.getByRole("heading", { level: 1, name: "Service Records Management" })).toBeVisible();
    await expect(page.locator("main").getByRole("button", { name: "Logout" })).toBeVisible();
    await expectCounts(page, records);

    const full = records.find((r) => r.customerName && r.cost && r.technicianName && r.workCompleted) ?? records[0]!;
    const card = page
      .getByRole("tabpanel")
      .getByRole("article", { name: `Service record: ${full.customerName ?? "Unknown Customer"}, ${full.serviceType}` })
      .first();
    await expect(card).toBeVisible();
    const date = new Date(`${full.serviceDate}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(card).toContainText(date);
    expect(date).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    if (full.cost) await expect(card).toContainText(`£${Number(full.cost).toFixed(2)}`);
    if (full.technicianName) await expect(card).toContainText(full.technicianName);
    if (full.workCompleted) await expect(card).toContainText(full.workCompleted);
    if (full.customerEmail) await expect(card.getByRole("link", { name: full.customerEmail })).toBeVisible();
    const tone =
      { completed: "default", "in-progress": "secondary", scheduled: "outline" }[full.status as string] ?? "destructive";
    await expect(card.locator(`[data-tone="${tone}"]`)).toHaveText(full.status);

    for (const [name, status] of [
      ["Scheduled", "scheduled"],
      ["Pending", "pending"],
    ] as const) {
      await tab(page, name).click();
      const shown = page.getByRole("tabpanel").getByRole("article");
      const expected = records.filter((r) => r.status === status).length;
      await expect(shown).toHaveCount(expected);
    }
  });

  test("delete asks first, then removes the record with a confirmation toast", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const before = await adminGet<AdminServiceRecord[]>(request, adminToken, "/api/admin/service-records");
    const victim = before[before.length - 1]!;
    await page.goto("/admin/service-records");
    const name = `Service record: ${victim.customerName ?? "Unknown Customer"}, ${victim.serviceType}`;
    const cards = page.getByRole("tabpanel").getByRole("article", { name });
    await expect(cards.first()).toBeVisible();
    const matching = await cards.count();
    await cards.last().getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete record" }).click();
    await expectToast(page, "Service record deleted", "The service record has been successfully deleted.");
    await expect(cards).toHaveCount(matching - 1);
    const after = await adminGet<AdminServiceRecord[]>(request, adminToken, "/api/admin/service-records");
    expect(after.length).toBe(before.length - 1);
    await expectCounts(page, after);
  });

  test("each tab has its own empty message", async ({ adminPage: page }) => {
    await page.route("**/api/admin/service-records", (route) => route.fulfill({ json: [] }));
    await page.goto("/admin/service-records");
    for (const [name, message] of [
      ["All Records", "No service records found"],
      ["Active", "No active service records"],
      ["Scheduled", "No scheduled service records"],
      ["Pending", "No pending service records"],
    ] as const) {
      await tab(page, name).click();
      await expect(page.getByRole("tabpanel")).toHaveText(message);
    }
  });

  test("a spinner shows while the records load", async ({ adminPage: page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/admin/service-records", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/service-records");
    await expect(page.getByRole("status").filter({ hasText: "Loading service records" })).toBeVisible();
    release();
    await expect(tab(page, "All Records")).toBeVisible();
  });
});
