import type { AdminCustomer } from "../schema/api/customers";
import { londonToday } from "../schema/london-time";
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
import { createProduct } from "./shop-helpers";

// My Day (/admin/today) with signal: a visit worked through on a phone, the day's one read, and
// the back office installed as an app. Without signal is today-offline.spec.ts.

test.describe("the engineer's day on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("today's visit: call, map, the job sheet with a part, finished, and the invoice offered", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Site");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Sam", lastName, phone: "0161 496 0777", address: "3 Ash Grove, Stretford", postcode: "M32 9AA" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: {
        customerId: customer.id,
        serviceType: "Boiler Repair",
        status: "scheduled",
        serviceDate: londonToday(),
        cost: "95.00",
      },
    });
    expect(visit.status()).toBe(201);
    const part = await createProduct(request, { name: unique("Diverter Valve"), stockQuantity: 4 });

    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Sam ${lastName}` });
    await expect(card.getByRole("link", { name: "Call 0161 496 0777" })).toHaveAttribute("href", "tel:01614960777");
    await expect(card.getByRole("link", { name: "3 Ash Grove, Stretford, M32 9AA" })).toHaveAttribute(
      "href",
      /google\.com\/maps/,
    );
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await sheet.getByRole("button", { name: "Arrived now" }).click();
    await sheet.getByLabel("Work done").fill("Replaced the diverter valve; tested");
    await sheet.getByLabel("Labour (minutes)").fill("75");
    await sheet.getByLabel("Find a part used").fill(part.name.slice(0, 12));
    await sheet.getByRole("button", { name: part.name }).click();
    await sheet.getByLabel(`Quantity of ${part.name}`).fill("2");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "today-job-sheet-390");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Job sheet saved");
    await expect(card.getByText("On site")).toBeVisible();
    await card
      .getByRole("region", { name: "Job sheet: Boiler Repair" })
      .getByRole("button", { name: "Finish the visit" })
      .click();
    await expectToast(page, "Visit finished");
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    // The parts left the stock once, through the ledger, with the visit as the reason.
    const movements = await adminGet<{ change: number; quantityAfter: number; reason: string }[]>(
      request,
      adminToken,
      `/api/admin/products/${part.id}/stock-movements`,
    );
    expect(movements.filter((m) => m.reason === "visit")).toEqual([expect.objectContaining({ change: -2, quantityAfter: 2 })]);
    await card.getByRole("button", { name: "Create invoice" }).click();
    await expect(page.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
    // The work at the visit's price, and the parts the sheet used as a line of their own.
    await expect(page.getByLabel("Description").first()).toHaveValue("Boiler Repair: Replaced the diverter valve; tested");
    await expect(page.getByLabel("Description").nth(1)).toHaveValue(`Part: ${part.name}`);
  });
});

test.describe("the day's read", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is asked for once, by the page's HTML, in a signed-in tab and in a new tab that borrows the session", async ({
    adminPage: page,
    adminToken,
    context,
    request,
  }) => {
    const lastName = unique("Early");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Ola", lastName, phone: "0161 496 0999", address: "9 Elm Road, Sale", postcode: "M33 2BB" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: customer.id, serviceType: "Boiler Service", status: "in-progress", serviceDate: londonToday() },
    });
    expect(visit.status()).toBe(201);
    const reads = (tab: typeof page) => {
      const seen: string[] = [];
      tab.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/admin/today") seen.push(r.url());
      });
      return seen;
    };

    const first = reads(page);
    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Service, Ola ${lastName}` });
    // A visit on site shows the day first; its sheet opens on a tap.
    await expect(card.getByText("On site")).toBeVisible();
    await expect(card.getByRole("button", { name: "Continue the job sheet" })).toBeVisible();
    // One read, the HTML's (the app's own name their date).
    expect(first.map((url) => new URL(url).searchParams.has("date"))).toEqual([false]);
    // The next day is the app's own read, with its date.
    await page.getByRole("link", { name: "Next day" }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Today");
    await expect.poll(() => first.length).toBe(2);
    expect(new URL(String(first[1])).searchParams.get("date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A new tab has no token of its own: the page's script borrows the first tab's, reads the day
    // with it, and the app takes both rather than asking again.
    const tab = await context.newPage();
    const second = reads(tab);
    await tab.goto("/admin/today");
    await expect(tab.getByRole("article", { name: `Visit: Boiler Service, Ola ${lastName}` })).toBeVisible();
    expect(second.map((url) => new URL(url).searchParams.has("date"))).toEqual([false]);
    await tab.close();
  });
});

test.describe("the back office as an app on the phone", () => {
  test("the manifest and service worker make /admin/today installable, and a gas safety visit starts its record from the sheet", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    await page.goto("/admin/today");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Chrome's own installability check (what decides whether it offers "Install app"), asked
    // through DevTools: Lighthouse 12 dropped its PWA audits. A test browser's profile is
    // off the record, which Chrome names as its only reason not to offer it.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    expect(url).toMatch(/\/images\/app\/admin\.webmanifest$/);
    expect(errors).toEqual([]);

    const lastName = unique("Landlord");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Ann", lastName, phone: "0161 496 0999", address: "9 Elm Road, Sale", postcode: "M33 2BB" },
      })
    ).json()) as AdminCustomer;
    const property = (await (
      await request.post(`/api/admin/customers/${customer.id}/properties`, {
        headers: bearer(adminToken),
        data: { address: "Flat 2, 9 Elm Road, Sale", postcode: "M33 2BB" },
      })
    ).json()) as { id: number };
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: {
        customerId: customer.id,
        propertyId: property.id,
        serviceType: "Gas Safety Certificate",
        status: "scheduled",
        serviceDate: londonToday(),
      },
    });
    expect(visit.status()).toBe(201);
    await page.reload();
    const card = page.getByRole("article", { name: `Visit: Gas Safety Certificate, Ann ${lastName}` });
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    await card.getByRole("button", { name: "Start gas safety record" }).click();
    await expect(page).toHaveURL(/\/admin\/gas-safety-records\/\d+$/);
  });
});
