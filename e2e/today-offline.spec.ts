import type { AdminCustomer } from "../schema/api/customers";
import { londonToday } from "../schema/london-time";
import { adminGet, bearer, expect, expectToast, shoot, test, unique } from "./admin-fixtures";
import { phoneKeepsTheDay } from "./phone-helpers";
import { createProduct } from "./shop-helpers";

// My Day (/admin/today) on a phone without signal: a sheet kept and synced, a conflict with the
// office, and a sheet whose code the phone does not have yet. With signal is today.spec.ts.

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
    await phoneKeepsTheDay(page, seal.name);
    const card = page.getByRole("article", { name: `Visit: Boiler Repair, Kit ${lastName}` });
    await expect(card.getByRole("button", { name: "Start the job sheet" })).toBeVisible();

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
