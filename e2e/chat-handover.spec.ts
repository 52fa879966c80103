import type { Page } from "@playwright/test";
import type { AdminEnquiry } from "../schema/api/enquiries";
import { company } from "../schema/business";
import { adminGet, expect, test, unique } from "./admin-fixtures";

// Hand-overs count against the quote limit per address; this file gets its own address.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.37" } });

const chatPanel = (page: Page) => page.getByRole("dialog", { name: "Support AI Assistant" });
const chatLog = (page: Page) => chatPanel(page).getByRole("log");
const handoverForm = (page: Page) => chatPanel(page).getByRole("form", { name: "Talk to a person" });

/** The hand-over requests the page makes, to tell client-side checks from the server's. */
function recordHandovers(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/chat/handover") bodies.push(request.postDataJSON());
  });
  return bodies;
}

async function openChat(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  await page.goto("/service/repairs");
  await page.getByRole("button", { name: "Chat with us" }).click();
  await expect(chatPanel(page)).toBeVisible();
}

async function ask(page: Page, message: string) {
  const input = chatPanel(page).getByRole("textbox", { name: "Your message" });
  await input.fill(message);
  await input.press("Enter");
  await expect(chatLog(page).getByText(message)).toBeVisible();
}

/** Nothing in the panel is wider than the panel: no sideways scrolling inside it or on the page. */
async function expectFitsInPanel(page: Page) {
  const overflow = await page.evaluate<number[]>(
    `[".chat-panel__scroll", ".chat-handover"].map((s) => { const e = document.querySelector(s); return e.scrollWidth - e.clientWidth; })`,
  );
  expect(overflow).toEqual([0, 0]);
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(page.viewportSize()!.width);
  const panel = (await chatPanel(page).boundingBox())!;
  const form = (await handoverForm(page).boundingBox())!;
  expect(form.x).toBeGreaterThanOrEqual(panel.x);
  expect(form.x + form.width).toBeLessThanOrEqual(panel.x + panel.width);
}

for (const width of [390, 1280]) {
  test(`at ${width} px a visitor who asks for a person leaves their details and the owner gets the request`, async ({
    // The same tab later opens the back office as its owner.
    adminPage: page,
    request,
    adminToken,
  }) => {
    const posted = recordHandovers(page);
    const name = `Robin ${unique("Handover")}`;
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
    await openChat(page, width);
    // Always on offer, out of the way.
    await expect(chatPanel(page).getByRole("button", { name: "Talk to a person" })).toBeVisible();
    await expect(handoverForm(page)).toHaveCount(0);

    await ask(page, "Can I speak to a person?");
    await expect(chatLog(page).getByText(/Leave your name and a phone number or e-mail below/)).toBeVisible();
    const form = handoverForm(page);
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Your name")).toBeFocused();
    await expect(chatPanel(page).getByRole("button", { name: "Talk to a person" })).toHaveCount(0);
    await expectFitsInPanel(page);

    // The shared schema catches a contact that is neither a phone number nor an address, before any request.
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("Phone or e-mail").fill("call me maybe");
    await form.getByLabel("What's it about? (optional)").fill("Radiators cold upstairs");
    await form.getByRole("button", { name: "Send my details" }).click();
    const contact = form.getByLabel("Phone or e-mail");
    await expect(contact).toHaveAttribute("aria-invalid", "true");
    await expect(contact).toHaveAccessibleDescription("Please enter a valid phone number or e-mail address");
    await expect(contact).toBeFocused();
    await expect(form.getByLabel("Your name")).toHaveValue(name);
    await expect(form.getByLabel("What's it about? (optional)")).toHaveValue("Radiators cold upstairs");
    expect(posted).toEqual([]);
    await expectFitsInPanel(page);
    await page.screenshot({ path: test.info().outputPath(`chat-handover-error-${width}.png`), animations: "disabled" });

    await contact.fill(email);
    await expect(contact).not.toHaveAttribute("aria-invalid", "true");
    await form.getByRole("button", { name: "Send my details" }).click();
    const thanks = `Thanks, Robin. We'll reply to ${email} within ${company.enquiryResponseHours} hours during opening hours.`;
    await expect(chatLog(page).getByText(thanks)).toBeVisible();
    await expect(handoverForm(page)).toHaveCount(0);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ name, contact: email, message: "Radiators cold upstairs" });
    expect(posted[0]!.sessionId).toMatch(/^chat_[0-9a-f]{32}$/);
    await page.screenshot({ path: test.info().outputPath(`chat-handover-sent-${width}.png`), animations: "disabled" });

    // The owner sees it among the quote requests as a call back from the chat.
    const enquiries = await adminGet<AdminEnquiry[]>(request, adminToken, `/api/admin/quotes?q=${encodeURIComponent(name)}`);
    expect(enquiries.find((q) => q.name === name)).toMatchObject({
      email,
      phone: "",
      service: "call-back",
      message: "Radiators cold upstairs",
    });

    // Its card shows the e-mail it left, with no empty phone or postcode rows.
    await page.goto(`/admin/quotes?q=${encodeURIComponent(name)}`);
    const card = page.getByRole("article", { name: `Enquiry from ${name}` });
    await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(card.getByText("Phone", { exact: true })).toHaveCount(0);
    await expect(card.getByText("Postcode", { exact: true })).toHaveCount(0);
  });
}

test("the visitor can open the form themselves, close it and find what they typed still there", async ({ page }) => {
  await openChat(page, 390);
  await chatPanel(page).getByRole("button", { name: "Talk to a person" }).click();
  const form = handoverForm(page);
  await expect(form.getByLabel("Your name")).toBeFocused();
  await form.getByLabel("Your name").fill("Sam");
  await form.getByRole("button", { name: "Not now" }).click();
  await expect(handoverForm(page)).toHaveCount(0);
  await expect(chatPanel(page).getByRole("textbox", { name: "Your message" })).toBeFocused();
  await chatPanel(page).getByRole("button", { name: "Talk to a person" }).click();
  await expect(form.getByLabel("Your name")).toHaveValue("Sam");
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of (400|429)/] });

  test("the server's field errors show under their fields, and a rate limit shows its message, keeping what was typed", async ({
    page,
  }) => {
    const answers = [
      {
        status: 400,
        json: {
          error: "Please check the form",
          code: "VALIDATION_FAILED",
          requestId: "r1",
          details: [{ path: "name", message: "Please keep your name under 100 characters" }],
        },
      },
      {
        status: 429,
        json: {
          error: `Too many quote requests from your connection. Please try again later or call us on ${company.phone}.`,
          code: "RATE_LIMITED",
          requestId: "r2",
        },
      },
    ];
    await page.route("**/api/chat/handover", (route) => route.fulfill(answers.shift()!));
    await openChat(page, 390);
    await chatPanel(page).getByRole("button", { name: "Talk to a person" }).click();
    const form = handoverForm(page);
    await form.getByLabel("Your name").fill("Alex Morgan");
    await form.getByLabel("Phone or e-mail").fill("07700 900456");

    await form.getByRole("button", { name: "Send my details" }).click();
    await expect(form.getByLabel("Your name")).toHaveAccessibleDescription("Please keep your name under 100 characters");
    await expect(form.getByLabel("Your name")).toBeFocused();

    await form.getByRole("button", { name: "Send my details" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      `Too many quote requests from your connection. Please try again later or call us on ${company.phone}.`,
    );
    await expect(form.getByLabel("Your name")).toHaveValue("Alex Morgan");
    await expect(form.getByLabel("Phone or e-mail")).toHaveValue("07700 900456");
  });
});
