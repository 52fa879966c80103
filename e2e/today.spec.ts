import type { AdminCustomer } from "../schema/api/customers";
import { londonToday } from "../schema/london-time";
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
import { createProduct } from "./shop-helpers";

test.describe("the engineer's day on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("today's visit: call, map, the job sheet with a part, finished, and the invoice offered", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Site");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Sam", lastName, phone: "0161 496 0777", address: "3 Ash Grove, Stretford", postcode: "M32 9AA" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: {
        customerId: customer.id,
        serviceType: "Boiler Repair",
        status: "scheduled",
        serviceDate: londonToday(),
        cost: "95.00",
      },
    });
    expect(visit.status()).toBe(201);
    const part = await createProduct(request, { name: unique("Diverter Valve"), stockQuantity: 4 });

    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Sam ${lastName}` });
    await expect(card.getByRole("link", { name: "Call 0161 496 0777" })).toHaveAttribute("href", "tel:01614960777");
    await expect(card.getByRole("link", { name: "3 Ash Grove, Stretford, M32 9AA" })).toHaveAttribute(
      "href",
      /google\.com\/maps/,
    );
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await sheet.getByRole("button", { name: "Arrived now" }).click();
    await sheet.getByLabel("Work done").fill("Replaced the diverter valve; tested");
    await sheet.getByLabel("Labour (minutes)").fill("75");
    await sheet.getByLabel("Find a part used").fill(part.name.slice(0, 12));
    await sheet.getByRole("button", { name: part.name }).click();
    await sheet.getByLabel(`Quantity of ${part.name}`).fill("2");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "today-job-sheet-390");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Job sheet saved");
    await expect(card.getByText("On site")).toBeVisible();
    await card
      .getByRole("region", { name: "Job sheet: Boiler Repair" })
      .getByRole("button", { name: "Finish the visit" })
      .click();
    await expectToast(page, "Visit finished");
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    // The parts left the stock once, through the ledger, with the visit as the reason.
    const movements = await adminGet<{ change: number; quantityAfter: number; reason: string }[]>(
      request,
      adminToken,
      `/api/admin/products/${part.id}/stock-movements`,
    );
    expect(movements.filter((m) => m.reason === "visit")).toEqual([expect.objectContaining({ change: -2, quantityAfter: 2 })]);
    await card.getByRole("button", { name: "Create invoice" }).click();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue("Boiler Repair: Replaced the diverter valve; tested");
  });
});
