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
