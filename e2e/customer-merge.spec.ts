import { bearer, expect, expectToast, test, unique } from "./admin-fixtures";
import { addCustomer, uniquePhone } from "./workbench-helpers";

// One customer per person (issue 44): the list flags two customers with one e-mail or phone, and the
// owner merges them from the kept one's page.

// The merged customer's old address answers 404 before the page moves on to the kept one.
test.use({ allowedConsoleErrors: [/status of 404/] });

test("the owner sees two entries of one person flagged, merges them from the page kept, and the other's address leads there", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const last = unique("Twice");
  const { phone, digits } = uniquePhone();
  const email = `${last.toLowerCase()}@example.com`;
  const kept = await addCustomer(request, adminToken, { firstName: "Rhoda", lastName: last, email, phone });
  // The same person again: her address in capitals, her number written the international way.
  const again = await addCustomer(request, adminToken, {
    firstName: "Rhoda",
    lastName: `${last} Again`,
    email: email.toUpperCase(),
    phone: `+44 ${digits.slice(1)}`,
  });
  const visit = await request.post("/api/admin/service-records", {
    headers: bearer(adminToken),
    data: { customerId: again.id, serviceType: "Boiler Repair", status: "completed", serviceDate: "2026-02-03" },
  });
  expect(visit.status(), await visit.text()).toBe(201);

  await page.goto(`/admin/customers?q=${encodeURIComponent(last)}`);
  const rows = page.getByRole("list", { name: "Customers" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByText("Possible duplicate")).toBeVisible();

  await page.goto(`/admin/customers/${kept.id}`);
  const warning = page.getByRole("region", { name: "Possible duplicates" });
  await expect(warning.getByRole("link", { name: `Rhoda ${last} Again (#${again.id})` })).toBeVisible();
  await expect(warning).toContainText("same e-mail and phone");

  // Found the way the customer list finds people, then asked once, naming both and which is kept.
  await page.getByRole("button", { name: "Merge with another customer…" }).click();
  const picker = page.getByRole("dialog", { name: "Merge with another customer" });
  await picker.getByLabel("Find the other customer").fill(`${last} Again`);
  await picker.getByRole("button", { name: new RegExp(`\\(#${again.id}\\)`) }).click();
  const confirm = page.getByRole("dialog", {
    name: `Merge Rhoda ${last} Again (#${again.id}) into Rhoda ${last} (#${kept.id})?`,
  });
  await expect(confirm).toContainText(`Rhoda ${last} (#${kept.id}) is kept.`);
  await expect(confirm).toContainText("This cannot be undone.");
  await confirm.getByRole("button", { name: `Merge and delete #${again.id}` }).click();
  await expectToast(page, "Customers merged");
  await expect(confirm).toBeHidden();

  // Hers now: the visit, the merge on the timeline, no duplicate left to flag.
  await expect(page.getByRole("article", { name: `Service record: Rhoda ${last}, Boiler Repair` })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline, newest first" });
  await expect(timeline).toContainText(`Merged with Rhoda ${last} Again (#${again.id})`);
  await expect(page.getByRole("region", { name: "Possible duplicates" })).toHaveCount(0);

  // The merged customer's old address goes on to the customer kept.
  await page.goto(`/admin/customers/${again.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${kept.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Rhoda ${last}` })).toBeVisible();
});
