import type { APIRequestContext, Page } from "@playwright/test";
import type { Testimonial } from "../schema/api/testimonials";
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

// Testimonials (issue 49 item 5): the owner enters what customers said with its source, date and
// consent, and the home page shows exactly the published ones, in its first HTML, without a shift.

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

async function removeAll(request: APIRequestContext, token: string) {
  for (const t of await adminGet<Testimonial[]>(request, token, "/api/admin/testimonials?limit=500")) {
    const res = await request.delete(`/api/admin/testimonials/${t.id}`, { headers: bearer(token) });
    expect(res.status()).toBe(200);
  }
}

async function add(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<Testimonial> {
  const res = await request.post("/api/admin/testimonials", {
    headers: bearer(token),
    data: {
      source: "Google review",
      givenOn: "2026-03-02",
      consentOn: "2026-03-04",
      consentMethod: "email",
      isPublished: true,
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Layout shifts not caused by the visitor (what CLS counts), from the page's start. */
async function watchShifts(page: Page) {
  await page.addInitScript(`
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  `);
}

test.afterEach(async ({ request, adminToken }) => removeAll(request, adminToken));

test.describe("the home page", () => {
  for (const width of [1280, 390]) {
    test(`shows exactly the published testimonials with consent, in its HTML and without a shift, at ${width} px`, async ({
      page,
      request,
      adminToken,
    }) => {
      const tag = unique("t");
      await add(request, adminToken, {
        words: `Sorted the same day ${tag}.`,
        shownName: "Sarah, Stockport",
        givenOn: "2026-02-01",
      });
      await add(request, adminToken, {
        words: `A new combi fitted tidily ${tag}.`,
        shownName: "James, Sale",
        givenOn: "2026-04-12",
        sourceUrl: "https://g.page/r/example/review",
      });
      await add(request, adminToken, { words: `Not published ${tag}.`, shownName: "Ann, Bury", isPublished: false });

      // In the page as served, before any script.
      const html = await (await request.get("/")).text();
      expect(html).toContain(`A new combi fitted tidily ${tag}.`);
      expect(html).not.toContain(`Not published ${tag}.`);

      await page.setViewportSize({ width, height: 800 });
      await watchShifts(page);
      await page.goto("/", { waitUntil: "networkidle" });
      const section = page.getByRole("region", { name: "What our customers say" });
      const items = section.getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText(`A new combi fitted tidily ${tag}.`);
      await expect(items.nth(0)).toContainText("James, Sale");
      await expect(items.nth(0).getByRole("link", { name: "Google review" })).toHaveAttribute(
        "href",
        "https://g.page/r/example/review",
      );
      await expect(items.nth(0)).toContainText("12 April 2026");
      await expect(items.nth(1)).toContainText("Sarah, Stockport");
      await expect(items.nth(1)).toContainText("Google review · 1 February 2026");
      // No rating is claimed: no stars.
      await expect(section.getByRole("img", { name: /out of 5 stars/ })).toHaveCount(0);
      // Hydrated (the header answers), and nothing moved.
      await page
        .getByRole("button", { name: /Services|Open menu/ })
        .first()
        .click();
      await expect(page.locator('[aria-expanded="true"]').first()).toBeVisible();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate<number>("window.__cls")).toBeLessThan(0.01);
      await expect(items).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      await shoot(page, `home-testimonials-${width}`);
    });
  }
});

test.describe("the owner's Testimonials screen", () => {
  for (const width of [390, 1280]) {
    test(`adds, publishes only with consent, edits, unpublishes and deletes, at ${width} px`, async ({ adminPage: page }) => {
      await page.setViewportSize({ width, height: 844 });
      const tag = unique("w");
      await page.goto("/admin/testimonials");
      await expect(page.getByRole("heading", { name: "Testimonials", level: 1 })).toBeVisible();
      await expect(page.getByText("None yet.")).toBeVisible();

      await page.getByRole("button", { name: "Add a testimonial" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a testimonial" });
      await dialog.getByLabel("Their words").fill(`Fixed our boiler on a Sunday ${tag}.`);
      await dialog.getByLabel("Name shown").fill("Sarah, Stockport");
      await dialog.getByLabel("Date given").fill("2026-03-02");
      await dialog.getByRole("checkbox", { name: /Show on the site/ }).click();
      // Nothing is published without the customer's consent, said beside the field.
      await dialog.getByRole("button", { name: "Add testimonial" }).click();
      await expect(dialog.getByText("Only a testimonial the customer agreed to publish can be shown on the site")).toBeVisible();
      await dialog.getByLabel("Agreed on").fill("2026-03-04");
      await dialog.getByRole("combobox", { name: "How they agreed" }).click();
      await page.getByRole("option", { name: "By e-mail" }).click();
      await expectNoHorizontalScroll(page);
      await shoot(page, `testimonial-form-${width}`);
      await dialog.getByRole("button", { name: "Add testimonial" }).click();
      await expectToast(page, "Testimonial added");
      await expect(dialog).toBeHidden();

      const card = page.getByRole("article", { name: "Sarah, Stockport" });
      await expect(card).toContainText("On the site");
      await expect(card).toContainText(`Fixed our boiler on a Sunday ${tag}.`);
      await expect(card).toContainText("By e-mail, 4 Mar 2026");
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shoot(page, `testimonials-${width}`);

      await card.getByRole("button", { name: "Edit Sarah, Stockport's testimonial" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Sarah, Stockport's testimonial" });
      await edit.getByLabel("Name shown").fill("Sarah M., Stockport");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      const renamed = page.getByRole("article", { name: "Sarah M., Stockport" });
      await expect(renamed).toBeVisible();

      await renamed.getByRole("button", { name: "Unpublish" }).click();
      await expectToast(page, "Unpublished");
      await expect(renamed).toContainText("Not shown");
      await renamed.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Deleted");
      await expect(renamed).toHaveCount(0);
    });
  }
});
