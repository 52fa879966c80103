import type { AdminCustomer } from "../schema/api/customers";
import type { AdminInvoice } from "../schema/api/invoices";
import type { OwedReport, TakingsReport } from "../schema/api/reports";
import { formatPence } from "../schema/format";
import { londonToday } from "../schema/london-time";
import { adminGet, bearer, expect, expectAccessible, expectNoHorizontalScroll, shoot, test, unique } from "./admin-fixtures";

/** The owner's Reports screen (issue 45): money owed, aged, by customer, on a phone and at a desk. */
test("takings by month and money owed: the ages' totals, who owes most first, each invoice a tap away, at 390 and 1280 px", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const lastName = unique("Debtor");
  const made = await request.post("/api/admin/customers", {
    headers: bearer(adminToken),
    data: {
      firstName: "Dee",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      address: "3 Mill Lane",
      postcode: "M33 3AB",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const customer = (await made.json()) as AdminCustomer;
  const draft = await request.post("/api/admin/invoices", {
    headers: bearer(adminToken),
    data: {
      customerId: customer.id,
      lines: [{ description: "Boiler repair", quantity: 1, unitPence: 98_765, vatRate: 0 }],
      supplyDate: londonToday(),
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as AdminInvoice;
  const issued = (await (
    await request.post(`/api/admin/invoices/${id}/issue`, { headers: bearer(adminToken) })
  ).json()) as AdminInvoice;
  // Half paid by bank transfer today: taken this month.
  const paid = await request.post(`/api/admin/invoices/${id}/payments`, {
    headers: bearer(adminToken),
    data: { amountPence: 40_000, method: "bank", paidOn: londonToday(), reference: null },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const report = await adminGet<OwedReport>(request, adminToken, "/api/admin/reports/owed");
  const takings = await adminGet<TakingsReport>(request, adminToken, "/api/admin/reports/takings");
  const thisMonth = takings.months.at(-1)!;
  expect(thisMonth.takings.bank).toBeGreaterThanOrEqual(40_000);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const ages = page.getByRole("list", { name: "Money owed by age" });
    await expect(ages).toContainText(
      `0 to 30 days£${(report.totals["0-30"] / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`,
    );
    const dee = page.getByRole("article", { name: `Dee ${lastName} owes £587.65` });
    await expect(dee).toContainText(issued.number!);
    // This month's row (the table's last before its total).
    const month = new Date(`${thisMonth.month}-15T12:00:00Z`).toLocaleDateString("en-GB", { month: "short", year: "2-digit" });
    const takingsRegion = page.getByRole("region", { name: "Takings and sales" });
    const row = takingsRegion.getByRole("row", { name: new RegExp(`^${month} `) });
    await expect(
      page.getByRole("region", { name: "Quotes won" }).getByRole("row", { name: new RegExp(`^${month} `) }),
    ).toBeVisible();
    await expect(row).toContainText(formatPence(thisMonth.takings.total));
    await expect(page.getByRole("img", { name: /^Takings by month:/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, `reports-${width}`);
  }
  // A calendar year instead of the last twelve months: its twelve months, January first.
  await page.getByRole("combobox", { name: "Which months" }).click();
  const lastYear = String(Number(londonToday().slice(0, 4)) - 1);
  await page.getByRole("option", { name: lastYear }).click();
  for (const region of ["Takings and sales", "Quotes won"])
    await expect(
      page.getByRole("region", { name: region }).getByRole("rowheader", { name: `Jan ${lastYear.slice(2)}` }),
    ).toBeVisible();
  await expect(page.getByRole("img", { name: /^Takings by month: Jan/ })).toBeVisible();
  await page
    .getByRole("article", { name: `Dee ${lastName} owes £587.65` })
    .getByRole("link", { name: issued.number! })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${issued.number}` })).toBeVisible();
});

/** Jobs' margins: a job whose part cost more than it was sold for, lowest first in its month, a tap from its screen. */
test("job margins: a job's revenue, parts at cost and margin in this month's list, at 390 and 1280 px", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const post = async <T>(path: string, data: unknown, status = 201) => {
    const res = await request.post(path, { headers: bearer(adminToken), data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as T;
  };
  const lastName = unique("Margin");
  const customer = await post<AdminCustomer>("/api/admin/customers", {
    firstName: "Mo",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    address: "5 Mill Lane",
    postcode: "M33 3AB",
  });
  // Sold at £10, bought at £400: the lowest margin this month, so first in its list.
  const part = await post<{ id: number }>("/api/admin/products", {
    name: unique("Costly valve"),
    price: "10.00",
    costPrice: "400.00",
    image: "/images/parts/valve.svg",
    category: "Gas Valves",
    brand: "Vaillant",
    description: "A valve dearer than it sells for",
    inStock: true,
    stockQuantity: 5,
  });
  const visit = await post<{ id: number }>("/api/admin/service-records", {
    customerId: customer.id,
    serviceType: "Valve swap",
    status: "scheduled",
    serviceDate: londonToday(),
  });
  const synced = await request.put(`/api/admin/visits/${visit.id}/sheet`, {
    headers: { ...bearer(adminToken), "Idempotency-Key": unique("margin-sheet") },
    data: { baseVersion: "1", workDone: "Swapped the valve", parts: [{ productId: part.id, quantity: 1 }], finish: true },
  });
  expect(synced.status(), await synced.text()).toBe(200);
  const draft = await post<AdminInvoice>("/api/admin/invoices", { fromServiceRecordId: visit.id });
  const issued = await post<AdminInvoice>(`/api/admin/invoices/${draft.id}/issue`, undefined, 200);
  const margin = formatPence(issued.totals.netPence - 40_000);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports");
    const region = page.getByRole("region", { name: "Job margins" });
    await expect(region.getByRole("table", { name: "Job margins by month" })).toBeVisible();
    const job = region.getByRole("article", { name: `Job ${issued.jobId}: margin ${margin}` });
    await expect(job).toContainText(`Mo ${lastName}`);
    await expect(job).toContainText(`parts at cost ${formatPence(40_000)}`);
    await expect(region.getByRole("button", { name: "Export CSV" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, `reports-margin-${width}`);
  }
  await page
    .getByRole("region", { name: "Job margins" })
    .getByRole("link", { name: new RegExp(`Job ${issued.jobId}$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/${issued.jobId}$`));
});
