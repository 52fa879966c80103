import type { Page } from "@playwright/test";
import type { AdminQuote } from "../schema/api/admin";
import { quoteServiceLabels } from "../schema/business";
import { adminGet, createQuote, expect, expectToast, type PageWindow, test, unique } from "./admin-fixtures";

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}\\s*\\d*$`) });
const count = (page: Page, name: string) => tab(page, name).locator(".rt-Badge").first();
const card = (page: Page, name: string) => page.getByRole("tabpanel").getByRole("article", { name: `Quote from ${name}` });

async function expectCounts(page: Page, quotes: AdminQuote[]) {
  const isNew = (q: AdminQuote) => q.isRead !== "true" && !q.repliedAt;
  const isPending = (q: AdminQuote) => q.isRead === "true" && !q.repliedAt;
  await expect(count(page, "New")).toHaveText(`${quotes.filter(isNew).length}`);
  await expect(count(page, "Pending")).toHaveText(`${quotes.filter(isPending).length}`);
  await expect(count(page, "Replied")).toHaveText(`${quotes.filter((q) => q.repliedAt).length}`);
  await expect(count(page, "All")).toHaveText(`${quotes.length}`);
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
    const quote = await createQuote(request, name, "annual-service");
    await page.goto("/admin/quotes");
    await expectCounts(page, await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes"));

    await expect(tab(page, "New")).toHaveAttribute("aria-selected", "true");
    const fresh = card(page, name);
    await expect(fresh).toContainText(quoteServiceLabels["annual-service"]);
    await expect(fresh.getByRole("link", { name: quote.email })).toHaveAttribute("href", `mailto:${quote.email}`);
    await expect(fresh.getByRole("link", { name: "0161 496 0555" })).toHaveAttribute("href", "tel:01614960555");
    await expect(fresh).toContainText(/Received \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);

    await fresh.getByRole("button", { name: "Mark Read" }).click();
    await expectToast(page, "Quote marked as read");
    await expect(card(page, name)).toHaveCount(0);
    await expectCounts(page, await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes"));

    await tab(page, "Pending").click();
    const pending = card(page, name);
    await expect(pending.getByRole("button", { name: "Mark Read" })).toHaveCount(0);
    await pending.getByRole("button", { name: "Mark Replied" }).click();
    await expectToast(page, "Quote marked as replied");
    await expect(card(page, name)).toHaveCount(0);

    await tab(page, "Replied").click();
    const replied = card(page, name);
    await expect(replied).toBeVisible();
    await expect(replied.getByRole("button")).toHaveCount(0);
    const after = await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes");
    expect(after.find((q) => q.name === name)?.repliedAt).toBeTruthy();
    await expectCounts(page, after);
  });

  test("delete asks first; Cancel keeps the quote and Delete removes it", async ({ adminPage: page, adminToken, request }) => {
    const name = unique("Quote Deleter");
    await createQuote(request, name);
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
    const after = await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes");
    expect(after.some((q) => q.name === name)).toBe(false);
    await expectCounts(page, after);
  });

  test("Reply to All Pending opens one e-mail with every unreplied address in bcc and marks them replied", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    await captureMailto(page);
    const first = await createQuote(request, unique("Bulk One"));
    const second = await createQuote(request, unique("Bulk Two"));
    const waiting = (await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes")).filter((q) => !q.repliedAt);
    expect(waiting.length).toBeGreaterThanOrEqual(2);

    await page.goto("/admin/quotes");
    await page.getByRole("button", { name: "Reply to All Pending" }).click();
    await expectToast(page, "Replying to all pending", `${waiting.length} quotes are marked as replied`);
    const mailto = await page.evaluate(() => (globalThis as unknown as PageWindow).lastMailto);
    expect(mailto).toMatch(/^mailto:\?bcc=/);
    const bcc = new URL(mailto!).searchParams.get("bcc")!.split(",");
    expect(bcc).toEqual(expect.arrayContaining([first.email, second.email, ...waiting.map((q) => q.email)]));
    expect(new Set(bcc).size).toBe(bcc.length);

    const after = await adminGet<AdminQuote[]>(request, adminToken, "/api/admin/quotes");
    expect(after.filter((q) => !q.repliedAt)).toEqual([]);
    await expectCounts(page, after);
    await expect(page.getByRole("tabpanel")).toContainText("No new quotes");

    await page.getByRole("button", { name: "Reply to All Pending" }).click();
    await expectToast(page, "No quotes to reply to", "All quotes have already been replied to.");
  });
});
