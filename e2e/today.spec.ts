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
    await expect(page.getByLabel("Description")).toHaveValue("Boiler Repair: Replaced the diverter valve; tested");
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

test.describe("the engineer's phone without signal", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    // Without signal, the page's own reads fail as the phone's would.
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/],
  });

  test("a job sheet filled offline, kept through a reload, synced once when the signal is back", async ({
    adminPage: page,
    adminToken,
    context,
    request,
  }) => {
    const lastName = unique("Basement");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Kit", lastName, phone: "0161 496 0888", address: "7 Low Street, Sale", postcode: "M33 1AA" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled", serviceDate: londonToday() },
    });
    const visitId = ((await visit.json()) as { id: number }).id;
    const pump = await createProduct(request, { name: unique("Offline Pump"), stockQuantity: 5 });
    const seal = await createProduct(request, { name: unique("Offline Seal"), stockQuantity: 3 });

    // Online once: the service worker takes the app, and the phone keeps the day and the part names.
    await page.goto("/admin/today");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Kit ${lastName}` });
    await expect(card.getByRole("button", { name: "Start the job sheet" })).toBeVisible();
    // The job sheet's code is on the phone whether or not a sheet was opened: the worker fetched it when it
    // installed, with the script that starts the day's read.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
          const urls = keys.flat().map((r) => r.url);
          return ["/job-sheet-", "/signature-field-", "/admin-day-preload-"].every((name) =>
            urls.some((url) => url.includes(name)),
          );
        }),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          (name) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open("northside-phone");
              open.onsuccess = () => {
                const read = open.result.transaction("catalogue").objectStore("catalogue").get("parts");
                read.onsuccess = () => resolve(Boolean(read.result?.parts.some((p: { name: string }) => p.name === name)));
                read.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
          seal.name,
        ),
      )
      .toBe(true);

    // A camera's photo: 3000 × 2000 pixels.
    const cameraPhoto = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 3000;
        canvas.height = 2000;
        const g = canvas.getContext("2d")!;
        for (let i = 0; i < 60; i++) {
          g.fillStyle = `hsl(${i * 6} 60% 50%)`;
          g.fillRect((i * 50) % 3000, i * 30, 400, 300);
        }
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.95));
        return Array.from(new Uint8Array(await blob.arrayBuffer()));
      }),
    );

    // In the basement: the sheet opens without signal.
    await context.setOffline(true);
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await sheet.getByRole("button", { name: "Arrived now" }).click();
    await sheet.getByLabel("Work done").fill("Replaced the pump and a seal in the basement");
    for (const part of [pump, seal]) {
      await sheet.getByLabel("Find a part used").fill(part.name);
      await sheet.getByRole("button", { name: part.name }).click();
    }
    await sheet.getByLabel(`Quantity of ${pump.name}`).fill("2");
    await sheet.getByLabel("Take a photo").setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: cameraPhoto });
    await expect(sheet.getByRole("img", { name: "Photo 1" })).toBeVisible();
    await sheet.getByRole("button", { name: "Ask the customer to sign" }).click();
    const pad = sheet.getByRole("img", { name: "Customer's signature" });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? 20 : -20));
    await page.mouse.up();
    await sheet.getByLabel("Customer's name").fill("Kit Basement");
    await sheet.getByRole("button", { name: "Finish the visit" }).click();
    await expectToast(page, "Visit finished");
    await expect(page.getByRole("status").filter({ hasText: "1 change waiting to sync" })).toBeVisible();
    await shoot(page, "today-offline-390");

    // A reload without signal: the app from the phone, the day and the sheet as they were left.
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: /No signal: the day as this phone kept it/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "1 change waiting to sync" })).toBeVisible();
    const kept = page.getByRole("article", { name: `Visit: Boiler Repair, Kit ${lastName}` });
    const keptSheet = kept.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await expect(keptSheet.getByLabel("Work done")).toHaveValue("Replaced the pump and a seal in the basement");
    await expect(keptSheet.getByLabel(`Quantity of ${pump.name}`)).toHaveValue("2");
    await expect(keptSheet.getByRole("img", { name: "Customer's signature" })).toBeVisible();
    await expect(keptSheet.getByRole("img", { name: "Photo 1" })).toBeVisible();

    // Signal again: the outbox empties by itself, and the day is read again from the server.
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "waiting to sync" })).toHaveCount(0);
    await expect(kept.getByText("Done", { exact: true })).toBeVisible();
    const day = await adminGet<{
      visits: { id: number; status: string; sheet: { parts: unknown[]; signedName: string; photos: string[] } | null }[];
    }>(request, adminToken, `/api/admin/today?date=${londonToday()}`);
    const synced = day.visits.find((v) => v.id === visitId)!;
    expect(synced).toMatchObject({ status: "completed", sheet: { signedName: "Kit Basement" } });
    // The photo is in R2, shrunk on the phone to 1600 pixels on its long side.
    expect(synced.sheet!.photos).toEqual([expect.stringMatching(new RegExp(`^visits/${visitId}/[\\w-]+\\.jpg$`))]);
    const photo = await request.get(`/api/admin/visits/${visitId}/photos/${synced.sheet!.photos[0]!.split("/")[2]}`, {
      headers: bearer(adminToken),
    });
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    const stored = await photo.body();
    expect(stored.byteLength).toBeLessThan(cameraPhoto.byteLength);
    const size = await page.evaluate(async (bytes) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }));
      return [bitmap.width, bitmap.height];
    }, Array.from(stored));
    expect(size).toEqual([1600, 1067]);
    for (const [part, left] of [
      [pump, 3],
      [seal, 2],
    ] as const) {
      const movements = await adminGet<{ change: number; quantityAfter: number; reason: string }[]>(
        request,
        adminToken,
        `/api/admin/products/${part.id}/stock-movements`,
      );
      expect(movements.filter((m) => m.reason === "visit")).toEqual([expect.objectContaining({ quantityAfter: left })]);
    }
  });
});

test.describe("a sheet the office changed meanwhile", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 409/],
  });

  test("the phone shows the conflict, overwrites nothing, and loads the office's version", async ({
    adminPage: page,
    adminToken,
    context,
    request,
  }) => {
    const lastName = unique("Conflict");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Cal", lastName, phone: "0161 496 0555", address: "2 Mill Lane, Sale", postcode: "M33 3AA" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled", serviceDate: londonToday() },
    });
    const visitId = ((await visit.json()) as { id: number }).id;

    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Cal ${lastName}` });
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    // The sheet's code comes with signal (whether the service worker had it yet is another test's).
    await expect(sheet.getByLabel("Work done")).toBeVisible();
    await context.setOffline(true);
    await sheet.getByLabel("Work done").fill("Bled the radiators");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 change waiting to sync" })).toBeVisible();

    // Meanwhile the office moves the visit's notes (the request is not the phone's: it has signal).
    const moved = await request.patch(`/api/admin/service-records/${visitId}`, {
      headers: bearer(adminToken),
      data: { notes: "Customer asked for the afternoon" },
    });
    expect(moved.status()).toBe(200);

    await context.setOffline(false);
    const conflict = sheet.getByRole("alert");
    await expect(conflict).toContainText("The visit was changed in the office since this phone last had it");
    await shoot(page, "today-conflict-390");
    const day = await adminGet<{ visits: { id: number; sheet: unknown }[] }>(
      request,
      adminToken,
      `/api/admin/today?date=${londonToday()}`,
    );
    expect(day.visits.find((v) => v.id === visitId)!.sheet).toBeNull();

    await conflict.getByRole("button", { name: "Load the office's version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "waiting to sync" })).toHaveCount(0);
    // The sheet as the office has it (none yet), ready to fill again; the conflict gone.
    const reloaded = page
      .getByRole("article", { name: `Visit: Boiler Repair, Cal ${lastName}` })
      .getByRole("region", { name: "Job sheet: Boiler Repair" });
    await expect(reloaded.getByLabel("Work done")).toHaveValue("");
    await expect(reloaded.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("a sheet opened without signal before the phone has its code", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    // No service worker, so nothing fetched the job sheet's code ahead: the phone's first visit
    // losing signal before the worker installed.
    serviceWorkers: "block",
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|dynamically imported module/],
  });

  test("says so on the card, keeps the day on screen, and Try Again opens it once the signal is back", async ({
    adminPage: page,
    adminToken,
    context,
    request,
  }) => {
    const lastName = unique("Cellar");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Dee", lastName, phone: "0161 496 0777", address: "9 Cellar Row, Sale", postcode: "M33 2AA" },
      })
    ).json()) as AdminCustomer;
    await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled", serviceDate: londonToday() },
    });

    await page.goto("/admin/today");
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Dee ${lastName}` });
    await expect(card.getByRole("button", { name: "Start the job sheet" })).toBeVisible();
    await context.setOffline(true);
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const failed = card.getByRole("alert");
    await expect(failed).toContainText("The job sheet could not be opened");
    // The rest of the day stays: the card, its address and the header.
    await expect(card.getByRole("link", { name: /9 Cellar Row/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();

    // A failed import stays failed for the page's life, so Try Again loads the page again.
    await context.setOffline(false);
    await Promise.all([page.waitForEvent("load"), failed.getByRole("button", { name: "Try Again" }).click()]);
    await card.getByRole("button", { name: "Start the job sheet" }).click();
    const sheet = card.getByRole("region", { name: "Job sheet: Boiler Repair" });
    await expect(sheet.getByLabel("Work done")).toBeVisible();
    await expect(card.getByRole("alert")).toHaveCount(0);
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
