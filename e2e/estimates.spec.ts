import type { AdminCustomer } from "../schema/api/customers";
import { bearer, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";

test.describe("a priced quote, built on a phone and accepted online", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the owner builds a two-option quote and sends it; the customer ticks an extra, accepts with an early start; the owner sees it accepted", async ({
    adminPage: page,
    adminToken,
    browser,
    request,
  }) => {
    const lastName = unique("Buyer");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: {
          firstName: "Bea",
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          address: "5 Elm Street, Urmston",
          postcode: "M41 0AA",
        },
      })
    ).json()) as AdminCustomer;

    await page.goto(`/admin/customers/${customer.id}`);
    await page.getByRole("link", { name: "New quote" }).click();
    await expect(page.getByRole("heading", { name: "New quote", level: 1 })).toBeVisible();
    await page.getByLabel("Title").fill("A new combi boiler");

    const first = page.getByRole("group", { name: "Option: Option 1" });
    await first.getByLabel("Option name").fill("Good");
    const good = page.getByRole("group", { name: "Option: Good" });
    await good.getByLabel("Description").fill("Worcester Greenstar 4000 fitted");
    await good.getByLabel("Unit price (£)").fill("1899.00");
    await good.getByRole("button", { name: "Add a line" }).click();
    const extra = good.getByRole("group", { name: /^Line:/ }).nth(1);
    await extra.getByLabel("Description").fill("Magnetic filter");
    await extra.getByLabel("Unit price (£)").fill("129.99");
    await extra.getByRole("checkbox", { name: "Optional extra" }).click();
    await expect(good.getByRole("definition").filter({ hasText: "£1,899.00" })).toBeVisible();

    await good.getByRole("button", { name: "Duplicate" }).click();
    const copy = page.getByRole("group", { name: "Option: Good (copy)" });
    await copy.getByLabel("Option name").fill("Best");
    const best = page.getByRole("group", { name: "Option: Best" });
    await best.getByLabel("Description").first().fill("Worcester Greenstar 8000 fitted");
    await best.getByLabel("Unit price (£)").first().fill("3299.00");
    await expect(best.getByRole("definition").filter({ hasText: "£3,299.00" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "estimate-builder-390");

    await page.getByRole("button", { name: "Send to customer" }).click();
    await expectToast(page, "Sent Q-");
    await expect(page.getByRole("heading", { name: /^Quote Q-\d{4,}$/ })).toBeVisible();
    const customerView = (await page.getByRole("link", { name: "Open the customer's view" }).getAttribute("href"))!;
    expect(customerView).toMatch(/^\/quote\/[\w.-]+$/);

    // The customer, on their own phone, without signing in.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    const response = await phone.goto(customerView);
    expect(response?.status()).toBe(200);
    await expect(phone.getByRole("heading", { name: "A new combi boiler" })).toBeVisible();
    const goodCard = phone.getByRole("article", { name: "Option: Good" });
    await expect(goodCard).toContainText("£1,899.00");
    await goodCard.getByRole("checkbox", { name: /Magnetic filter/ }).check();
    await expect(goodCard.getByRole("definition").filter({ hasText: "£2,028.99" })).toBeVisible();
    await goodCard.getByRole("radio", { name: "Choose Good" }).check();
    await expect(phone.getByText("Model cancellation form", { exact: true })).toBeVisible();
    await expectAccessible(phone);
    await phone.getByLabel("Your full name").fill("Bea Buyer");
    await phone.getByRole("checkbox", { name: /Please start the work within the 14-day cancellation period/ }).check();
    await expectNoHorizontalScroll(phone);
    await shoot(phone, "estimate-customer-390");
    await phone.getByRole("button", { name: "Accept the quote" }).click();
    await expect(phone.getByRole("status").filter({ hasText: "your quote is accepted" })).toBeVisible();
    await expect(phone.getByText(/Accepted by Bea Buyer/)).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Accepted: Good" })).toBeVisible();
    await expect(page.getByText(/By Bea Buyer .* £2,028\.99 .* asked to start within 14 days/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    // The accepted quote is a job to book: its visit opens on the service records screen.
    await page.getByRole("link", { name: "Book the job's visit" }).click();
    await expect(page).toHaveURL(/\/admin\/service-records\?record=\d+/);
  });
});
