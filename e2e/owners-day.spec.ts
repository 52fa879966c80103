import type { Page } from "@playwright/test";
import type { Slot } from "../schema/api/bookings";
import type { OutboxEmail } from "../schema/api/campaigns";
import { addDays, londonToday, londonToUtc, mondayOf, weekdayOf } from "../schema/london-time";
import { formatLongDate } from "../schema/london-time-text";
import {
  adminGet,
  createEnquiry,
  expect,
  expectNoHorizontalScroll,
  expectToast,
  placeOrder,
  shoot,
  test,
  unique,
} from "./admin-fixtures";
import { choose } from "./workbench-helpers";

// The owner's day on a phone (issue 27): each step at 390 px.
test.use({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.127" } });

/** A weekday at least two days away (London) that the default working hours cover. */
function nextWeekday(weekday: "tuesday" | "wednesday" | "thursday", from = addDays(londonToday(), 2)): string {
  let date = from;
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

async function outboxFor(page: Page, token: string, to: string) {
  return (await adminGet<OutboxEmail[]>(page.request, token, "/api/admin/outbox?limit=100")).filter((m) => m.to === to);
}

test("a visit booked from a quote at one of the free times takes only that time from /book, and the customer is told", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const name = unique("Timed Visit");
  const enquiry = await createEnquiry(request, name, "annual-service");
  const day = nextWeekday("wednesday");
  await page.goto(`/admin/quotes?state=all&q=${encodeURIComponent(enquiry.email)}`);
  await page
    .getByRole("article", { name: `Enquiry from ${name}` })
    .getByRole("button", { name: "Book Visit" })
    .click();
  const form = page.getByRole("dialog", { name: "Add Service Record" });
  await form.getByLabel("Service date").fill(day);
  const times = form.getByRole("list", { name: "Free times for a 60-minute visit" });
  await expect(times.getByRole("button").first()).toBeVisible();
  // The free times are the ones /book offers for that day (no one else has booked it in this test's run).
  await form.getByRole("button", { name: "10:30am–11:30am" }).click();
  await expect(form.getByRole("button", { name: "10:30am–11:30am" })).toHaveAttribute("aria-pressed", "true");
  await expect(form.getByRole("checkbox", { name: /E-mail the customer the time/ })).toBeChecked();
  await expectNoHorizontalScroll(page);
  await shoot(page, "owners-day-book-visit-time-390");
  await form.getByRole("button", { name: "Add Record" }).click();
  await expectToast(page, "Service record added");

  const start = londonToUtc(day, "10:30").toISOString();
  const slots = (await (await request.get(`/api/availability?service=annual-service&from=${day}&days=1`)).json()) as Slot[];
  expect(slots.map((s) => s.start)).not.toContain(start);
  expect(slots.map((s) => s.start)).toContain(londonToUtc(day, "09:30").toISOString());

  // The quote shows the visit booked from it, with its time.
  const card = page.getByRole("article", { name: `Enquiry from ${name}` });
  await expect(card.getByRole("link", { name: /Annual Boiler Service:/ })).toBeVisible();

  await expect
    .poll(async () => (await outboxFor(page, adminToken, enquiry.email)).map((m) => m.subject).join(" | "))
    .toMatch(/booked/i);
  const [mail] = (await outboxFor(page, adminToken, enquiry.email)).filter((m) => /booked/i.test(m.subject));
  expect(mail!.text).toContain("/book/manage?token=");
  expect(mail!.attachments.map((a) => a.contentType).join()).toContain("text/calendar");
});

test("an urgent request comes first, with its reason, on the home screen and the quotes list", async ({
  adminPage: page,
  request,
}) => {
  const name = unique("Burning Smell");
  await createEnquiry(request, name, "boiler-repair", "Smell of burning from the boiler cupboard");
  const calm = unique("Calm Request");
  await createEnquiry(request, calm);

  await page.goto("/admin");
  const urgent = page.getByRole("region", { name: "Urgent: call these first" });
  await expect(urgent).toContainText("Smell of burning or smoke");
  await expect(urgent.getByRole("link", { name })).toBeVisible();
  await expect(urgent.getByRole("link", { name: "Call 0161 496 0555" })).toHaveAttribute("href", "tel:01614960555");
  await expectNoHorizontalScroll(page);
  await shoot(page, "owners-day-urgent-home-390");

  await page.goto("/admin/quotes?state=all");
  const articles = page.getByRole("tabpanel").getByRole("article");
  // Urgent requests come first (newest first among them), then the rest.
  await expect(articles.first().getByText("Urgent", { exact: true })).toBeVisible();
  const ours = articles.filter({ hasText: name });
  await expect(ours.getByText("Urgent", { exact: true })).toBeVisible();
  await expect(ours.getByRole("note")).toContainText("Urgent: Smell of burning or smoke.");
  const order = await articles.evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label")));
  expect(order.indexOf(`Enquiry from ${name}`)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(`Enquiry from ${name}`)).toBeLessThan(order.indexOf(`Enquiry from ${calm}`));
});

test("a phone-only customer is added", async ({ adminPage: page }) => {
  const last = unique("PhoneOnly");
  await page.goto("/admin/customers");
  await page.getByRole("button", { name: "Add Customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Customer" });
  await dialog.getByLabel("First name").fill("Phil");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expect(dialog.getByText("Please enter an e-mail address or a phone number")).toBeVisible();
  await dialog.getByLabel("Phone (optional)").fill("07700 900444");
  await dialog.getByLabel("Postcode (optional)").fill("bad");
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expect(dialog.getByText("Please enter a valid UK postcode, for example M32 0ZZ")).toBeVisible();
  await dialog.getByLabel("Postcode (optional)").fill("m41 5aa");
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expectToast(page, "Customer added");
  await expect(page.getByRole("heading", { level: 1, name: `Phil ${last}` })).toBeVisible();
  await expect(page.getByText("None: phone only")).toBeVisible();
  await expect(page.getByRole("region", { name: "Details" }).getByText("M41 5AA")).toBeVisible();
});

test("a blocked day is saved at once, survives a reload, shows in the week, and a past day cannot be blocked", async ({
  adminPage: page,
}) => {
  const day = nextWeekday("tuesday", addDays(londonToday(), 8));
  await page.goto("/admin/calendar");
  await page.getByLabel("Date").fill(addDays(londonToday(), -1));
  await expect(page.getByText("That day has passed: block today or a day to come")).toBeVisible();
  await expect(page.getByRole("button", { name: "Block this day" })).toBeDisabled();
  await page.getByLabel("Date").fill(day);
  await page.getByLabel("Reason (optional)").fill("Training course");
  await page.getByRole("button", { name: "Block this day" }).click();
  await expectToast(page, "Day blocked", `${formatLongDate(day)} is no longer offered for booking.`);

  await page.reload();
  const blocked = page.getByRole("listitem").filter({ hasText: `${formatLongDate(day)}: Training course` });
  await expect(blocked).toBeVisible();
  await page.goto(`/admin/calendar?week=${mondayOf(day)}`);
  await expect(page.locator(".calendar-day--blocked")).toContainText("Blocked: Training course");
  await expectNoHorizontalScroll(page);
  await shoot(page, "owners-day-blocked-day-390");

  await page.getByRole("button", { name: `Unblock ${formatLongDate(day)}` }).click();
  await expectToast(page, "Day unblocked");
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: "Training course" })).toHaveCount(0);
});

test("an unpaid order asks before it is confirmed, and is marked paid in two taps", async ({ adminPage: page, request }) => {
  const name = unique("Unpaid Order");
  await placeOrder(request, name);
  await page.goto(`/admin/orders?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await card.getByRole("button", { name: "Mark Confirmed" }).click();
  const warning = page.getByRole("alertdialog", { name: "This order is not paid yet" });
  await expect(warning).toContainText("has not been marked paid");
  await warning.getByRole("button", { name: "Cancel" }).click();

  await card.getByRole("button", { name: "Mark Paid" }).click();
  const paid = page.getByRole("dialog", { name: /^Mark order .* paid$/ });
  await choose(paid, page, "Paid by", "Cash");
  await paid.getByRole("button", { name: "Mark Paid" }).click();
  await expectToast(page, "Payment recorded");
  await expect(card).toContainText("Paid by cash");
  // Paid: confirming no longer asks.
  await card.getByRole("button", { name: "Mark Confirmed" }).click();
  await expectToast(page, "Order updated");
});

test("a supplier's price list of names and prices is imported, with what it adds shown first", async ({ adminPage: page }) => {
  const part = unique("Supplier Pump");
  await page.goto("/admin/products");
  await page.locator("#product-import-file").setInputFiles({
    name: "price-list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`name,price\r\n${part},49.50\r\n`),
  });
  const preview = page.getByRole("dialog", { name: "Import preview" });
  await expect(preview.getByRole("table", { name: "New products" })).toContainText(part);
  await expect(preview.getByRole("table", { name: "New products" })).toContainText("£49.50");
  await preview.getByRole("button", { name: "Confirm import" }).click();
  await expectToast(page, "Import complete", /1 new/);
});

test("a campaign written with blank lines has paragraphs, and goes to the owner first as a test", async ({ adminPage: page }) => {
  await page.goto("/admin/email-subscribers");
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByLabel("Subject").fill(unique("Paragraphs"));
  await page.getByLabel("Title").fill("Two paragraphs");
  await page.getByLabel("Content").fill("The first paragraph.\n\nThe second paragraph.");
  const preview = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.locator("p", { hasText: "The first paragraph." })).toBeVisible();
  await expect(preview.locator("p", { hasText: "The second paragraph." })).toBeVisible();
  await page.getByRole("button", { name: "Send me a test" }).click();
  await expectToast(page, "Test sent");
});
