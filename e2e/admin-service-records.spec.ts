import type { Page } from "@playwright/test";
import type { AdminServiceRecord } from "../schema/api/records";
import { adminGet, expect, expectToast, test, unique } from "./admin-fixtures";
import { addCustomer, choose, serviceDateText, uniquePhone, yearOn } from "./workbench-helpers";

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
    // One Logout, in the header (the page's own second one went: issue 27).
    await expect(page.locator("main").getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    await expectCounts(page, records);

    const full = records.find((r) => r.customerName && r.cost && r.technicianName && r.workCompleted) ?? records[0]!;
    const card = page
      .getByRole("tabpanel")
      .getByRole("article", { name: `Service record: ${full.customerName ?? "Unknown Customer"}, ${full.serviceType}` })
      .first();
    await expect(card).toBeVisible();
    const date = serviceDateText(full.serviceDate);
    await expect(card).toContainText(date);
    // One date format in the back office, the UK way: "23 Nov 2026".
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
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
    // The newest, so it is on the first page whatever other tests have added.
    const victim = before[0]!;
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
    await page.route("**/api/admin/service-records?*", (route) =>
      route.fulfill({
        json: [],
        headers: { "X-Total-Count": "0", "X-Tab-Counts": JSON.stringify({ all: 0, active: 0, scheduled: 0, pending: 0 }) },
      }),
    );
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
    await page.route("**/api/admin/service-records?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/service-records");
    await expect(page.getByRole("status").filter({ hasText: "Loading service records" })).toBeVisible();
    release();
    await expect(tab(page, "All Records")).toBeVisible();
  });

  test("Add Record creates a new customer with the visit; Start, Complete and Edit move it on", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const last = unique("Newcomer");
    const technician = unique("Tech");
    await page.goto("/admin/service-records");
    await page.getByRole("button", { name: "Add Record" }).click();
    const form = page.getByRole("dialog", { name: "Add Service Record" });
    await form.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Validation Error", "Please choose a customer, or turn on New customer");
    await expect(form.getByText("Please choose a customer, or turn on New customer")).toBeVisible();

    await form.getByRole("switch", { name: "New customer" }).click();
    await form.getByLabel("First name").fill("Nora");
    await form.getByLabel("Last name").fill(last);
    await form.getByLabel("Email").fill(`${last.toLowerCase()}@example.com`);
    await choose(form, page, "Kind of visit", "Gas Safety Certificate (CP12)");
    await choose(form, page, "Status", "Pending");
    await form.getByLabel("Service date").fill("2026-03-02");
    // A visit to come is an appointment: a time, or a time to be agreed, said so.
    await form.getByRole("radio", { name: "To be agreed" }).click();
    await form.getByLabel("Technician").fill(technician);
    await form.getByLabel("Cost (£)").fill("seventy");
    await form.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Validation Error", "The cost must be an amount in pounds, like 85.00");
    await expect(form.getByText("The cost must be an amount in pounds, like 85.00")).toBeVisible();
    await form.getByLabel("Cost (£)").fill("72.5");
    await form.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Service record added");
    await expect(form).toBeHidden();

    // Found by its technician; the tab counts follow the search.
    await page.getByRole("searchbox", { name: "Search service records" }).fill(technician);
    const card = page.getByRole("article", { name: `Service record: Nora ${last}, Gas Safety Certificate (CP12)` });
    await expect(card).toBeVisible();
    await expect(count(page, "All Records")).toHaveText("1");
    await expect(count(page, "Pending")).toHaveText("1");
    await expect(card).toContainText("£72.50");

    await card.getByRole("button", { name: "Start" }).click();
    await expectToast(page, "Visit started");
    await expect(card.locator('[data-tone="secondary"]')).toHaveText("in-progress");
    await expect(count(page, "Active")).toHaveText("1");
    await card.getByRole("button", { name: "Complete" }).click();
    await expectToast(page, "Visit completed");
    await expect(card.locator("dd").filter({ hasText: serviceDateText(yearOn("2026-03-02")) })).toBeVisible();

    await card.getByRole("button", { name: "Edit" }).click();
    const editor = page.getByRole("dialog", { name: "Edit Service Record" });
    await expect(editor.getByRole("combobox", { name: "Status" })).toHaveText("Completed");
    await expect(editor.getByText(`Nora ${last}`).first()).toBeVisible();
    await editor.getByLabel("Work completed").fill("Landlord gas safety check, all appliances passed.");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Service record saved");
    await expect(card).toContainText("Landlord gas safety check, all appliances passed.");
    const [saved] = await adminGet<AdminServiceRecord[]>(request, adminToken, `/api/admin/service-records?q=${technician}`);
    expect(saved).toMatchObject({
      status: "completed",
      cost: "72.50",
      nextServiceDue: yearOn("2026-03-02"),
      workCompleted: "Landlord gas safety check, all appliances passed.",
    });
  });

  test("the customer is picked by typing part of their phone number", async ({ adminPage: page, adminToken, request }) => {
    const last = unique("Picked");
    const { phone, digits } = uniquePhone();
    const customer = await addCustomer(request, adminToken, {
      firstName: "Pat",
      lastName: last,
      email: `${last.toLowerCase()}@example.com`,
      phone,
    });
    await page.goto("/admin/service-records?tab=scheduled");
    await expect(tab(page, "Scheduled")).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Add Record" }).click();
    const form = page.getByRole("dialog", { name: "Add Service Record" });
    await form.getByLabel("Find a customer").fill(digits.slice(-5));
    await form.getByRole("button", { name: new RegExp(`Pat ${last}`) }).click();
    await expect(form.getByRole("button", { name: "Change customer" })).toBeVisible();
    await choose(form, page, "Kind of visit", "Boiler Repair");
    await form.getByRole("radio", { name: "To be agreed" }).click();
    await form.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Service record added");
    const [record] = await adminGet<AdminServiceRecord[]>(
      request,
      adminToken,
      `/api/admin/service-records?customerId=${customer.id}`,
    );
    expect(record).toMatchObject({ customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled" });
    await expect(page.getByRole("article", { name: `Service record: Pat ${last}, Boiler Repair` })).toBeVisible();
  });
});
