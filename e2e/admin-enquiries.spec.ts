import type { Page } from "@playwright/test";
import type { AdminEnquiry } from "../schema/api/enquiries";
import type { AdminServiceRecord } from "../schema/api/records";
import { enquiryServiceLabels } from "../schema/business";
import { adminGet, createEnquiry, expect, expectToast, type PageWindow, test, unique } from "./admin-fixtures";
import { serviceDateText, todayInUk, widths, yearOn } from "./workbench-helpers";

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}\\s*\\d*$`) });
const count = (page: Page, name: string) => tab(page, name).locator(".rt-Badge").first();
const card = (page: Page, name: string) => page.getByRole("tabpanel").getByRole("article", { name: `Enquiry from ${name}` });

async function expectCounts(page: Page, enquiries: AdminEnquiry[]) {
  const isNew = (q: AdminEnquiry) => q.isRead !== "true" && !q.repliedAt;
  const isPending = (q: AdminEnquiry) => q.isRead === "true" && !q.repliedAt;
  await expect(count(page, "New")).toHaveText(`${enquiries.filter(isNew).length}`);
  await expect(count(page, "Pending")).toHaveText(`${enquiries.filter(isPending).length}`);
  await expect(count(page, "Replied")).toHaveText(`${enquiries.filter((q) => q.repliedAt).length}`);
  await expect(count(page, "All")).toHaveText(`${enquiries.length}`);
}

/** Records the mailto: link the page hands to the mail program instead of leaving the page. */
async function captureMailto(page: Page) {
  await page.addInitScript(() => {
    const win = globalThis as unknown as PageWindow;
    win.document.addEventListener(
      "click",
      (event) => {
        const link = event.target?.closest?.('a[href^="mailto:"]');
        if (!link) return;
        event.preventDefault();
        win.lastMailto = link.href;
      },
      true,
    );
  });
}

test.describe("/admin/quotes", () => {
  test("tabs count new, pending, replied and all; a quote moves from New to Pending to Replied", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const name = unique("Quote Reader");
    const enquiry = await createEnquiry(request, name, "annual-service");
    await page.goto("/admin/quotes");
    await expectCounts(page, await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes"));

    await expect(tab(page, "New")).toHaveAttribute("aria-selected", "true");
    const fresh = card(page, name);
    await expect(fresh).toContainText(enquiryServiceLabels["annual-service"]);
    await expect(fresh.getByRole("link", { name: enquiry.email })).toHaveAttribute("href", `mailto:${enquiry.email}`);
    await expect(fresh.getByRole("link", { name: "0161 496 0555" })).toHaveAttribute("href", "tel:01614960555");
    await expect(fresh).toContainText(/Received \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);

    await fresh.getByRole("button", { name: "Mark Read" }).click();
    await expectToast(page, "Quote marked as read");
    await expect(card(page, name)).toHaveCount(0);
    await expectCounts(page, await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes"));

    await tab(page, "Pending").click();
    const pending = card(page, name);
    await expect(pending.getByRole("button", { name: "Mark Read" })).toHaveCount(0);
    await pending.getByRole("button", { name: "Mark Replied" }).click();
    await expectToast(page, "Quote marked as replied");
    await expect(card(page, name)).toHaveCount(0);

    await tab(page, "Replied").click();
    const replied = card(page, name);
    await expect(replied).toBeVisible();
    // A replied request keeps what the owner still does with it (book the visit, notes), not the replies.
    await expect(replied.getByRole("button", { name: "Mark Replied" })).toHaveCount(0);
    await expect(replied.getByRole("button", { name: "Mark Read" })).toHaveCount(0);
    await expect(replied.getByRole("button", { name: "Book Visit" })).toBeVisible();
    const after = await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes");
    expect(after.find((q) => q.name === name)?.repliedAt).toBeTruthy();
    await expectCounts(page, after);
  });

  test("delete asks first; Cancel keeps the quote and Delete removes it", async ({ adminPage: page, adminToken, request }) => {
    const name = unique("Quote Deleter");
    await createEnquiry(request, name);
    await page.goto("/admin/quotes");
    await card(page, name).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this quote?" });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    await card(page, name).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete quote" }).click();
    await expectToast(page, "Quote deleted");
    await expect(card(page, name)).toHaveCount(0);
    const after = await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes");
    expect(after.some((q) => q.name === name)).toBe(false);
    await expectCounts(page, after);
  });

  test("notes on a quote are edited where they are read and kept", async ({ adminPage: page, adminToken, request }) => {
    const name = unique("Quote Notes");
    await createEnquiry(request, name);
    await page.goto(`/admin/quotes?q=${encodeURIComponent(name)}`);
    const enquiry = card(page, name);
    await enquiry.getByRole("button", { name: "Add notes" }).click();
    await enquiry.getByLabel("Your notes").fill("Called back: wants a Worcester, quote by Friday.");
    const saved = page.waitForRequest((r) => r.method() === "PATCH" && /\/api\/admin\/quotes\/\d+\/notes$/.test(r.url()));
    await enquiry.getByRole("button", { name: "Save Notes" }).click();
    expect((await saved).postDataJSON()).toEqual({ notes: "Called back: wants a Worcester, quote by Friday." });
    await expectToast(page, "Notes saved");
    await page.reload();
    await expect(card(page, name)).toContainText("Called back: wants a Worcester, quote by Friday.");
    const [stored] = await adminGet<AdminEnquiry[]>(request, adminToken, `/api/admin/quotes?q=${encodeURIComponent(name)}`);
    expect(stored?.notes).toBe("Called back: wants a Worcester, quote by Friday.");
  });

  test("the search and the tab live in the address and filter on the server", async ({ adminPage: page, request }) => {
    const name = unique("Quote Finder");
    await createEnquiry(request, name);
    await page.goto("/admin/quotes");
    await page.getByRole("searchbox", { name: "Search quotes" }).fill(name);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(name);
    await expect(card(page, name)).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(1);
    await expect(count(page, "New")).toHaveText("1");
    await expect(count(page, "All")).toHaveText("1");
    await tab(page, "Replied").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("state")).toBe("replied");
    await expect(page.getByRole("tabpanel")).toContainText(`No replied enquiries matching "${name}"`);
  });
});

for (const size of widths) {
  test.describe(`quotes at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("Reply to All Pending lists who is included, asks whether the e-mail went, and Undo puts them back to pending", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      await captureMailto(page);
      const first = await createEnquiry(request, unique("Bulk One"));
      const second = await createEnquiry(request, unique("Bulk Two"));
      // Urgent requests are called, never bulk e-mailed: they stay out of the reply.
      const unreplied = (q: AdminEnquiry) => !q.repliedAt && !q.urgentReason;
      const waiting = (await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes?limit=500")).filter(unreplied);
      expect(waiting.length).toBeGreaterThanOrEqual(2);

      await page.goto("/admin/quotes");
      await page.getByRole("button", { name: "Reply to All Pending" }).click();
      const dialog = page.getByRole("dialog", { name: "Reply to All Pending" });
      const included = dialog.getByRole("list", { name: "Included in the e-mail" }).getByRole("listitem");
      await expect(included).toHaveCount(waiting.length);
      for (const q of [first, second]) await expect(included.filter({ hasText: q.name })).toContainText(q.email);

      // Asking first: nothing is marked until the owner says the e-mail went.
      await dialog.getByRole("button", { name: "Open E-mail App" }).click();
      await expect(dialog.getByText("Did you send the e-mail?")).toBeVisible();
      const mailto = await page.evaluate(() => (globalThis as unknown as PageWindow).lastMailto);
      expect(mailto).toMatch(/^mailto:\?bcc=/);
      const bcc = new URL(mailto!).searchParams.get("bcc")!.split(",");
      expect(bcc).toEqual(expect.arrayContaining([first.email, second.email, ...waiting.map((q) => q.email)]));
      expect(new Set(bcc).size).toBe(bcc.length);
      await dialog.getByRole("button", { name: "Not Yet" }).click();
      await expect(dialog).toBeHidden();
      expect((await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes?limit=500")).filter(unreplied)).toHaveLength(
        waiting.length,
      );

      await page.getByRole("button", { name: "Reply to All Pending" }).click();
      await dialog.getByRole("button", { name: "Open E-mail App" }).click();
      await dialog.getByRole("button", { name: "Yes, Mark as Replied" }).click();
      await expectToast(page, "Marked as replied", `${waiting.length} enquiries marked as replied.`);
      await expect(dialog).toBeHidden();
      const replied = await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes?limit=500");
      expect(replied.filter(unreplied)).toEqual([]);
      await expectCounts(page, replied);

      // Undo: the same quotes are pending again (read, not replied).
      await page.locator(".Toastify__toast").getByRole("button", { name: "Undo" }).click();
      await expectToast(page, "Reply undone", `${waiting.length} enquiries back to pending.`);
      const undone = await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes?limit=500");
      const back = undone.filter((q) => waiting.some((w) => w.id === q.id));
      expect(back.every((q) => q.isRead === "true" && q.repliedAt === null)).toBe(true);
      await expectCounts(page, undone);
      await tab(page, "Pending").click();
      await expect(card(page, first.name)).toBeVisible();

      // Once everyone has an answer there is nobody to reply to.
      await page.getByRole("button", { name: "Reply to All Pending" }).click();
      await dialog.getByRole("button", { name: "Open E-mail App" }).click();
      await dialog.getByRole("button", { name: "Yes, Mark as Replied" }).click();
      await expectToast(page, "Marked as replied");
      await page.getByRole("button", { name: "Reply to All Pending" }).click();
      const urgentLeft = (await adminGet<AdminEnquiry[]>(request, adminToken, "/api/admin/quotes?limit=500")).filter(
        (q) => !q.repliedAt && q.urgentReason,
      ).length;
      await expectToast(
        page,
        "No quotes to reply to",
        urgentLeft > 0 ? `Only urgent requests are waiting (${urgentLeft})` : "All quotes have already been replied to.",
      );
      await expect(dialog).toHaveCount(0);
    });

    test("Book Visit fills the service record form from the quote; completing the visit sets the next one a year on", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const name = unique("Visit Booker");
      const enquiry = await createEnquiry(request, name, "annual-service");
      const [stored] = await adminGet<AdminEnquiry[]>(
        request,
        adminToken,
        `/api/admin/quotes?q=${encodeURIComponent(enquiry.email)}`,
      );
      await page.goto(`/admin/quotes?q=${encodeURIComponent(enquiry.email)}`);
      await card(page, name).getByRole("button", { name: "Book Visit" }).click();

      const form = page.getByRole("dialog", { name: "Add Service Record" });
      await expect(form).toContainText(`From ${name}'s quote`);
      // Nobody on file with this e-mail: a new customer, filled in from the quote.
      await expect(form.getByRole("switch", { name: "New customer" })).toBeChecked();
      const [first, last] = name.split(" Booker");
      await expect(form.getByLabel("First name")).toHaveValue(`${first}`);
      await expect(form.getByLabel("Last name")).toHaveValue(`Booker${last}`);
      await expect(form.getByLabel("Email")).toHaveValue(enquiry.email);
      await expect(form.getByLabel("Phone (optional)")).toHaveValue("0161 496 0555");
      await expect(form.getByLabel("Postcode (optional)")).toHaveValue("M32 0ZZ");
      await expect(form.getByRole("combobox", { name: "Kind of visit" })).toHaveText("Annual Boiler Service");
      await expect(form.getByRole("combobox", { name: "Status" })).toHaveText("Scheduled");
      await expect(form.getByLabel("Description")).toHaveValue(`Test request from ${name}`);
      const date = todayInUk();
      await expect(form.getByLabel("Service date")).toHaveValue(date);
      await form.getByLabel("Technician").fill("Dave Hughes");
      await form.getByRole("radio", { name: "To be agreed" }).click();
      await form.getByRole("button", { name: "Add Record" }).click();
      await expectToast(page, "Service record added");
      await expect(form).toBeHidden();

      const [record] = await adminGet<AdminServiceRecord[]>(
        request,
        adminToken,
        `/api/admin/service-records?q=${encodeURIComponent(enquiry.email)}`,
      );
      expect(record).toMatchObject({ enquiryId: stored!.id, status: "scheduled", customerName: name, nextServiceDue: null });

      // Booked again: the customer is on file now, so the form picks them.
      await card(page, name).getByRole("button", { name: "Book Visit" }).click();
      await expect(form.getByRole("switch", { name: "New customer" })).not.toBeChecked();
      await expect(form).toContainText(enquiry.email);
      await expect(form.getByRole("button", { name: "Change customer" })).toBeVisible();
      await form.getByRole("button", { name: "Cancel" }).click();

      await page.goto(`/admin/service-records?q=${encodeURIComponent(enquiry.email)}`);
      const visit = page.getByRole("article", { name: `Service record: ${name}, Annual Boiler Service` });
      await expect(visit).toHaveCount(1);
      await expect(visit.getByText("Next service due")).toHaveCount(0);
      await visit.getByRole("button", { name: "Complete" }).click();
      await expectToast(page, "Visit completed", `Next service due ${serviceDateText(yearOn(date))}`);
      await expect(visit.locator('[data-tone="default"]')).toHaveText("completed");
      await expect(visit.locator("dd").filter({ hasText: serviceDateText(yearOn(date)) })).toBeVisible();
      await expect(visit.getByRole("button", { name: "Complete" })).toHaveCount(0);
    });
  });
}
