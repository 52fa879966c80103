import type { AdminCustomer, TimelineEntry } from "../schema/api/customers";
import { adminGet, bearer, createEnquiry, expect, expectToast, placeOrder, test, unique } from "./admin-fixtures";
import { addCustomer, uniquePhone, widths } from "./workbench-helpers";

for (const size of widths) {
  test.describe(`customers at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the owner finds a customer by part of a phone number, opens their page and sees one timeline, newest first", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const name = unique("Timeline Customer");
      const { phone, digits } = uniquePhone();
      const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
      const [firstName, ...rest] = name.split(" ");
      const customer = await addCustomer(request, adminToken, { firstName: firstName!, lastName: rest.join(" "), email, phone });
      // A visit long ago, then a quote, then an order: the timeline reads them back newest first.
      const visit = await request.post("/api/admin/service-records", {
        headers: bearer(adminToken),
        data: { customerId: customer.id, serviceType: "Annual Boiler Service", status: "completed", serviceDate: "2025-01-15" },
      });
      expect(visit.status(), await visit.text()).toBe(201);
      await createEnquiry(request, name);
      await placeOrder(request, name);

      await page.goto("/admin/customers");
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
      // Part of the number, typed the way it is said: with a space in it.
      await page.getByRole("searchbox", { name: "Search customers" }).fill(`${digits.slice(-6, -3)} ${digits.slice(-3)}`);
      await expect(page).toHaveURL(new RegExp(`q=${digits.slice(-6, -3)}`));
      const row = page.getByRole("link", { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(phone);
      await row.click();

      await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(/^Customer \|/);
      const timeline = page.getByRole("list", { name: "Timeline, newest first" });
      const entries = timeline.getByRole("listitem");
      await expect(entries).toHaveCount(3);
      const expected = await adminGet<TimelineEntry[]>(request, adminToken, `/api/admin/customers/${customer.id}/timeline`);
      expect(expected.map((e) => e.kind)).toEqual(["order", "quote", "service"]);
      for (const [i, entry] of expected.entries()) await expect(entries.nth(i)).toContainText(entry.title);

      // The service record shows among theirs, and its timeline entry opens its form.
      await expect(page.getByRole("article", { name: `Service record: ${name}, Annual Boiler Service` })).toBeVisible();
      await entries.nth(2).getByRole("button", { name: "Annual Boiler Service" }).click();
      const editor = page.getByRole("dialog", { name: "Edit Service Record" });
      await expect(editor.getByLabel("Service date")).toHaveValue("2025-01-15");
      await editor.getByRole("button", { name: "Cancel" }).click();
      await expect(editor).toBeHidden();

      // The quote entry opens the quotes found by their e-mail, the order entry the order by its number.
      await entries.nth(1).getByRole("link").click();
      await expect(page).toHaveURL(/\/admin\/quotes\?q=.+&state=all$/);
      await expect(page.getByRole("article", { name: `Enquiry from ${name}` })).toBeVisible();
      await page.goBack();
      const order = expected[0]!.title.match(/NS-\d+/)![0];
      await entries.nth(0).getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${order}$`));
      await expect(page.getByRole("article", { name: `Order ${order}` })).toBeVisible();

      // The customer's own address opens their page directly (a reload, a bookmark).
      await page.goto(`/admin/customers/${customer.id}`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    });
  });
}

test.describe("/admin/customers", () => {
  test("Add Customer opens their page, where the details and the landlord flag can be changed", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const last = unique("Landlord");
    await page.goto("/admin/customers");
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Customer" });
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expect(dialog.getByText("Please enter a first name")).toBeVisible();
    await dialog.getByLabel("First name").fill("Rita");
    await dialog.getByLabel("Last name").fill(last);
    await dialog.getByLabel("Email").fill(`${last.toLowerCase()}@example.com`);
    await dialog.getByLabel("Postcode (optional)").fill("m320zz");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expectToast(page, "Customer added");
    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: `Rita ${last}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Details" }).getByText("M32 0ZZ")).toBeVisible();
    // Their home, from the postcode given, is their first property.
    await expect(page.getByRole("article", { name: "Property: M32 0ZZ" })).toBeVisible();
    await expect(page.getByText("No service records for this customer yet.")).toBeVisible();
    await expect(page.getByText("Nothing on file with this customer yet.")).toBeVisible();

    await page.getByRole("button", { name: "Edit Details" }).click();
    await page.getByLabel("Phone (optional)").fill("0161 496 0999");
    await page.getByRole("checkbox", { name: /Landlord/ }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Customer saved");
    await expect(page.getByRole("region", { name: "Details" }).locator(".rt-Badge", { hasText: "Landlord" })).toBeVisible();
    const id = Number(page.url().split("/").pop());
    const saved = await adminGet<AdminCustomer>(request, adminToken, `/api/admin/customers/${id}`);
    expect(saved).toMatchObject({ isLandlord: true, phone: "0161 496 0999", postcode: "M32 0ZZ" });
  });

  test("the list pages through every customer and exports them", async ({ adminPage: page, adminToken, request }) => {
    const res = await request.get("/api/admin/customers?limit=1", { headers: bearer(adminToken) });
    const total = Number(res.headers()["x-total-count"]);
    await page.goto("/admin/customers");
    await expect(page.getByText(`Showing ${Math.min(total, 30)} of ${total}`)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.trim().split("\n").length).toBeGreaterThanOrEqual(total + 1);
  });
});
