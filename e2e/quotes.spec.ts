import {
  bearer,
  createEnquiry,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  shoot,
  test,
  unique,
} from "./admin-fixtures";

test.describe("a priced quote, built on a phone and accepted online", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the owner builds a two-option quote and sends it; the customer ticks an extra, accepts with an early start; the owner sees it accepted", async ({
    adminPage: page,
    adminToken,
    browser,
    request,
  }) => {
    // A whole flow of about 20 s alone: room for a busy machine.
    test.slow();
    // A boiler quote request from the website, priced from the owner's list of requests.
    const requester = unique("Bea Buyer");
    const { email } = await createEnquiry(request, requester, "boiler-installation", "A new combi, please");
    await page.goto("/admin/quotes");
    await page
      .getByRole("tabpanel")
      .getByRole("article", { name: `Enquiry from ${requester}` })
      .getByRole("button", { name: "Price it" })
      .click();
    await expect(page.getByRole("heading", { name: "New quote", level: 1 })).toBeVisible();
    await page.getByLabel("Title").fill("A new combi boiler");
    await page.getByRole("combobox", { name: "Deposit" }).click();
    await page.getByRole("option", { name: "A percentage" }).click();
    await page.getByLabel("Deposit (%)").fill("10");

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

    // Sending asks once, naming who is e-mailed; Cancel (focused, so Enter never sends) sends nothing.
    await page.getByRole("button", { name: "Send to customer" }).click();
    const ask = page.getByRole("alertdialog", { name: `Send this quote to ${requester}?` });
    await expect(ask).toContainText(`${requester} is e-mailed the quote at ${email}`);
    await expect(ask).toContainText("Once sent, this version cannot be changed");
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole("heading", { name: "New quote", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/estimates\/new\?/);
    const quotesFor = async () => {
      const list = await request.get(`/api/admin/estimates?q=${encodeURIComponent(requester)}`, { headers: bearer(adminToken) });
      return Number(list.headers()["x-total-count"]);
    };
    expect(await quotesFor()).toBe(0);

    await page.getByRole("button", { name: "Send to customer" }).click();
    await ask.getByRole("button", { name: "Send it" }).click();
    await expectToast(page, "Sent Q-");
    await expect(page.getByRole("heading", { name: /^Quote Q-\d{4,}$/ })).toBeVisible();
    expect(await quotesFor()).toBe(1);
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

    // The deposit (10 % of £2,028.99), through Stripe's hosted page (the fake), back to the quote.
    await phone.getByRole("button", { name: "Pay £202.90 by card" }).click();
    await expect(phone.getByRole("heading", { name: "Pay £202.90" })).toBeVisible();
    await phone.getByRole("button", { name: "Pay £202.90", exact: true }).click();
    await expect(phone).toHaveURL(/\/quote\/[\w.-]+\?deposit=paid$/);
    await expect(phone.getByRole("status").filter({ hasText: "Deposit of £202.90 paid" })).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Accepted: Good" })).toBeVisible();
    await expect(page.getByText(/By Bea Buyer .* £2,028\.99 .* deposit £202\.90 .* asked to start within 14 days/)).toBeVisible();
    await expect(page.getByText(/Deposit paid/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    // The accepted quote is a job: booked on one of the diary's next free times, from tomorrow.
    const job = page.getByRole("region", { name: "The job" });
    await expect(job).toContainText("Not booked yet");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await shoot(page, "estimate-accepted-390");
    await job.getByRole("list", { name: "The next free times" }).getByRole("button").first().click();
    await expectToast(page, "Job booked");
    await expect(job).toContainText(/Booked for \w+day \d{1,2} \w+ \d{4} at/);
    await job.getByRole("link", { name: "Open the visit" }).click();
    await expect(page).toHaveURL(/\/admin\/service-records\?record=\d+/);
  });
});

test.describe("billing settings on a phone", () => {
  // The server's own refusal (VAT without a number) is a 400 the page shows beside the field.
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 400/] });

  test("the owner sets VAT, names and bank details; a wrong sort code is shown beside its field", async ({ adminPage: page }) => {
    await page.goto("/admin/settings");
    const billing = page.getByRole("form", { name: "Billing settings" });
    await billing.getByRole("checkbox", { name: /Registered for VAT/ }).click();
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expect(billing.getByText("Enter the VAT number to charge VAT")).toBeVisible();
    await expect(billing.getByLabel("VAT number")).toHaveAttribute("aria-invalid", "true");

    await billing.getByLabel("VAT number").fill("GB 123 4567 89");
    await billing.getByLabel("Sort code").fill("12-34");
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expect(billing.getByText("A sort code is 6 digits, like 12-34-56")).toBeVisible();
    await billing.getByLabel("Sort code").fill("123456");
    await billing.getByLabel("Account number").fill("1234 5678");
    await billing.getByLabel("Payment due after (days)").fill("30");
    await expectNoHorizontalScroll(page);
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expectToast(page, "Billing settings saved");
    await expect(billing.getByLabel("Sort code")).toHaveValue("12-34-56");

    await page.reload();
    await expect(billing.getByRole("checkbox", { name: /Registered for VAT/ })).toBeChecked();
    await expect(billing.getByLabel("Account number")).toHaveValue("12345678");
    await expect(billing.getByLabel("Payment due after (days)")).toHaveValue("30");
    // Checked once the screen shows what was saved: checked straight after the reload, it sometimes ran
    // before the settings' blue note was drawn, which hid that its text was too faint (4.2:1).
    await expectAccessible(page);
  });

  // The other browser tests price without VAT, whether or not this one got to its end.
  test.afterEach(async ({ adminToken, request }) => {
    const reset = await request.patch("/api/admin/settings/billing", {
      headers: bearer(adminToken),
      data: { vatRegistered: false, paymentTermsDays: 14 },
    });
    expect(reset.status()).toBe(200);
  });
});

test.describe("where the work is, and a deposit by bank transfer", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a landlord's quote asks which flat before it can be sent; accepted, the deposit paid by bank transfer is recorded from the quote", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    // A whole flow of about 20 s alone: room for a busy machine.
    test.slow();
    const name = unique("Lana");
    const customer = await request.post("/api/admin/customers", {
      data: {
        firstName: name,
        lastName: "Landlord",
        email: `${name.toLowerCase()}@example.com`,
        address: "1 Home Road, Sale",
        postcode: "M33 1HH",
      },
      headers: bearer(adminToken),
    });
    const { id } = (await customer.json()) as { id: number };
    const flat = await request.post(`/api/admin/customers/${id}/properties`, {
      data: { address: "Flat 2, 10 Let Road, Stretford", postcode: "M32 0LL" },
      headers: bearer(adminToken),
    });
    expect(flat.status()).toBe(201);

    await page.goto(`/admin/estimates/new?customerId=${id}`);
    await page.getByLabel("Title").fill("A new boiler for Flat 2");
    await page.getByRole("combobox", { name: "Deposit" }).click();
    await page.getByRole("option", { name: "A fixed sum" }).click();
    await page.getByLabel("Deposit (£)").fill("300");
    const option = page.getByRole("group", { name: "Option: Option 1" });
    await option.getByLabel("Description").fill("Combi boiler fitted");
    await option.getByLabel("Unit price (£)").fill("1000.00");
    // Two properties: none is chosen for the owner, and the quote is not sent until one is.
    await expect(page.getByRole("combobox", { name: "Property" })).toHaveText("Choose the property");
    await page.getByRole("button", { name: "Send to customer" }).click();
    await expectToast(page, "Not sent", "Choose the property the work is at before sending the quote");
    await expect(page.getByText("Choose the property the work is at", { exact: true })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("combobox", { name: "Property" }).click();
    await page.getByRole("option", { name: "Flat 2, 10 Let Road, Stretford, M32 0LL" }).click();
    await page
      .getByRole("button", { name: "Send the new version" })
      .or(page.getByRole("button", { name: "Send to customer" }))
      .click();
    await page
      .getByRole("alertdialog", { name: /^Send / })
      .getByRole("button", { name: "Send it" })
      .click();
    await expectToast(page, "Sent Q-");
    const customerView = (await page.getByRole("link", { name: "Open the customer's view" }).getAttribute("href"))!;
    const token = customerView.split("/").pop()!;
    const accepted = await request.post(`/api/estimates/${token}/accept`, {
      data: {
        optionId: (await (await request.get(`/api/estimates/${token}`)).json()).options[0].id,
        name: "Lana Landlord",
        startEarly: false,
      },
    });
    expect(accepted.status()).toBe(200);
    expect((await accepted.json()).place).toBe("Flat 2, 10 Let Road, Stretford, M32 0LL");

    await page.reload();
    await expect(page.getByText(/deposit £300\.00 not paid yet/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Record deposit" }).click();
    const dialog = page.getByRole("dialog", { name: /Deposit for Q-/ });
    await expect(dialog.getByLabel("Amount (£)")).toHaveValue("300.00");
    await dialog.getByLabel("Amount (£)").fill("300.01");
    await expect(dialog.getByText("At most 300.00 of the deposit is left to pay")).toBeVisible();
    await dialog.getByLabel("Amount (£)").fill("300.00");
    await dialog.getByLabel("Reference (optional)").fill("LANA DEP");
    await dialog.getByRole("button", { name: "Save deposit" }).click();
    await expectToast(page, "Deposit of £300.00 recorded");
    await expect(page.getByText(/deposit £300\.00 paid/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Deposit payments" })).toContainText("£300.00 by bank transfer on");
    await expect(page.getByRole("button", { name: "Record deposit" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await shoot(page, "estimate-deposit-by-bank-390");
  });
});
