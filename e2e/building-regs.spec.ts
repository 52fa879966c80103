import type { APIRequestContext } from "@playwright/test";
import type { AdminQuote } from "../schema/api/quotes";
import { addDays, londonToday } from "../schema/london-time";
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
// Gas Safe's reference, and the job can be invoiced.

const send = async <T>(request: APIRequestContext, token: string, method: "post" | "patch", path: string, data?: unknown) => {
  const res = await request[method](path, { headers: bearer(token), data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** A customer's accepted boiler quote, its line marked as a boiler, its one visit completed `daysAgo`. */
async function boilerFitted(request: APIRequestContext, token: string, daysAgo: number) {
  const lastName = unique("Fitter");
  const customer = await send<{ id: number }>(request, token, "post", "/api/admin/customers", {
    firstName: "Nia",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
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
  return { jobId: booked.jobId!, lastName };
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
});
