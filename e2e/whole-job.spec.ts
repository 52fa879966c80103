import type { APIRequestContext } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminInvoice } from "../schema/api/invoices";
import type { JobSummary } from "../schema/api/jobs";
import type { AdminServiceRecord } from "../schema/api/records";
import { londonToday, londonToUtc } from "../schema/london-time";
import { passedBoilerRecord } from "../test/fixtures/gas-safety-record";
import { signInLink } from "./account-helpers";
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
import { phoneKeepsTheDay } from "./phone-helpers";
import { createProduct } from "./shop-helpers";

// One job from the landlord's booking to paid, as the owner, the engineer, the landlord and the
// tenant each see it on a phone (issue 44): the seams between the documents, walked end to end.

const call = async <T>(request: APIRequestContext, token: string, method: "post" | "patch", path: string, data: unknown) => {
  const res = await request[method](path, { headers: bearer(token), data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** A landlord with two let flats, each with a boiler and a tenant; Flat 2's tenant has an e-mail. */
async function landlordWithTwoFlats(request: APIRequestContext, token: string) {
  const lastName = unique("Landlord");
  const email = `${lastName.toLowerCase()}@example.com`;
  const tenantEmail = `tia-${lastName.toLowerCase()}@example.com`;
  const customer = await call<AdminCustomer>(request, token, "post", "/api/admin/customers", {
    firstName: "Lena",
    lastName,
    email,
    phone: "0161 496 0123",
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const flat = async (n: number, tenant: object) => {
    const place = await call<{ id: number }>(request, token, "post", `/api/admin/customers/${customer.id}/properties`, {
      address: `Flat ${n}, 14 Canal Street, Manchester`,
      postcode: "M1 3HW",
      ...tenant,
    });
    const boiler = await call<{ id: number }>(request, token, "post", `/api/admin/properties/${place.id}/appliances`, {
      location: "Kitchen",
      type: "boiler",
      make: "Worcester",
      model: "Greenstar 30i",
      flueType: "room-sealed",
    });
    return { id: place.id, boilerId: boiler.id };
  };
  const flat1 = await flat(1, { tenantName: "Tim Tenant", tenantPhone: "07700 900111" });
  const flat2 = await flat(2, { tenantName: "Tia Tenant", tenantEmail, tenantPhone: "07700 900222", tenantGetsCopies: true });
  return { customer, email, lastName, tenantEmail, flat1, flat2 };
}

async function pdfText(request: APIRequestContext, token: string, path: string) {
  const pdf = await request.get(path, { headers: bearer(token) });
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test.describe("one job, from the landlord's booking to paid", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    // The engineer's sheet is finished without signal: the page's own reads fail meanwhile, as the phone's would.
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/],
  });

  test("a landlord books Flat 2's check from her account; the engineer, the tenant and the office follow one job to paid", async ({
    adminPage: page,
    adminToken,
    browser,
    request,
  }) => {
    // The suite's longest walk (three people, a phone offline and back): 20 s alone, more on a busy machine.
    test.slow();
    const { customer, email, lastName, tenantEmail, flat2 } = await landlordWithTwoFlats(request, adminToken);
    const part = await createProduct(request, { name: unique("Condensate Trap"), price: "12.00", stockQuantity: 5 });
    await call(request, adminToken, "patch", "/api/admin/settings/billing", { labourRatePence: 6_000 });
    try {
      // The landlord books Flat 2's check from her account.
      const landlord = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const own = await landlord.newPage();
      await own.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
      await request.post("/api/account/sign-in", { data: { email } });
      await own.goto(await signInLink(request, adminToken, email));
      await own
        .getByRole("article", { name: "Flat 2, 14 Canal Street, Manchester" })
        .getByRole("link", { name: "Book the check" })
        .click();
      await expect(own.getByRole("form", { name: "Your details" }).getByLabel("Address of the visit")).toHaveValue(
        "Flat 2, 14 Canal Street, Manchester",
      );
      await own
        .getByRole("group", { name: /^Time on/ })
        .getByRole("button")
        .first()
        .click();
      await own.getByRole("button", { name: "Book this visit" }).click();
      await expect(own.getByRole("heading", { name: "You're booked in" })).toBeVisible();

      // No second customer: the visit is hers, at Flat 2, the one job; the confirmation names Flat 2.
      const same = await adminGet<AdminCustomer[]>(request, adminToken, `/api/admin/customers?q=${encodeURIComponent(email)}`);
      expect(same.map((c) => c.id)).toEqual([customer.id]);
      const [visit] = await adminGet<AdminServiceRecord[]>(
        request,
        adminToken,
        `/api/admin/service-records?customerId=${customer.id}`,
      );
      expect(visit).toMatchObject({ propertyId: flat2.id, serviceType: "Gas Safety Certificate (CP12)" });
      await expect
        .poll(async () => {
          const outbox = await adminGet<{ to: string; subject: string; text: string }[]>(
            request,
            adminToken,
            "/api/admin/outbox?limit=30",
          );
          return outbox.find((m) => m.to === email && /booked/i.test(m.subject))?.text ?? "";
        })
        .toContain("Flat 2, 14 Canal Street, Manchester");

      // The office brings the visit to today; the engineer's day shows the tenant to call.
      const today = londonToday();
      await call(request, adminToken, "patch", `/api/admin/service-records/${visit!.id}`, {
        visitStart: londonToUtc(today, "07:00").toISOString(),
        visitEnd: londonToUtc(today, "08:00").toISOString(),
        notifyCustomer: false,
      });
      await page.goto("/admin/today");
      await phoneKeepsTheDay(page, part.name);
      const card = page.getByRole("article", { name: `Visit: Gas Safety Certificate (CP12), Lena ${lastName}` });
      await expect(card.getByRole("link", { name: "Call 07700 900222" })).toHaveAttribute("href", "tel:07700900222");
      await expect(card).toContainText("Tia Tenant");

      // The job sheet, finished without signal with a part and 90 minutes, synced when the signal is back.
      await page.context().setOffline(true);
      await card.getByRole("button", { name: "Start the job sheet" }).click();
      const sheet = card.getByRole("region", { name: "Job sheet: Gas Safety Certificate (CP12)" });
      await sheet.getByRole("button", { name: "Arrived now" }).click();
      await sheet.getByLabel("Work done").fill("Annual gas safety check; trap replaced");
      await sheet.getByLabel("Labour (minutes)").fill("90");
      await sheet.getByLabel("Find a part used").fill(part.name);
      await sheet.getByRole("button", { name: part.name }).click();
      await sheet.getByRole("button", { name: "Finish the visit" }).click();
      await expectToast(page, "Visit finished");
      await expect(page.getByRole("status").filter({ hasText: "1 change waiting to sync" })).toBeVisible();
      await page.context().setOffline(false);
      await expect(page.getByRole("status").filter({ hasText: "waiting to sync" })).toHaveCount(0);
      await expect(card.getByText("Done", { exact: true })).toBeVisible();

      // The record, started from the same visit afterwards.
      await card.getByRole("button", { name: "Start gas safety record" }).click();
      await expect(page).toHaveURL(/\/admin\/gas-safety-records\/\d+$/);
      const recordId = Number(new URL(page.url()).pathname.split("/").pop());
      const draft = await adminGet<{ serviceRecordId: number | null }>(
        request,
        adminToken,
        `/api/admin/gas-safety-records/${recordId}`,
      );
      expect(draft.serviceRecordId).toBe(visit!.id);
      await call(
        request,
        adminToken,
        "patch",
        `/api/admin/gas-safety-records/${recordId}`,
        passedBoilerRecord(flat2.boilerId, today),
      );
      const record = await call<{ number: string }>(
        request,
        adminToken,
        "post",
        `/api/admin/gas-safety-records/${recordId}/issue`,
        {},
      );
      const recordPdf = await pdfText(request, adminToken, `/api/admin/gas-safety-records/${recordId}/pdf`);
      expect(recordPdf).toContain("Flat 2, 14 Canal Street, Manchester");
      expect(recordPdf).toContain("26(9)");
      expect(recordPdf).toMatch(/carbon monoxide alarm/i);

      // One visit, one job.
      const jobs = await adminGet<JobSummary[]>(request, adminToken, `/api/admin/customers/${customer.id}/jobs`);
      expect(jobs).toHaveLength(1);
      expect(
        await adminGet<AdminServiceRecord[]>(request, adminToken, `/api/admin/service-records?customerId=${customer.id}`),
      ).toHaveLength(1);

      // The job invoiced from its screen: the sheet's time at the labour rate and the part as lines.
      await page.goto(`/admin/jobs/${jobs[0]!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Gas Safety Certificate (CP12)" })).toBeVisible();
      await expect(page.getByText("Next: Invoice the job")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, "job-done-390");
      await page.getByRole("button", { name: "Invoice the job" }).click();
      await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
      const descriptions = page.getByLabel("Description");
      await expect(descriptions.first()).toHaveValue(/labour, 1 h 30 min at £60\.00 an hour/);
      await expect(descriptions.nth(1)).toHaveValue(`Part: ${part.name}`);
      await page.getByRole("button", { name: "Issue and send" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Issue and send it" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
      const invoiceId = Number(new URL(page.url()).pathname.split("/").pop());
      const invoice = await adminGet<AdminInvoice>(request, adminToken, `/api/admin/invoices/${invoiceId}`);
      expect(invoice.jobId).toBe(jobs[0]!.id);
      // £90.00 labour and £12.00 for the part (not VAT registered: the store's price).
      expect(invoice.totals.grossPence).toBe(10_200);

      // Paid by bank transfer: the job is paid.
      await call(request, adminToken, "post", `/api/admin/invoices/${invoiceId}/payments`, {
        amountPence: invoice.balancePence,
        method: "bank",
        paidOn: today,
        reference: "BACS",
      });
      await page.goto(`/admin/jobs/${jobs[0]!.id}`);
      await expect(page.getByText("Next: Nothing: paid in full")).toBeVisible();
      await expect(page.getByRole("list").filter({ hasText: record.number })).toBeVisible();
      // Found again from the list of every job: by her name, under Paid, and opened from there.
      await page.goto(`/admin/jobs?q=${encodeURIComponent(lastName)}`);
      await page.getByRole("tab", { name: "Paid" }).click();
      const listed = page.getByRole("article", { name: `Job ${jobs[0]!.id}: Gas Safety Certificate (CP12)` });
      await expect(listed).toContainText("Flat 2, 14 Canal Street, Manchester");
      await expect(listed).toContainText("Paid");
      await expectNoHorizontalScroll(page);
      await shoot(page, "jobs-list-390");
      await page.getByRole("tab", { name: "Invoiced" }).click();
      await expect(page.getByText("No job matches.")).toBeVisible();
      await page.getByRole("tab", { name: "All" }).click();
      await listed.getByRole("link").click();
      await expect(page.getByText("Next: Nothing: paid in full")).toBeVisible();

      // The landlord's account: the record at Flat 2, the invoice paid, the payment received.
      await own.goto("/account");
      await expect(own.getByRole("article", { name: "Flat 2, 14 Canal Street, Manchester" })).toContainText(record.number);
      const invoices = own.getByRole("region", { name: "Invoices" });
      await expect(invoices).toContainText(invoice.number!);
      await expect(invoices).toContainText("Received £102.00 by bank transfer");
      // She lets Tia book the next check herself.
      const letTia = own
        .getByRole("article", { name: "Flat 2, 14 Canal Street, Manchester" })
        .getByRole("checkbox", { name: "Let Tia book the gas safety check from their own account" });
      // Ticked once the server has it (the box follows the answer, as the preferences' do).
      await letTia.click();
      await expectToast(own, "Tia can book the check");
      await expect(letTia).toBeChecked();
      await landlord.close();

      // The tenant signs in and sees that record, and nothing of the landlord's.
      const tenant = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const home = await tenant.newPage();
      await home.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
      await request.post("/api/account/sign-in", { data: { email: tenantEmail } });
      await home.goto(await signInLink(request, adminToken, tenantEmail));
      const yours = home.getByRole("region", { name: "Your home" });
      await expect(yours).toContainText(record.number);
      await expect(yours.getByRole("link", { name: "Book the check" })).toHaveAttribute(
        "href",
        new RegExp(`property=${flat2.id}`),
      );
      await expect(home.locator("main")).not.toContainText("Flat 1");
      await expect(home.locator("main")).not.toContainText(invoice.number!);
      await tenant.close();
    } finally {
      await call(request, adminToken, "patch", "/api/admin/settings/billing", { labourRatePence: null });
    }
  });
});
