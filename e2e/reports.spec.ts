import { vatStaggerLabels } from "../schema/api/billing";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import type { AdminInvoice } from "../schema/api/invoices";
import type { OwedReport, TakingsReport } from "../schema/api/reports";
import { quarterName, type VatReport } from "../schema/api/reports-vat";
import { formatPence } from "../schema/format";
import { addDays, addMonths, londonToday } from "../schema/london-time";
import { formatDate } from "../schema/london-time-text";
import { passedBoilerRecord } from "../test/fixtures/gas-safety-record";
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

/** Gas safety due (issue 45): a landlord's flat whose check falls due next month, and its Book opening the visit form there. */
test("gas safety due: the landlord's flat with its record and deadline, Book opens the visit form for it and the visit booked shows, at 390 and 1280 px", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const post = async <T>(path: string, data: unknown, method: "post" | "patch" = "post") => {
    const res = await request[method](path, { headers: bearer(adminToken), data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const lastName = unique("Landlord");
  const landlord = await post<AdminCustomer>("/api/admin/customers", {
    firstName: "Lena",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const address = `Flat ${lastName}, 14 Canal Street, Manchester`;
  const flat = await post<{ id: number }>(`/api/admin/customers/${landlord.id}/properties`, { address, postcode: "M1 3HW" });
  const boiler = await post<{ id: number }>(`/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    flueType: "room-sealed",
  });
  // Checked eleven months ago: the next check is due in about a month.
  const draft = await post<{ id: number }>("/api/admin/gas-safety-records", { propertyId: flat.id });
  await post(`/api/admin/gas-safety-records/${draft.id}`, passedBoilerRecord(boiler.id, addMonths(londonToday(), -11)), "patch");
  const record = await post<AdminGasSafetyRecord>(`/api/admin/gas-safety-records/${draft.id}/issue`, {});

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/reports");
    const due = page.getByRole("region", { name: "Gas safety due" });
    const card = due.getByRole("article", { name: `Lena ${lastName}: gas safety due` });
    const place = card.getByRole("listitem", { name: `${address}, M1 3HW` });
    await expect(place).toContainText(`${record.number} of ${formatDate(record.checkDate)}`);
    await expect(place).toContainText(`Due ${formatDate(record.nextDueDate!)}`);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await card.screenshot({ path: test.info().outputPath(`gas-due-${width}.png`) });
  }
  await page.getByRole("button", { name: `Book the gas safety check at ${address}, M1 3HW` }).click();
  const form = page.getByRole("dialog", { name: "Add Service Record" });
  await expect(form).toContainText(`Gas safety check at ${address}`);
  await expect(form.getByRole("combobox", { name: "Kind of visit" })).toHaveText("Gas Safety Certificate (CP12)");
  await expect(form.getByRole("combobox", { name: "Property" })).toContainText(address);
  // Booked for next week, the time to be agreed: the flat shows the visit in place of Book.
  const visitDay = addDays(londonToday(), 7);
  await form.getByLabel("Service date").fill(visitDay);
  await form.getByRole("radio", { name: "To be agreed" }).click();
  await form.getByRole("button", { name: "Add Record" }).click();
  await expectToast(page, "Service record added");
  const place = page.getByRole("listitem", { name: `${address}, M1 3HW` });
  await expect(place).toContainText(`Booked ${formatDate(visitDay)}`);
  await expect(place.getByRole("button", { name: /^Book/ })).toHaveCount(0);
});

/** VAT by the owner's VAT quarters (issue 45): the last four, each with the figures the API gives, on a phone and at a desk. */
test.describe("VAT by quarter", () => {
  let bigInvoiceId: number | undefined;

  test("the stagger named, each quarter's rates and boxes 1 and 6, at 390 and 1280 px; another stagger chosen in Billing", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    // A big quarter's widest figures (sales made unregistered, as the browser tests' business is).
    const lastName = unique("Builder");
    const made = await request.post("/api/admin/customers", {
      headers: bearer(adminToken),
      data: { firstName: "Bo", lastName, email: `${lastName.toLowerCase()}@example.com` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const draft = await request.post("/api/admin/invoices", {
      headers: bearer(adminToken),
      data: {
        customerId: ((await made.json()) as AdminCustomer).id,
        lines: [{ description: "Plant room", quantity: 3, unitPence: 33_333_333, vatRate: 20 }],
        supplyDate: londonToday(),
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    bigInvoiceId = ((await draft.json()) as AdminInvoice).id;
    const issued = await request.post(`/api/admin/invoices/${bigInvoiceId}/issue`, { headers: bearer(adminToken) });
    expect(issued.status(), await issued.text()).toBe(200);
    const report = await adminGet<VatReport>(request, adminToken, "/api/admin/reports/vat");
    expect(report.quarters).toHaveLength(4);
    const latest = report.quarters.at(-1)!;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/reports");
      const vat = page.getByRole("region", { name: "VAT by quarter" });
      await expect(vat).toContainText(vatStaggerLabels[report.stagger]);
      await expect(vat.getByRole("article")).toHaveCount(4);
      const card = vat.getByRole("article", { name: `VAT ${quarterName(latest)}` });
      await expect(card.getByRole("row", { name: /^20%/ })).toContainText(formatPence(latest.sales["20"].vatPence));
      await expect(card.getByRole("row", { name: /^Box 1/ })).toContainText(formatPence(latest.box1Pence));
      await expect(card.getByRole("row", { name: /^Box 6/ })).toContainText(formatPence(latest.box6Pence));
      await expect(card.getByRole("row", { name: /^No VAT charged/ })).toContainText(
        formatPence(latest.sales.outside.grossPence),
      );
      await expect(vat.getByRole("button", { name: "Export CSV" })).toBeVisible();
      await vat.getByRole("heading", { name: "VAT by quarter" }).scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await shoot(page, `reports-vat-${width}`);
    }
    // The owner's quarters end in April, July, October and January: chosen in Billing, the report follows.
    await page.goto("/admin/settings");
    const billing = page.getByRole("form", { name: "Billing settings" });
    await billing.getByRole("combobox", { name: "VAT quarters" }).click();
    await page.getByRole("option", { name: vatStaggerLabels[2] }).click();
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expectToast(page, "Billing settings saved");
    const staggered = await adminGet<VatReport>(request, adminToken, "/api/admin/reports/vat");
    expect(staggered.stagger).toBe(2);
    await page.goto("/admin/reports");
    const vat = page.getByRole("region", { name: "VAT by quarter" });
    await expect(vat).toContainText(vatStaggerLabels[2]);
    await expect(vat.getByRole("article").last()).toHaveAccessibleName(`VAT ${quarterName(staggered.quarters.at(-1)!)}`);
  });

  test.afterEach(async ({ adminToken, request }) => {
    // The other browser tests' reports count in HMRC's first stagger.
    const reset = await request.patch("/api/admin/settings/billing", { headers: bearer(adminToken), data: { vatStagger: 1 } });
    expect(reset.status()).toBe(200);
    // Nor are they owed a million pounds.
    if (bigInvoiceId) {
      const voided = await request.post(`/api/admin/invoices/${bigInvoiceId}/void`, {
        headers: bearer(adminToken),
        data: { reason: "The VAT report's browser test" },
      });
      expect(voided.status(), await voided.text()).toBe(200);
    }
  });
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
    image: "/images/parts/vaillant-ecotec-plus-gas-valve.svg",
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
