import type { APIRequestContext } from "@playwright/test";
import type { AdminBenchmarkRecord } from "../schema/api/benchmark-records";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminAppliance, AdminProperty } from "../schema/api/properties";
import type { AdminQuote } from "../schema/api/quotes";
import { SERVICE_CHECKS } from "../schema/api/service-sheets";
import { addDays, addMonths, londonToday, londonToUtc } from "../schema/london-time";
import { completeChecklist } from "../test/fixtures/benchmark-checklist";
import { TEST_SIGNATURE } from "../test/fixtures/gas-safety-record";
import { signInLink } from "./account-helpers";
import { adminGet, bearer, expect, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";

// Issue 47 part 4, a boiler installation from quote to paid on a phone: the accepted quote's line is
// a boiler, so once the fitting visit is done the job is not done until its Benchmark is issued and
// not invoiced until its notification is recorded; then invoiced and paid; and a later annual
// service of the boiler joins the Benchmark's service record on the customer's account. (Filling the
// checklist itself on the phone, offline and out of range: e2e/benchmark-record.spec.ts.)

const call = async <T>(request: APIRequestContext, token: string, method: "post" | "patch", path: string, data?: unknown) => {
  const res = await request[method](path, { headers: bearer(token), data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

test.describe("a boiler installation job on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is not done before its Benchmark, not invoiced before its notification, then paid; a later service joins its record", async ({
    adminPage: page,
    adminToken,
    request,
    browser,
  }) => {
    test.slow();
    const lastName = unique("Install");
    const email = `${lastName.toLowerCase()}@example.com`;
    const fitted = addDays(londonToday(), -3);
    const customer = await call<{ id: number }>(request, adminToken, "post", "/api/admin/customers", {
      firstName: "Ivy",
      lastName,
      email,
      address: "22 Chapel Street, Altrincham",
      postcode: "WA14 1EP",
    });
    const quote = await call<AdminQuote>(request, adminToken, "post", "/api/admin/estimates", {
      customerId: customer.id,
      title: "A new combi boiler",
      options: [
        {
          name: "Combi",
          lines: [
            {
              description: "Worcester Greenstar 4000 fitted",
              quantity: 1,
              unitPence: 189_900,
              vatRate: 20,
              installation: "boiler",
            },
          ],
        },
      ],
      deposit: null,
    });
    const sent = await call<AdminQuote>(request, adminToken, "post", `/api/admin/estimates/${quote.id}/send`);
    const accepted = await request.post(`/api/estimates/${sent.customerUrl!.split("/").pop()}/accept`, {
      data: { optionId: sent.options[0]!.id, name: `Ivy ${lastName}`, startEarly: true },
    });
    expect(accepted.status()).toBe(200);
    const booked = await adminGet<AdminQuote>(request, adminToken, `/api/admin/estimates/${quote.id}`);
    await call(request, adminToken, "patch", `/api/admin/service-records/${booked.visitId}`, {
      status: "completed",
      serviceDate: fitted,
    });

    const [home] = await adminGet<AdminProperty[]>(request, adminToken, `/api/admin/customers/${customer.id}/properties`);
    const boiler = await call<AdminAppliance>(request, adminToken, "post", `/api/admin/properties/${home!.id}/appliances`, {
      location: "Kitchen",
      type: "boiler",
      make: "Worcester",
      model: "Greenstar 4000 30kW",
      serial: `WB-${lastName}`,
      flueType: "room-sealed",
    });

    // The fitting visit is done, but the job is not: its Benchmark is owed, and nothing can be invoiced.
    await page.goto(`/admin/jobs/${booked.jobId}`);
    await expect(page.getByText("Next: Issue the Benchmark commissioning checklist for the boiler fitted")).toBeVisible();
    const panel = page.getByRole("region", { name: "Building Regulations notification" });
    await expect(panel).toContainText("Benchmark commissioning checklist is not issued yet");
    await expect(page.getByRole("button", { name: "Invoice the job" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await shoot(page, "boiler-job-benchmark-owed-390");

    // Started from the job, at its fitting visit, with the boiler chosen; filled (as
    // e2e/benchmark-record.spec.ts fills it on the phone) and issued.
    await panel.getByRole("button", { name: "Start Benchmark checklist" }).click();
    await expect(page).toHaveURL(/\/admin\/benchmark-records\/\d+$/);
    const draftId = Number(page.url().split("/").pop());
    const draft = await adminGet<AdminBenchmarkRecord>(request, adminToken, `/api/admin/benchmark-records/${draftId}`);
    expect(draft).toMatchObject({ serviceRecordId: booked.visitId, applianceId: boiler.id });
    await page.goto(`/admin/jobs/${booked.jobId}`);
    await panel.getByRole("link", { name: "Continue the Benchmark checklist" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/benchmark-records/${draftId}$`));
    await call(request, adminToken, "patch", `/api/admin/benchmark-records/${draftId}`, completeChecklist);
    const checklist = await call<AdminBenchmarkRecord>(
      request,
      adminToken,
      "post",
      `/api/admin/benchmark-records/${draftId}/issue`,
    );
    await page.goto(`/admin/jobs/${booked.jobId}`);

    // Done now, but the notification is still owed before the invoice.
    await expect(page.getByText("Next: Record the Building Regulations notification, then invoice the job")).toBeVisible();
    await expect(panel).not.toContainText("Benchmark commissioning checklist is not issued yet");
    await panel.getByRole("button", { name: "Record the notification" }).click();
    await panel.getByLabel("Gas Safe notification reference").fill("GSR-20261128-0101");
    await panel.getByRole("button", { name: "Save the notification" }).click();
    await expectToast(page, "Notification recorded");

    // Invoiced from the job, paid: the job is paid.
    await page.getByRole("button", { name: "Invoice the job" }).click();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Issue and send" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue and send it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
    const invoiceId = Number(new URL(page.url()).pathname.split("/").pop());
    const invoice = await adminGet<AdminInvoice>(request, adminToken, `/api/admin/invoices/${invoiceId}`);
    await call(request, adminToken, "post", `/api/admin/invoices/${invoiceId}/payments`, {
      amountPence: invoice.balancePence,
      method: "bank",
      paidOn: londonToday(),
      reference: "BACS",
    });
    await page.goto(`/admin/jobs/${booked.jobId}`);
    await expect(page.getByText("Next: Nothing: paid in full")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Benchmark checklist ${checklist.number}`) })).toBeVisible();

    // A year on (here, today), the boiler's annual service: it joins the Benchmark's service record.
    const sheet = await call<{ id: number }>(request, adminToken, "post", "/api/admin/service-sheets", {
      propertyId: home!.id,
      applianceId: boiler.id,
      serviceDate: londonToday(),
      checks: Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"])),
      operatingPressureMbar: 20,
      coPpm: 14,
      co2Percent: 9.2,
      coCo2Ratio: 0.0015,
      safeToUse: true,
      partsUsed: "Condensate trap seal",
      nextServiceDate: addMonths(londonToday(), 12),
      engineerName: "Dave Hughes",
      engineerLicence: "1112223",
      signature: TEST_SIGNATURE,
    });
    await call(request, adminToken, "post", `/api/admin/service-sheets/${sheet.id}/issue`);
    await page.goto(`/admin/benchmark-records/${checklist.id}`);
    await expect(page.getByRole("region", { name: "Service record" })).toContainText("Condensate trap seal");

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    expect((await request.post("/api/account/sign-in", { data: { email } })).status()).toBe(202);
    await phone.goto(await signInLink(request, adminToken, email));
    await expect(
      phone.getByRole("link", { name: new RegExp(`Benchmark commissioning checklist ${checklist.number}`) }),
    ).toBeVisible();
    await expect(phone.getByText("Service record (1)")).toBeVisible();
    await expect(phone.getByText("GSR-20261128-0101")).toBeVisible();
    await expectNoHorizontalScroll(phone);
    await shoot(phone, "boiler-job-account-390");
    await context.close();
  });

  test("a boiler replaced on an emergency call, ticked on the job sheet, owes its paperwork as a quoted one does", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Callout");
    const customer = await call<{ id: number }>(request, adminToken, "post", "/api/admin/customers", {
      firstName: "Enid",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      address: "5 Brook Lane, Urmston",
      postcode: "M41 9AA",
    });
    const today = londonToday();
    const visit = await call<{ id: number; jobId: number }>(request, adminToken, "post", "/api/admin/service-records", {
      customerId: customer.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: today,
      visitStart: londonToUtc(today, "06:00").toISOString(),
      visitEnd: londonToUtc(today, "07:00").toISOString(),
    });
    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Enid ${lastName}` });
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await sheet.getByRole("button", { name: "Arrived now" }).click();
    await sheet.getByLabel("Work done").fill("Heat exchanger split; boiler replaced like for like");
    await sheet.getByRole("group", { name: "Notifiable work fitted" }).getByRole("checkbox", { name: "Boiler" }).click();
    await expectNoHorizontalScroll(page);
    await shoot(page, "job-sheet-notifiable-390");
    await sheet.getByRole("button", { name: "Finish the visit" }).click();
    await expectToast(page, "Visit finished");
    await expect(card.getByText("Done", { exact: true })).toBeVisible();

    await page.goto(`/admin/jobs/${visit.jobId}`);
    await expect(page.getByText("Next: Issue the Benchmark commissioning checklist for the boiler fitted")).toBeVisible();
    const panel = page.getByRole("region", { name: "Building Regulations notification" });
    await expect(panel).toContainText("Fitted: Boiler");
    await expect(panel.getByRole("button", { name: "Start Benchmark checklist" })).toBeVisible();
  });
});
