import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

const form = (page: Page) => page.getByRole("form", { name: "Request your free quote" });

test("a service reminder's link fills in the service and postcode and brings the form into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto("/?service=annual-service&postcode=M41%205AA#quote");
  // The prerendered page is the same for every link; the values arrive after hydration (a
  // mismatch would be a console error, which fails the test).
  expect(await response!.text()).not.toContain("M41 5AA");

  await expect(form(page).getByLabel("Service required")).toHaveValue("annual-service");
  await expect(form(page).getByLabel("Postcode")).toHaveValue("M41 5AA");
  await expect(form(page).getByLabel("Full name")).toHaveValue("");
  await expect(form(page)).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("quote-prefill-390.png") });
});

test("a service that is not one of the form's choices is ignored; the postcode still comes in", async ({ page }) => {
  await page.goto("/?service=call-back&postcode=SK4%201AA#quote");
  await expect(form(page).getByLabel("Postcode")).toHaveValue("SK4 1AA");
  await expect(form(page).getByLabel("Service required")).toHaveValue("");

  await page.goto("/?service=__proto__#quote");
  await expect(form(page)).toBeInViewport();
  await expect(form(page).getByLabel("Service required")).toHaveValue("");
  await expect(form(page).getByLabel("Postcode")).toHaveValue("");
});

test("the prefilled request submits like any other", async ({ page }) => {
  let body: unknown;
  await page.route("**/api/quotes", (route) => {
    body = route.request().postDataJSON();
    return route.fulfill({ status: 201, json: { success: true } });
  });
  await page.goto("/?service=boiler-repair&postcode=m32%200zz#quote");
  await expect(form(page).getByLabel("Service required")).toHaveValue("boiler-repair");
  await form(page).getByLabel("Full name").fill("Jane Doe");
  await form(page).getByLabel("Phone").fill("0161 496 0555");
  await form(page).getByLabel("Email").fill("jane@example.com");
  await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Quote Request Submitted Successfully!" })).toBeVisible();
  expect(body).toMatchObject({ service: "boiler-repair", postcode: "m32 0zz", name: "Jane Doe" });
});
