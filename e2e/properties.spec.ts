import type { AdminCustomer } from "../schema/api/customers";
import type { AdminProperty } from "../schema/api/properties";
import {
  adminGet,
  bearer,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  shoot,
  test,
  unique,
} from "./admin-fixtures";

test.describe("a landlord's properties on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the owner adds a second property with its tenant and appliances, and edits one, at 390 px", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Landlord");
    const res = await request.post("/api/admin/customers", {
      headers: bearer(adminToken),
      data: {
        firstName: "Lena",
        lastName,
        email: `${lastName.toLowerCase()}@example.com`,
        address: "9 Agent Row, Altrincham",
        postcode: "WA14 1AA",
        isLandlord: true,
      },
    });
    expect(res.status()).toBe(201);
    const customer = (await res.json()) as AdminCustomer;

    await page.goto(`/admin/customers/${customer.id}`);
    const section = page.getByRole("region", { name: /Properties/ });
    await expect(section.getByRole("heading", { name: "Properties (1)" })).toBeVisible();
    await expect(section.getByRole("article", { name: "Property: 9 Agent Row, Altrincham" })).toBeVisible();

    await section.getByRole("button", { name: "Add property" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a property" });
    // Checked before sending: each problem beside its field.
    await dialog.getByRole("button", { name: "Add property" }).click();
    await expect(dialog.getByText("Please enter the property's address")).toBeVisible();
    await dialog.getByLabel("Address").fill("Flat 2, 14 Canal Street, Manchester");
    await dialog.getByLabel("Postcode").fill("m1 3hw");
    await dialog.getByLabel("Tenant (optional)").fill("Tom Tenant");
    await dialog.getByLabel("Send the tenant copies").click();
    await dialog.getByRole("button", { name: "Add property" }).click();
    await expect(dialog.getByText("Add the tenant's e-mail address to send them copies")).toBeVisible();
    await dialog.getByLabel("Tenant's e-mail (optional)").fill("tom.tenant@example.com");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await expectToast(page, "Property added", "Flat 2, 14 Canal Street, Manchester");
    await expect(dialog).toBeHidden();

    const flat = section.getByRole("article", { name: "Property: Flat 2, 14 Canal Street, Manchester" });
    await expect(flat).toContainText("M1 3HW");
    await expect(flat).toContainText("Tenant: Tom Tenant · tom.tenant@example.com");
    await expect(flat.getByText("Gets copies")).toBeVisible();

    await flat.getByRole("button", { name: "Add appliance" }).click();
    const add = page.getByRole("dialog", { name: "Add an appliance" });
    await add.getByLabel("Location").fill("Kitchen cupboard");
    await add.getByLabel("Make (optional)").fill("Worcester Bosch");
    await add.getByLabel("Model (optional)").fill("Greenstar 30i");
    await add.getByRole("button", { name: "Add appliance" }).click();
    await expectToast(page, "Appliance added");
    await flat.getByRole("button", { name: "Add appliance" }).click();
    const hob = page.getByRole("dialog", { name: "Add an appliance" });
    await hob.getByLabel("Location").fill("Kitchen");
    await hob.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Hob" }).click();
    await hob.getByRole("combobox", { name: "Flue" }).click();
    await page.getByRole("option", { name: "Flueless" }).click();
    await hob.getByLabel("The landlord's (or owner's) appliance").click();
    await hob.getByRole("button", { name: "Add appliance" }).click();
    await expectToast(page, "Appliance added", "Kitchen");

    const list = flat.getByRole("list", { name: "Appliances at Flat 2, 14 Canal Street, Manchester" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").nth(0)).toContainText(
      "Kitchen cupboard · Boiler · Worcester Bosch Greenstar 30i · Room-sealed flue",
    );
    await expect(list.getByRole("listitem").nth(1)).toContainText("Kitchen · Hob · Flueless flue");
    await expect(list.getByRole("listitem").nth(1).getByText("Tenant's own")).toBeVisible();

    await flat.getByRole("button", { name: "Edit property" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Flat 2, 14 Canal Street, Manchester" });
    await edit.getByLabel("Tenant (optional)").fill("Tia Tenant");
    await edit.getByRole("button", { name: "Save property" }).click();
    await expectToast(page, "Property saved");
    await expect(flat).toContainText("Tenant: Tia Tenant");

    const stored = await adminGet<AdminProperty[]>(request, adminToken, `/api/admin/customers/${customer.id}/properties`);
    expect(stored.map((p) => [p.address, p.appliances.length])).toEqual([
      ["9 Agent Row, Altrincham", 0],
      ["Flat 2, 14 Canal Street, Manchester", 2],
    ]);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "customer-properties-390");
  });
});
