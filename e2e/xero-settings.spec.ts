import { randomUUID } from "node:crypto";
import type { AdminInvoice } from "../schema/api/invoices";
import { e2eXero } from "../scripts/e2e-xero.mjs";
import { bearer, expect, expectNoHorizontalScroll, shoot, test } from "./admin-fixtures";
import { basePort } from "./app-server";

// The owner connects Xero from the billing settings on a phone (issue 48), against the run's fake
// Xero (test/fakes/xero.ts, started by e2e/global-setup.ts; the build's Xero app points at it).
// Once the app is disconnected in Xero, the screen's first read of Xero's lists is how the Worker
// learns it: answered 409 ("connect it first") while the link turns to Reconnect.
test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 409/] });

const xero = e2eXero(basePort());
const fake = async (path: string, body?: unknown) => {
  const res = await fetch(`${xero.apiBase}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json();
};

test("the owner connects Xero, chooses the organisation and the mapping from Xero's lists, sees the last sync, reconnects without losing what waits, and disconnects", async ({
  adminPage: page,
  adminToken,
  request,
  baseURL,
}) => {
  // It waits twice for the local queue to send to the fake (its batches wait up to 2 s, and more on
  // a loaded machine: 27 s alone, beyond 30 s beside another worker).
  test.setTimeout(90_000);
  // The consent reaches two organisations (each worker's own, so runs side by side stay apart).
  const books = { tenantId: randomUUID(), tenantName: `Northside Heating ${randomUUID().slice(0, 4)} Ltd` };
  const lettings = { tenantId: randomUUID(), tenantName: `Northside Lettings ${randomUUID().slice(0, 4)} Ltd` };
  await fake("/__consent", { clientId: xero.clientId, tenants: [books, lettings] });
  // Xero sends the browser back to the redirect URL registered for the app (the site's own
  // /admin/settings); this worker's site is on a port of its own, so the return is carried there.
  const app = new URL(baseURL!);
  await page.route(
    (url) => url.pathname === "/admin/settings" && url.searchParams.has("state") && url.origin !== app.origin,
    (route) => {
      const back = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { Location: `${app.origin}${back.pathname}${back.search}` } });
    },
  );

  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "Xero" });
  await section.getByRole("button", { name: "Connect Xero" }).click();
  // To the fake's consent page, straight back with the code, and the Worker takes it.
  await expect(section.getByText("Xero gave access to several organisations")).toBeVisible();
  await expect(page).toHaveURL(`${app.origin}/admin/settings`);
  await expectNoHorizontalScroll(page);
  await section.getByRole("button", { name: `Use ${books.tenantName}` }).click();
  await expect(section.getByText(`Connected to ${books.tenantName}.`)).toBeVisible();
  await expect(section.getByText("Nothing sent yet.")).toBeVisible();

  // The mapping: proposed from the organisation's own lists, the card's account changed to Stripe's.
  await expect(section.getByText("Check where things will go in Xero, then save:")).toBeVisible();
  await expect(section.getByLabel("Sales account")).toHaveText("200 Sales");
  await section.getByLabel("Card paid into").click();
  await page.getByRole("option", { name: "091 Card Takings (Stripe)" }).click();
  await expect(section.getByLabel("Lines at 5% VAT")).toHaveText("5% (VAT on Income)");
  await expectNoHorizontalScroll(page);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "xero-mapping-390");
  await section.getByRole("button", { name: "Save the Xero mapping" }).click();
  await expect(section.getByText("Where things go in Xero:")).toBeVisible();

  // An invoice issued now is sent by the queue: the screen shows when, and Xero holds it once.
  const customer = (await (
    await request.post("/api/admin/customers", {
      headers: bearer(adminToken),
      data: { firstName: "Xena", lastName: "Rowe", email: `xena-${randomUUID().slice(0, 6)}@example.com`, postcode: "M41 5AA" },
    })
  ).json()) as { id: number };
  const issue = async () => {
    const draft = (await (
      await request.post("/api/admin/invoices", {
        headers: bearer(adminToken),
        data: { customerId: customer.id, lines: [{ description: "Boiler service", quantity: 1, unitPence: 9_000, vatRate: 20 }] },
      })
    ).json()) as AdminInvoice;
    const issued = await request.post(`/api/admin/invoices/${draft.id}/issue`, { headers: bearer(adminToken) });
    expect(issued.status()).toBe(200);
    return ((await issued.json()) as AdminInvoice).number!;
  };
  const inXero = async (numbers: string[]) =>
    expect(async () => {
      const held = (await fake(`/__tenants/${books.tenantId}/objects/Invoices`)) as { InvoiceNumber: string }[];
      expect(held.map((i) => i.InvoiceNumber)).toEqual(numbers);
    }).toPass({ timeout: 30_000 });
  const first = await issue();
  await inXero([first]);
  await page.reload();
  await expect(section.getByText(/Last sent \d/)).toBeVisible();
  expect(await fake(`/__tenants/${lettings.tenantId}/counts`)).toMatchObject({ Invoices: 0, Contacts: 0 });
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "xero-connected-390");

  // The owner disconnects the app in Xero: the next invoice waits, the screen asks to reconnect and
  // says nothing waiting is lost; reconnecting sends it, once.
  await fake(`/__tenants/${books.tenantId}/disconnect`, {});
  const second = await issue();
  await expect(async () => {
    await page.reload();
    await expect(section.getByRole("button", { name: "Reconnect" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(section.getByText(/Nothing waiting is lost\./)).toBeVisible();
  await expect(section.getByText(/1 waiting\./)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "xero-reconnect-390");
  await fake("/__consent", { clientId: xero.clientId, tenants: [books] });
  await section.getByRole("button", { name: "Reconnect" }).click();
  await expect(section.getByText(`Connected to ${books.tenantName}.`)).toBeVisible();
  await expect(section.getByRole("button", { name: "Reconnect" })).toHaveCount(0);
  await inXero([first, second]);

  await section.getByRole("button", { name: "Disconnect" }).click();
  await expect(section.getByText("Not connected.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Connect Xero" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
