import type { AdminCustomer } from "../schema/api/customers";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { bearer, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";

test.describe("on the owner's phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("revoking an invoice's links asks first, kills the old link and shows a new one that works", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Revoke");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: {
          firstName: "Rhea",
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          address: "4 Elm Road",
          postcode: "M33 3AB",
        },
      })
    ).json()) as AdminCustomer;
    const draft = (await (
      await request.post("/api/admin/invoices", {
        headers: bearer(adminToken),
        data: { customerId: customer.id, lines: [{ description: "Boiler service", quantity: 1, unitPence: 9_000, vatRate: 20 }] },
      })
    ).json()) as AdminInvoice;
    const issued = await request.post(`/api/admin/invoices/${draft.id}/issue`, { headers: bearer(adminToken) });
    expect(issued.status()).toBe(200);
    const { payLink: oldLink } = (await issued.json()) as AdminInvoice;
    expect((await request.get(`/api/invoices/${oldLink!.split("/").pop()}`)).status()).toBe(200);

    await page.goto(`/admin/invoices/${draft.id}`);
    await expect(page.getByRole("link", { name: "Open the customer's page" })).toHaveAttribute("href", oldLink!);
    await page.getByRole("button", { name: "Revoke links" }).click();
    const dialog = page.getByRole("alertdialog", { name: /Revoke the links to INV-\d+\?/ });
    await expect(dialog).toContainText("the invoice's page (where it is paid), its PDF");
    await expectNoHorizontalScroll(page);
    await shoot(page, "invoice-revoke-links-390");
    await dialog.getByRole("button", { name: "Revoke them" }).click();
    await expectToast(page, "Links revoked");

    const shown = page.getByTestId("new-link");
    await expect(shown).toContainText("/invoice/");
    const fresh = new URL((await shown.textContent())!).pathname;
    expect(fresh).not.toBe(oldLink);
    await expect(page.getByRole("link", { name: "Open the customer's page" })).toHaveAttribute("href", fresh);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    const old = await request.get(`/api/invoices/${oldLink!.split("/").pop()}`);
    expect(old.status()).toBe(404);
    expect(((await old.json()) as { error: string }).error).toMatch(/not valid/);
    expect((await request.get(`/api/invoices/${fresh.split("/").pop()}`)).status()).toBe(200);
  });

  test("logging out warns of changes not synced, then leaves no day in IndexedDB and no caches", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const lastName = unique("Leave");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers: bearer(adminToken),
        data: { firstName: "Lou", lastName, phone: "0161 496 0999", address: "2 Birch Lane, Sale", postcode: "M33 4AB" },
      })
    ).json()) as AdminCustomer;
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled", serviceDate: londonToday() },
    });
    expect(visit.status()).toBe(201);
    const visitId = ((await visit.json()) as { id: number }).id;

    // The day on the phone: kept in IndexedDB, and the service worker's offline copy in its caches.
    await page.goto("/admin/today");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect(page.getByRole("article", { name: `Visit: Boiler Repair, Lou ${lastName}` })).toBeVisible();
    const dayKept = () =>
      page.evaluate(
        (name) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("northside-phone");
            open.onsuccess = () => {
              const read = open.result.transaction("days").objectStore("days").getAll();
              read.onsuccess = () => {
                resolve(JSON.stringify(read.result).includes(name));
                open.result.close();
              };
              read.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        lastName,
      );
    await expect.poll(dayKept).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);

    // A job sheet the server refused, still on the phone: the logout says it would be lost.
    await page.evaluate(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("northside-phone");
          open.onsuccess = () => {
            const tx = open.result.transaction("outbox", "readwrite");
            tx.objectStore("outbox").add({
              visitId: id,
              key: crypto.randomUUID(),
              body: {
                arrivedAt: null,
                workDone: "Signed in the basement",
                advice: "",
                labourMinutes: null,
                parts: [],
                signature: null,
                signedName: "",
                photos: [],
              },
              finish: true,
              state: "failed",
              attempted: true,
              error: "Refused",
              createdAt: new Date().toISOString(),
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      visitId,
    );
    await page.waitForLoadState("networkidle");
    const logout = page.getByRole("banner").getByRole("button", { name: "Logout" });
    await logout.click();
    const warning = page.getByRole("alertdialog", { name: "Log out and lose changes?" });
    await expect(warning).toContainText("1 change made on this phone has not synced yet and would be lost.");
    await expectNoHorizontalScroll(page);
    await warning.getByRole("button", { name: "Cancel" }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/today$/);
    expect(await dayKept()).toBe(true);

    await logout.click();
    await warning.getByRole("button", { name: "Log out and lose them" }).click();
    await expectToast(page, "Logged Out");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .not.toContain("northside-phone");
    expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);
    // Still none once the login screen has loaded all it needs.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(async () => ({ databases: await indexedDB.databases(), caches: await caches.keys() }))).toEqual({
      databases: [],
      caches: [],
    });
  });
});
