import type { APIRequestContext, Locator, Page, Response } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { OutboxEmail } from "../schema/api/campaigns";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminProperty } from "../schema/api/properties";
import type { TeamMember } from "../schema/api/team";
import { londonToday } from "../schema/london-time";
import { MONEY_KEY } from "../schema/money";
import {
  adminGet,
  bearer,
  expect,
  expectNoHorizontalScroll,
  expectToast,
  removeTeamMembers,
  shoot,
  test,
  unique,
} from "./admin-fixtures";
import { phoneKeepsTheDay } from "./phone-helpers";
import { createProduct } from "./shop-helpers";

// An engineer's whole morning on their own phone (issue 46, "How it will be checked", third point):
// signed in as themselves, their day and no one else's, a job sheet filled without signal, the gas
// safety record of the same visit issued under their own name and licence, and no prices anywhere.

test.use({
  viewport: { width: 390, height: 844 },
  // The invitations' links are counted per address: this file's own.
  extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.47" },
  // Without signal, the page's own reads fail as the phone's would.
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/],
});

const PASSWORD = "flue gas analyser readings";

const call = async <T>(request: APIRequestContext, token: string, path: string, data: unknown) => {
  const res = await request.post(path, { headers: bearer(token), data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** An engineer invited by the owner who has set their password from the e-mailed link: their own sign-in. */
async function engineerWithSignIn(request: APIRequestContext, ownerToken: string, name: string, licence: string) {
  const username = unique(name.split(" ")[0]!).toLowerCase().slice(0, 30);
  const email = `${username}@example.com`;
  const person = await call<TeamMember>(request, ownerToken, "/api/admin/team", {
    name,
    email,
    username,
    role: "engineer",
    gasSafeLicence: licence,
    qualifications: ["gas-domestic"],
  });
  let token = "";
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, ownerToken, "/api/admin/outbox?limit=30");
        token = /\/admin\/join#([A-Za-z0-9_-]+)/.exec(outbox.find((m) => m.to === email)?.text ?? "")?.[1] ?? "";
        return token;
      },
      { message: `the invitation e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .not.toBe("");
  const joined = await request.post("/api/admin/join", { data: { token, password: PASSWORD, confirm: PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { id: person.id, name, username, licence };
}

/** A customer with a visit today for one engineer; `let` makes it a landlord's flat with a tenant and a gas boiler. */
async function visitToday(
  request: APIRequestContext,
  ownerToken: string,
  engineerId: number,
  { firstName, serviceType, let: isLet }: { firstName: string; serviceType: string; let?: boolean },
) {
  const lastName = unique("Morning");
  const customer = await call<AdminCustomer>(request, ownerToken, "/api/admin/customers", {
    firstName,
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    phone: "0161 496 0246",
    address: "4 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: Boolean(isLet),
  });
  let propertyId: number | null = null;
  if (isLet) {
    const flat = await call<AdminProperty>(request, ownerToken, `/api/admin/customers/${customer.id}/properties`, {
      address: "Flat 3, 22 Canal Street, Manchester",
      postcode: "M1 3HW",
      tenantName: "Tess Tenant",
      tenantPhone: "07700 900333",
    });
    await call(request, ownerToken, `/api/admin/properties/${flat.id}/appliances`, {
      location: "Kitchen",
      type: "boiler",
      make: "Worcester",
      model: "Greenstar 30i",
      flueType: "room-sealed",
    });
    propertyId = flat.id;
  }
  const visit = await call<{ id: number }>(request, ownerToken, "/api/admin/service-records", {
    customerId: customer.id,
    ...(propertyId ? { propertyId } : {}),
    serviceType,
    status: "scheduled",
    serviceDate: londonToday(),
    engineers: [engineerId],
  });
  return { visitId: visit.id, card: `Visit: ${serviceType}, ${firstName} ${lastName}` };
}

/**
 * Every JSON answer from /api the phone's pages received, read as it arrives: the test looks for
 * money in all of them at the end.
 */
function recordApiAnswers(page: Page) {
  const answers: Promise<{ url: string; body?: unknown; unread?: string }>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    if (!response.headers()["content-type"]?.includes("application/json")) return;
    answers.push(
      response.json().then(
        (body) => ({ url: url.pathname + url.search, body }),
        (error: Error) => ({ url: url.pathname + url.search, unread: error.message }),
      ),
    );
  };
  page.context().on("response", onResponse);
  return async () => {
    page.context().off("response", onResponse);
    return Promise.all(answers);
  };
}

/** Each key naming money (worker/middleware/engineer-prices.ts), with where it is. */
function moneyKeys(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyKeys(v, `${at}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(MONEY_KEY.test(key) ? [`${at}.${key}`] : []),
    ...moneyKeys(inner, `${at}.${key}`),
  ]);
}

async function answer(scope: Locator | Page, question: string, choice: string) {
  await scope.getByRole("group", { name: question }).getByRole("radio", { name: choice, exact: true }).click();
}

/** A finger's stroke across a signature box. */
async function sign(page: Page, name: string) {
  const pad = page.getByRole("img", { name });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? 20 : -20));
  await page.mouse.up();
}

test.afterEach(async ({ request, adminToken }) => removeTeamMembers(request, adminToken));

test("an engineer's morning on their phone: their own day, a sheet filled offline, a gas safety record under their licence, no prices", async ({
  page,
  adminToken,
  context,
  request,
}) => {
  // Two sign-ins, a phone offline and back, a record filled and issued: a long walk on a busy machine.
  test.slow();
  const dave = await engineerWithSignIn(request, adminToken, "Dave Hughes", "3141592");
  const priya = await engineerWithSignIn(request, adminToken, "Priya Shah", "2718281");
  const gasCheck = await visitToday(request, adminToken, dave.id, {
    firstName: "Lena",
    serviceType: "Gas Safety Certificate (CP12)",
    let: true,
  });
  const priyas = await visitToday(request, adminToken, priya.id, { firstName: "Omar", serviceType: "Boiler Repair" });
  const part = await createProduct(request, { name: unique("Morning Trap"), price: "12.00", stockQuantity: 4 });
  const answers = recordApiAnswers(page);

  // Dave signs in on his phone and lands on his day: his visit, not Priya's.
  await page.goto("/admin/login");
  await page.getByLabel("Username", { exact: true }).fill(dave.username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectToast(page, "Login Successful");
  await expect(page).toHaveURL(/\/admin\/today$/);
  const card = page.getByRole("article", { name: gasCheck.card });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Tess Tenant");
  await expect(page.getByRole("article", { name: priyas.card })).toHaveCount(0);
  await expect(page.getByRole("article", { name: /^Visit: / })).toHaveCount(1);
  const engineerToken = (await page.evaluate(() => sessionStorage.getItem("adminToken")))!;
  const day = await adminGet<{ visits: { id: number }[] }>(request, engineerToken, `/api/admin/today?date=${londonToday()}`);
  expect(day.visits.map((v) => v.id)).toEqual([gasCheck.visitId]);
  await expectNoHorizontalScroll(page);
  await shoot(page, "engineer-morning-day-390");

  // The phone keeps the day and the parts, then loses its signal in the flat: the sheet is filled and finished there.
  await phoneKeepsTheDay(page, part.name);
  await context.setOffline(true);
  await card.getByRole("button", { name: "Start the job sheet" }).click();
  const sheet = card.getByRole("region", { name: "Job sheet: Gas Safety Certificate (CP12)" });
  await sheet.getByRole("button", { name: "Arrived now" }).click();
  await sheet.getByLabel("Work done").fill("Annual gas safety check; condensate trap replaced");
  await sheet.getByLabel("Find a part used").fill(part.name);
  await sheet.getByRole("button", { name: part.name }).click();
  await sheet.getByRole("button", { name: "Finish the visit" }).click();
  await expectToast(page, "Visit finished");
  await expect(page.getByRole("status").filter({ hasText: "1 change waiting to sync" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, "engineer-morning-sheet-offline-390");

  // Signal again: the sheet syncs by itself, as Dave's.
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "waiting to sync" })).toHaveCount(0);
  await expect(card.getByText("Done", { exact: true })).toBeVisible();
  const synced = await adminGet<{ visits: { id: number; status: string; sheet: { workDone: string } | null }[] }>(
    request,
    adminToken,
    `/api/admin/today?date=${londonToday()}&engineer=${dave.id}`,
  );
  expect(synced.visits.find((v) => v.id === gasCheck.visitId)).toMatchObject({
    status: "completed",
    sheet: { workDone: "Annual gas safety check; condensate trap replaced" },
  });
  // The office invoices the finished visit, not the engineer's phone.
  await expect(sheet.getByRole("button", { name: "Create invoice" })).toHaveCount(0);

  // The gas safety record, started from the same visit: his name and licence are fixed on it.
  await card.getByRole("button", { name: "Start gas safety record" }).click();
  await expect(page).toHaveURL(/\/admin\/gas-safety-records\/\d+$/);
  await expect(page.getByLabel("Engineer's name")).toHaveValue(dave.name);
  await expect(page.getByLabel("Engineer's name")).toHaveAttribute("readonly");
  await expect(page.getByLabel("Gas Safe licence number")).toHaveValue(dave.licence);
  await expect(page.getByLabel("Gas Safe licence number")).toHaveAttribute("readonly");
  await expect(page.getByText("The record is issued under your name and Gas Safe licence number")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to my day" })).toBeVisible();
  const boiler = page.getByRole("article", { name: "Appliance: Boiler: Worcester Greenstar 30i, Kitchen" });
  await boiler.getByLabel("Operating pressure").fill("20.5");
  await answer(boiler, "Safety devices", "Pass");
  await answer(boiler, "Ventilation", "Pass");
  await answer(boiler, "Flue visual condition", "Pass");
  await answer(boiler, "Safe to use", "Yes");
  const kitchenAlarm = page.getByRole("article", { name: "CO alarm: Kitchen", exact: true });
  await answer(kitchenAlarm, "CO alarm fitted", "Yes");
  await answer(kitchenAlarm, "Alarm tested", "Yes");
  await answer(kitchenAlarm, "Alarm working", "Yes");
  await answer(page, "Gas tightness test", "Pass");
  await answer(page, "Emergency control accessible", "Yes");
  await page.getByRole("checkbox", { name: /This check complied with regulation 26\(9\)/ }).click();
  await sign(page, "Engineer's signature");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, "engineer-morning-record-390");
  await page.getByRole("button", { name: "Issue the record" }).click();
  await page
    .getByRole("alertdialog", { name: "Issue gas safety record?" })
    .getByRole("button", { name: "Issue the record" })
    .click();
  await expectToast(page, "Issued GSR-");
  await expect(page.getByRole("heading", { name: /^Gas safety record GSR-\d{6}$/ })).toBeVisible();
  // Revoking the links sent is the office's.
  await expect(page.getByRole("button", { name: "Revoke the links sent" })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shoot(page, "engineer-morning-issued-390");

  // The PDF carries Dave's name and licence number.
  const pdf = await request.get((await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  const words = text.replace(/\s+/g, " ");
  expect(words).toContain("Dave Hughes");
  expect(words).toContain(dave.licence);
  expect(words).not.toContain(priya.licence);

  // Invoices, exports and settings are not his: 403 with his own session.
  for (const path of [
    "/api/admin/invoices",
    "/api/admin/export/invoices.csv",
    "/api/admin/export/payments.csv",
    "/api/admin/settings",
    "/api/admin/settings/billing",
  ]) {
    const refused = await page.request.get(path, { headers: bearer(engineerToken) });
    expect(refused.status(), path).toBe(403);
  }
  const patched = await page.request.patch("/api/admin/settings", { headers: bearer(engineerToken), data: {} });
  expect(patched.status()).toBe(403);

  // No price, total or amount in any answer the phone had all morning.
  const received = await answers();
  const urls = received.map((a) => a.url);
  for (const expected of [/^\/api\/admin\/today/, /^\/api\/admin\/products/, /^\/api\/admin\/gas-safety-records\/\d+$/])
    expect(
      urls.some((u) => expected.test(u)),
      `an answer from ${expected}`,
    ).toBe(true);
  expect(received.filter((a) => a.unread !== undefined)).toEqual([]);
  expect(received.flatMap((a) => moneyKeys(a.body).map((key) => `${a.url}: ${key}`))).toEqual([]);
});
