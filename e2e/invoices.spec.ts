import type { AdminCustomer } from "../schema/api/customers";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { bearer, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";

test.describe("invoices on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function customerWithVisit(request: import("@playwright/test").APIRequestContext, token: string) {
    const lastName = unique("Payer");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(token),
        data: {
          firstName: "Pat",
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          address: "9 Oak Road, Sale",
          postcode: "M33 2AB",
        },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(token),
      data: {
        customerId: customer.id,
        serviceType: "Boiler Repair",
        status: "completed",
        serviceDate: londonToday(),
        cost: "120.00",
        workCompleted: "Replaced the diverter valve",
      },
    });
    expect(visit.status()).toBe(201);
    return customer;
  }

  test("a completed visit is invoiced, issued, paid by the customer through the link, and shown paid", async ({
    adminPage: page,
    adminToken,
    browser,
    request,
  }) => {
    const customer = await customerWithVisit(request, adminToken);
    await page.goto(`/admin/customers/${customer.id}`);
    await page
      .getByRole("article", { name: /Service record: .*Boiler Repair/ })
      .getByRole("button", { name: "Invoice it" })
      .click();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue("Boiler Repair: Replaced the diverter valve");
    await expect(page.getByLabel("Unit price (£)")).toHaveValue("120.00");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "invoice-draft-390");
    // Issuing asks once, naming who it goes to; Cancel (focused, so Enter never issues) leaves a draft.
    const draftId = Number(/\/admin\/invoices\/(\d+)/.exec(page.url())![1]);
    await page.getByRole("button", { name: "Issue and send" }).click();
    const ask = page.getByRole("alertdialog", { name: "Issue invoice and send it?" });
    await expect(ask).toContainText(`e-mailed to Pat ${customer.lastName} at ${customer.email}`);
    await expect(ask).toContainText("An issued invoice cannot be changed or deleted");
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    const kept = (await (
      await request.get(`/api/admin/invoices/${draftId}`, { headers: bearer(adminToken) })
    ).json()) as AdminInvoice;
    expect({ state: kept.state, number: kept.number }).toEqual({ state: "draft", number: null });
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Issue and send" }).click();
    await ask.getByRole("button", { name: "Issue and send it" }).click();
    await expectToast(page, "Issued INV-");
    await expect(page.getByRole("heading", { name: /^Invoice INV-\d{4,}$/ })).toBeVisible();
    const customerPage = (await page.getByRole("link", { name: "Open the customer's page" }).getAttribute("href"))!;
    expect(customerPage).toMatch(/^\/invoice\/[\w.-]+$/);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    expect((await phone.goto(customerPage))?.status()).toBe(200);
    await expect(phone.getByRole("heading", { name: /£120\.00 to pay by/ })).toBeVisible();
    await expectAccessible(phone);
    await expectNoHorizontalScroll(phone);
    await shoot(phone, "invoice-customer-390");
    await phone.getByRole("button", { name: "Pay £120.00 by card" }).click();
    // Stripe's page (the fake) first: until it has loaded, "Pay £120.00" would also name the button just pressed.
    await expect(phone.getByRole("heading", { name: "Pay £120.00" })).toBeVisible();
    await phone.getByRole("button", { name: "Pay £120.00", exact: true }).click();
    await expect(phone).toHaveURL(/\/invoice\/[\w.-]+\?paid=1$/);
    await expect(phone.getByRole("heading", { name: "Paid in full. Thank you!" })).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/£120\.00 by card on/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);
    await shoot(page, "invoice-paid-390");
  });

  test("an issued invoice gets a credit note for one line, a payment recorded in two taps, and a refund of what a later credit left paid over", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const customer = await customerWithVisit(request, adminToken);
    const draft = (await (
      await request.post("/api/admin/invoices", {
        headers: bearer(adminToken),
        data: {
          customerId: customer.id,
          lines: [
            { description: "Radiator fitted", quantity: 1, unitPence: 30_000, vatRate: 20 },
            { description: "Thermostatic valve", quantity: 2, unitPence: 2_500, vatRate: 20 },
          ],
        },
      })
    ).json()) as AdminInvoice;
    expect((await request.post(`/api/admin/invoices/${draft.id}/issue`, { headers: bearer(adminToken) })).status()).toBe(200);

    await page.goto(`/admin/invoices/${draft.id}`);
    await page.getByRole("button", { name: "Credit note" }).click();
    const form = page.getByRole("form", { name: "Credit note" });
    await form.getByRole("checkbox", { name: /Thermostatic valve/ }).click();
    await form.getByLabel("Quantity to credit of Thermostatic valve").fill("1");
    await form.getByLabel("Why").fill("Only one valve was fitted");
    await form.getByRole("button", { name: "Issue the credit note" }).click();
    const ask = page.getByRole("alertdialog", { name: /^Issue a credit note on INV-\d+\?$/ });
    await expect(ask).toContainText(`takes £25.00 off what Pat ${customer.lastName} owes`);
    await ask.getByRole("button", { name: "Issue it" }).click();
    await expectToast(page, "Credit note issued");
    await expect(page.getByRole("link", { name: /^CN-\d{4,}$/ })).toBeVisible();
    await expect(page.getByText(/£25\.00 credited on .* Only one valve was fitted/)).toBeVisible();

    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByLabel("Amount (£)")).toHaveValue("325.00");
    await page.getByRole("button", { name: "Save payment" }).click();
    await expectToast(page, "Payment of £325.00 recorded");
    await expect(page.getByText(/£325\.00 by bank transfer on/)).toBeVisible();

    // The second valve was not fitted either, found after payment: credited, so £25 was paid over,
    // and given back by bank transfer.
    await page.getByRole("button", { name: "Credit note" }).click();
    const second = page.getByRole("form", { name: "Credit note" });
    await second.getByRole("checkbox", { name: /Thermostatic valve/ }).click();
    await second.getByLabel("Quantity to credit of Thermostatic valve").fill("1");
    await second.getByLabel("Why").fill("The second valve was not fitted");
    await second.getByRole("button", { name: "Issue the credit note" }).click();
    await ask.getByRole("button", { name: "Issue it" }).click();
    await expectToast(page, "Credit note issued");
    await expect(page.getByText("Paid over, to refund")).toBeVisible();
    await page.getByRole("button", { name: "Refund £25.00" }).click();
    const refund = page.getByRole("dialog", { name: /Refund on INV-/ });
    await expect(refund.getByLabel("Amount (£)")).toHaveValue("25.00");
    await refund.getByLabel("Amount (£)").fill("30");
    await expect(refund.getByText("At most 25.00 was paid beyond what is owed")).toBeVisible();
    await expect(refund.getByRole("button", { name: "Refund" })).toBeDisabled();
    await refund.getByLabel("Amount (£)").fill("25");
    await refund.getByLabel("Reference (optional)").fill("BACS back 0425");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expectToast(page, "£25.00 refunded");
    await expect(page.getByText(/£25\.00 refunded by bank transfer on .* BACS back 0425/)).toBeVisible();
    await expect(page.getByText("Left to pay")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await page.goto("/admin/invoices?status=paid");
    await expect(page.getByRole("article", { name: new RegExp(`Invoice INV-\\d+: Pat ${customer.lastName}`) })).toBeVisible();
  });
});
