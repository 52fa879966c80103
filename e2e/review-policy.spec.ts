import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  // The deals list's pop-up stays away: this test reads the page behind it.
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

test("/review-policy is prerendered, linked from the footer, and says how reviews are asked for", async ({ page, request }) => {
  const res = await request.get("/review-policy");
  expect(res.status()).toBe(200);
  const body = await res.text();
  // Prerendered: the words are in the served HTML, before any script runs.
  expect(body).toContain("Every customer is invited");
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Review Policy" }).click();
  await expect(page).toHaveURL(/\/review-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "How we ask for reviews" })).toBeVisible();
  for (const heading of [
    "Every customer is invited",
    "The same message and link for everyone",
    "No reviews are paid for or filtered",
    "Reporting a review",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
});
