import type { Page } from "@playwright/test";
import { company } from "../schema/business";
import { expect, test } from "./fixtures";

// The quote API limits requests per address; this file gets its own so other suites' quotes don't count.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.21" } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
  await page.goto("/#quote");
});

const form = (page: Page) => page.getByRole("form", { name: "Request your free quote" });

async function fill(page: Page, values: Partial<Record<"name" | "phone" | "email" | "postcode" | "message", string>>) {
  const f = form(page);
  const labels = { name: "Full name", phone: "Phone", email: "Email", postcode: "Postcode", message: "Message (optional)" };
  for (const [field, value] of Object.entries(values)) {
    await f.getByLabel(labels[field as keyof typeof labels]).fill(value);
  }
}

const valid = { name: "Jane Doe", phone: "0161 496 0555", email: "jane@example.com", postcode: "m32 0zz" };

test("fields have the right input types and the six service choices (the spec's five, and plumbing)", async ({ page }) => {
  const f = form(page);
  await expect(f.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(f.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(f.getByLabel("Service required").locator("option:not([disabled])")).toHaveText([
    "Boiler Installation",
    "Boiler Repair",
    "Central Heating",
    "Annual Service",
    "Emergency Repair",
    "Plumbing",
  ]);
});

test("missing required fields are named beside them, with no toast, and nothing is sent", async ({ page }) => {
  let posted = false;
  page.on("request", (req) => {
    if (req.url().endsWith("/api/quotes")) posted = true;
  });
  await fill(page, { name: "Jane Doe", phone: "0161 496 0555" });
  await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
  const email = form(page).getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter your email address");
  await expect(email).toBeFocused();
  await expect(form(page).getByLabel("Postcode")).toHaveAccessibleDescription("Please enter your postcode");
  await expect(form(page).getByLabel("Service required")).toHaveAccessibleDescription("Please choose the service you need");
  await expect(form(page).getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: /quote|required/i })).toHaveCount(0);
  expect(posted).toBe(false);
  // Typing clears a field's message.
  await email.fill("jane@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});

test("a complete request is submitted, confirmed and the form cleared", async ({ page }) => {
  let body: unknown;
  await page.route("**/api/quotes", async (route) => {
    body = route.request().postDataJSON();
    // Hold the answer a moment so the pending state is visible.
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await fill(page, { ...valid, message: "Boiler losing pressure" });
  await form(page).getByLabel("Service required").selectOption("boiler-repair");
  await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(form(page).getByRole("button", { name: "Submitting..." })).toBeDisabled();

  const toast = page.getByRole("status").filter({ hasText: "Quote Request Submitted Successfully!" });
  await expect(toast).toContainText(`within ${company.enquiryResponseHours} hours during business hours`);
  expect(body).toEqual({ ...valid, service: "boiler-repair", message: "Boiler losing pressure" });
  await expect(form(page).getByLabel("Full name")).toHaveValue("");
  await expect(form(page).getByLabel("Service required")).toHaveValue("");
  await expect(form(page).getByRole("button", { name: "Get My Free Quote" })).toBeEnabled();
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of (400|500)/] });

  test("a server failure asks the visitor to phone instead", async ({ page }) => {
    await page.route("**/api/quotes", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Something went wrong on our side. Please try again.", code: "INTERNAL" }),
      }),
    );
    await fill(page, valid);
    await form(page).getByLabel("Service required").selectOption("annual-service");
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Error Submitting Quote" });
    await expect(toast).toContainText(
      `Sorry, there was a problem submitting your quote. Please call us directly at ${company.phone}.`,
    );
    await expect(form(page).getByLabel("Full name")).toHaveValue(valid.name);
  });

  test("a field the server refuses is named beside it alone, so the visitor can fix it", async ({ page }) => {
    await fill(page, { ...valid, postcode: "NOT A POSTCODE" });
    await form(page).getByLabel("Service required").selectOption("central-heating");
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const postcode = form(page).getByLabel("Postcode");
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(postcode).toHaveAccessibleDescription(/valid UK postcode/);
    await expect(postcode).toBeFocused();
    await expect(page.getByRole("alert").filter({ hasText: "Error Submitting Quote" })).toHaveCount(0);
    await postcode.fill("M32 0ZZ");
    await expect(postcode).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("too many requests from one connection shows the server's message", async ({ page }) => {
    // The real limit would lock this file's address out for an hour, so the API's 429 is played back.
    const limited = `Too many quote requests from your connection. Please try again later or call us on ${company.phone}.`;
    await page.route("**/api/quotes", (route) =>
      route.fulfill({
        status: 429,
        headers: { "Retry-After": "3600" },
        json: { error: limited, code: "RATE_LIMITED", requestId: "r1" },
      }),
    );
    await fill(page, valid);
    await form(page).getByLabel("Service required").selectOption("boiler-repair");
    await form(page).getByRole("button", { name: "Get My Free Quote" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Error Submitting Quote" });
    await expect(toast).toContainText(limited);
    await expect(toast).not.toContainText("Sorry, there was a problem");
    // What was typed stays, to send later or read out on the phone.
    await expect(form(page).getByLabel("Full name")).toHaveValue(valid.name);
  });
});
