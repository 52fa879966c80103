import type { APIRequestContext, Page } from "@playwright/test";
import type { Slot } from "../schema/api/bookings";
import type { OutboxEmail } from "../schema/api/campaigns";
import { adminGet, loginToken } from "./admin-fixtures";
import { expect, test } from "./fixtures";
import { skipSignupModal } from "./shop-helpers";

// Bookings are rate-limited per address: each run of this file books from its own.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${10 + Math.floor(Math.random() * 200)}` } });

const slots = async (request: APIRequestContext, service = "annual-service") => {
  const res = await request.get(`/api/availability?service=${service}&days=14`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Slot[];
};

test.beforeEach(({ page }) => skipSignupModal(page));

const unique = () => crypto.randomUUID().slice(0, 8);

async function fillDetails(page: Page, email: string, postcode = "M32 0ZZ") {
  await page.getByLabel("Full name").fill("Robin Booker");
  await page.getByLabel("Phone number").fill("0161 496 0777");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Postcode").fill(postcode);
  await page.getByLabel("Address of the visit").fill("7 Booking Lane, Stretford");
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`/book at ${size.width}px`, () => {
    test.use({ viewport: size });

    test("a visitor books the earliest time, sees the reference, and the time is gone for the next visitor", async ({
      page,
      request,
    }) => {
      const before = await slots(request, "gas-safety");
      expect(before.length).toBeGreaterThan(0);
      await page.goto("/book?service=gas-safety&postcode=M32%200ZZ");
      await expect(page.getByRole("radio", { name: "Gas safety certificate (CP12)" })).toBeChecked();
      await expect(page.getByLabel("Postcode")).toHaveValue("M32 0ZZ");
      const times = page.getByRole("group", { name: /^Time on/ }).getByRole("button");
      await times.first().click();
      await expect(times.first()).toHaveAttribute("aria-pressed", "true");
      const email = `book-${unique()}@example.com`;
      await fillDetails(page, email);
      await page.getByRole("button", { name: "Book this visit" }).click();
      await expect(page.getByRole("heading", { name: "You're booked in" })).toBeVisible();
      const reference = (await page.locator(".book-reference").textContent())?.trim();
      expect(reference).toBeTruthy();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `test-results/booking/booked-${size.width}.png`, fullPage: true });

      const after = await slots(request, "gas-safety");
      expect(after.map((s) => s.start)).not.toContain(before[0]!.start);
    });
  });
}

test.describe("the channel chosen with a booking", () => {
  // Texts to a landline are refused (400), as they should be.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the visitor chooses texts for the booking's news: a landline is refused, a mobile kept on the customer", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/book?service=annual-service&postcode=M32%200ZZ");
    await page
      .getByRole("group", { name: /^Time on/ })
      .getByRole("button")
      .first()
      .click();
    const email = `texts-${unique()}@example.com`;
    await fillDetails(page, email);
    const channel = page.getByRole("group", { name: "How shall we confirm the booking and remind you of the visit?" });
    await channel.getByRole("radio", { name: "By text" }).click();
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.getByRole("alert")).toContainText("Texts need a UK mobile number: please enter one, or choose e-mail.");
    await page.getByLabel("Phone number").fill("07911 123456");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.getByRole("heading", { name: "You're booked in" })).toBeVisible();
    const token = await loginToken(request);
    const [customer] = await adminGet<{ contactChannel: string }[]>(
      request,
      token,
      `/api/admin/customers?q=${encodeURIComponent(email)}`,
    );
    expect(customer).toMatchObject({ contactChannel: "text" });
  });
});

test("the link in the confirmation e-mail cancels the visit, and the time is free again", async ({ page, request }) => {
  // The link changes a visit up to 24 hours before it: a slot further off than that (the earliest
  // one, tomorrow morning, is nearer than 24 hours when this runs in the afternoon).
  const first = (await slots(request, "boiler-repair")).find((s) => Date.parse(s.start) > Date.now() + 25 * 3_600_000);
  const email = `manage-${unique()}@example.com`;
  const created = await request.post("/api/bookings", {
    data: {
      service: "boiler-repair",
      start: first!.start,
      name: "Sam Mover",
      email,
      phone: "0161 496 0888",
      postcode: "M32 0ZZ",
      address: "9 Manage Road, Stretford",
    },
  });
  expect(created.status()).toBe(201);
  expect((await slots(request, "boiler-repair")).map((s) => s.start)).not.toContain(first!.start);

  const token = await loginToken(request);
  const mailTo = async () =>
    (await adminGet<OutboxEmail[]>(request, token, "/api/admin/outbox?limit=100")).find((m) => m.to === email);
  await expect.poll(async () => (await mailTo()) !== undefined).toBe(true);
  const mail = await mailTo();
  const link = /\/book\/manage\?token=[^"\s<]+/.exec(mail!.html)![0].replace(/&amp;/g, "&");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Boiler repair visit" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel this visit" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("Your visit is cancelled.")).toBeVisible();
  await expect(page.getByText("This visit is cancelled.")).toBeVisible();
  expect((await slots(request, "boiler-repair")).map((s) => s.start)).toContain(first!.start);
});

test.describe(() => {
  // The refused booking's and the broken link's 400s, as the browser logs them.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("an empty or wrong field is named beside it, and a postcode outside the area offers the phone", async ({ page }) => {
    await page.goto("/book");
    await page
      .getByRole("group", { name: /^Time on/ })
      .getByRole("button")
      .first()
      .click();
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await fillDetails(page, `far-${unique()}@example.com`, "EH1 1AA");
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.locator("#book-postcode-error")).toContainText("outside the area");
    await expect(page.getByRole("alert")).toContainText(/0161/);
    await expect(page.getByRole("heading", { name: "You're booked in" })).toHaveCount(0);
  });

  test("a broken link says so and offers the phone", async ({ page }) => {
    await page.goto("/book/manage?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "We couldn't open this booking" })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("link", { name: /0161/ })).toBeVisible();
  });
});

test("a link without its token says what is missing, without asking the server", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/bookings/manage")) asked.push(r.url());
  });
  await page.goto("/book/manage");
  await expect(page.getByRole("heading", { name: "We couldn't open this booking" })).toBeVisible();
  await expect(page.getByText("missing the part that identifies your visit")).toBeVisible();
  expect(asked).toEqual([]);
});
