import type { APIRequestContext } from "@playwright/test";
import type { AdminBenchmarkRecord } from "../schema/api/benchmark-records";
import type { AdminAppliance } from "../schema/api/properties";
import type { AdminQuote } from "../schema/api/quotes";
import { addDays, londonToday } from "../schema/london-time";
import { completeChecklist } from "../test/fixtures/benchmark-checklist";
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

// The Building Regulations notification tracker on a phone (issue 47 part 2): a boiler fitted 25
// days ago and not notified is amber on the home screen; the owner opens the job from there, records
// Gas Safe's reference, and the job can be invoiced; the customer's account then shows the reference;
// and the quote builder keeps a line's "Notifiable installation".

const send = async <T>(
  request: APIRequestContext,
  token: string,
  method: "post" | "patch" | "put",
  path: string,
  data?: unknown,
) => {
  const res = await request[method](path, { headers: bearer(token), data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** A customer's accepted boiler quote, its line marked as a boiler, its one visit completed `daysAgo`. */
async function boilerFitted(request: APIRequestContext, token: string, daysAgo: number) {
  const lastName = unique("Fitter");
  const email = `${lastName.toLowerCase()}@example.com`;
  const customer = await send<{ id: number }>(request, token, "post", "/api/admin/customers", {
    firstName: "Nia",
    lastName,
    email,
    address: "7 Boiler Lane, Sale",
    postcode: "M33 2BB",
  });
  const quote = await send<AdminQuote>(request, token, "post", "/api/admin/estimates", {
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
  const sent = await send<AdminQuote>(request, token, "post", `/api/admin/estimates/${quote.id}/send`);
  const link = sent.customerUrl!.split("/").pop()!;
  const accepted = await request.post(`/api/estimates/${link}/accept`, {
    data: { optionId: sent.options[0]!.id, name: "Nia Fitter", startEarly: true },
  });
  expect(accepted.status()).toBe(200);
  const booked = await adminGet<AdminQuote>(request, token, `/api/admin/estimates/${quote.id}`);
  await send(request, token, "patch", `/api/admin/service-records/${booked.visitId}`, {
    status: "completed",
    serviceDate: addDays(londonToday(), -daysAgo),
  });
  // Its Benchmark commissioning checklist issued at the fitting visit: the job is then done.
  const boiler = await send<AdminAppliance>(request, token, "post", `/api/admin/properties/${booked.propertyId}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 4000 30kW",
    serial: `WB-${lastName}`,
    flueType: "room-sealed",
  });
  const checklist = await send<AdminBenchmarkRecord>(request, token, "post", "/api/admin/benchmark-records", {
    propertyId: booked.propertyId,
    serviceRecordId: booked.visitId,
    applianceId: boiler.id,
    ...completeChecklist,
  });
  await send(request, token, "post", `/api/admin/benchmark-records/${checklist.id}/issue`);
  return { jobId: booked.jobId!, lastName, email, customerId: customer.id };
}

test.describe("a boiler's Building Regulations notification", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("amber on the home screen from day 21; recorded on the job's screen, it clears and the job can be invoiced", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    test.slow();
    const { jobId, lastName } = await boilerFitted(request, adminToken, 25);

    await page.goto("/admin");
    const due = page.getByRole("region", { name: /Building Regulations notifications? to make/ });
    const entry = due.getByRole("listitem").filter({ hasText: lastName });
    await expect(entry).toContainText("5 days left");
    await entry.getByRole("link", { name: `A new combi boiler for Nia ${lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/jobs/${jobId}$`));

    const panel = page.getByRole("region", { name: "Building Regulations notification" });
    await expect(panel).toHaveAttribute("data-tone", "amber");
    await expect(panel.getByText("To notify", { exact: true })).toBeVisible();
    await expect(panel).toContainText("5 days left");
    await expect(page.getByRole("button", { name: "Invoice the job" })).toHaveCount(0);
    await expect(page.getByText("Record the Building Regulations notification, then invoice the job")).toBeVisible();

    await panel.getByRole("button", { name: "Record the notification" }).click();
    // Without the reference the form says what is missing, beside the field.
    await panel.getByRole("button", { name: "Save the notification" }).click();
    await expect(panel.getByText("Enter the notification reference from Gas Safe Register")).toBeVisible();
    await panel.getByLabel("Gas Safe notification reference").fill("GSR-20261127-4412");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "job-building-regs-390");
    await panel.getByRole("button", { name: "Save the notification" }).click();
    await expectToast(page, "Notification recorded");

    await expect(panel.getByText("Notified", { exact: true })).toBeVisible();
    await expect(panel).toContainText("reference GSR-20261127-4412");
    await expect(panel).toContainText("Certificate number still to come.");
    await expect(page.getByRole("button", { name: "Invoice the job" })).toBeVisible();

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: lastName })).toHaveCount(0);
  });

  test("the customer's account shows the recorded notification's reference", async ({ adminToken, browser, request }) => {
    const { jobId, email } = await boilerFitted(request, adminToken, 10);
    await send(request, adminToken, "put", `/api/admin/jobs/${jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: londonToday(),
      reference: "GSR-ACCOUNT-5521",
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    expect((await request.post("/api/account/sign-in", { data: { email } })).status()).toBe(202);
    await phone.goto(await signInLink(request, adminToken, email));
    await expect(phone.getByRole("heading", { level: 1, name: "Hello, Nia" })).toBeVisible();
    const regs = phone.getByRole("region", { name: "Building Regulations" });
    await expect(regs).toContainText("A new combi boiler");
    await expect(regs).toContainText("Boiler");
    await expect(regs).toContainText("reference GSR-ACCOUNT-5521");
    await expectNoHorizontalScroll(phone);
    await expectAccessible(phone);
    await context.close();
  });

  test("the quote builder keeps a line's notifiable installation: saved, reopened, still a boiler", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Marker");
    const customer = await send<{ id: number }>(request, adminToken, "post", "/api/admin/customers", {
      firstName: "Ola",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      address: "9 Flue Street, Altrincham",
      postcode: "WA14 1AA",
    });
    await page.goto(`/admin/estimates/new?customerId=${customer.id}`);
    await page.getByLabel("Title").fill("A new combi boiler");
    const option = page.getByRole("group", { name: "Option: Option 1" });
    await option.getByLabel("Description").fill("Worcester Greenstar 4000 fitted");
    await option.getByLabel("Unit price (£)").fill("1899.00");
    const installation = option.getByRole("combobox", { name: "Notifiable installation" });
    await expect(installation).toHaveText("None");
    await installation.click();
    await page.getByRole("option", { name: "Boiler", exact: true }).click();
    await expect(installation).toHaveText("Boiler");
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectToast(page, "Quote saved");
    await expect(page).toHaveURL(/\/admin\/estimates\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await page.goto("/admin");
    await page.goto(`/admin/estimates/${id}`);
    await expect(page.getByRole("group", { name: "Option: Option 1" }).getByLabel("Description")).toHaveValue(
      "Worcester Greenstar 4000 fitted",
    );
    await expect(
      page.getByRole("group", { name: "Option: Option 1" }).getByRole("combobox", { name: "Notifiable installation" }),
    ).toHaveText("Boiler");
    const saved = await adminGet<AdminQuote>(request, adminToken, `/api/admin/estimates/${id}`);
    expect(saved.options[0]!.lines[0]!.installation).toBe("boiler");
  });
});
