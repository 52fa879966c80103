import { bearer, expect, expectAccessible, expectNoHorizontalScroll, shoot, test, unique } from "./admin-fixtures";

/**
 * Who did what: the owner's search on a phone, and an invoice's History. The writes are made
 * through the API as the office would make them; the screens show who made them.
 */
test("the owner finds who made and changed an invoice, on a phone and on the invoice's page", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const headers = bearer(adminToken);
  const surname = unique("Audit");
  const customer = await request.post("/api/admin/customers", {
    headers,
    data: { firstName: "Ada", lastName: surname, email: `${surname.toLowerCase()}@example.com` },
  });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: number }).id;
  const lines = [{ id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 }];
  const created = await request.post("/api/admin/invoices", { headers, data: { customerId, lines } });
  expect(created.status()).toBe(201);
  const invoiceId = ((await created.json()) as { id: number }).id;
  const changed = await request.patch(`/api/admin/invoices/${invoiceId}`, { headers, data: { notes: "Side gate" } });
  expect(changed.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Who did what" })).toBeVisible();
  await page.getByLabel("Kind of record").click();
  await page.getByRole("option", { name: "Invoice", exact: true }).click();
  await page.getByLabel("Record number").fill(String(invoiceId));
  const entries = page.locator("article.admin-card");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`Invoice ${invoiceId}: changed`);
  await expect(entries.nth(1)).toContainText(`Invoice ${invoiceId}: created`);
  await expect(entries.nth(1)).toContainText("Owner");
  await expect(entries.nth(1)).toContainText("status: draft");
  await expect(page).toHaveURL(new RegExp(`kind=invoice.*record=${invoiceId}`));
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shoot(page, "admin-audit-390");

  await entries.nth(0).getByRole("link", { name: "Open it" }).click();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.locator("ol.audit-history > li")).toHaveCount(2);
  await expect(history.locator("ol.audit-history > li").first()).toContainText("changed");
  await expect(history.locator("ol.audit-history > li").last()).toContainText("Owner");
  await expectNoHorizontalScroll(page);
});

// The History beside a customer, a quote and a gas safety record: each its own record's, none of another's.
test("the customer, quote and gas safety record pages each show their own History", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const headers = bearer(adminToken);
  const made = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const surname = unique("History");
  const customerId = await made("/api/admin/customers", {
    firstName: "Hal",
    lastName: surname,
    email: `${surname.toLowerCase()}@example.com`,
  });
  expect(
    (await request.patch(`/api/admin/customers/${customerId}`, { headers, data: { phone: "0161 496 0114" } })).status(),
  ).toBe(200);
  const propertyId = await made(`/api/admin/customers/${customerId}/properties`, {
    address: `Flat 3, ${surname} House, Sale`,
    postcode: "M33 3AA",
  });
  const lines = [{ id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 }];
  const quoteId = await made("/api/admin/estimates", {
    customerId,
    title: "A boiler service",
    options: [{ id: "only", name: "Service", lines }],
  });
  const recordId = await made("/api/admin/gas-safety-records", { propertyId });

  const history = page.getByRole("region", { name: "History" }).locator("ol.audit-history > li");
  await page.goto(`/admin/customers/${customerId}`);
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("added a property");
  await expect(history.nth(1)).toContainText("changed");
  await expect(history.nth(2)).toContainText("created");

  await page.goto(`/admin/estimates/${quoteId}`);
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("created");
  await expect(history.first()).toContainText("status: draft");

  await page.goto(`/admin/gas-safety-records/${recordId}`);
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("created");
  await expect(history.first()).toContainText("Owner");
});
