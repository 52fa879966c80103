import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { company } from "../schema/business";
import { expect, test } from "./fixtures";

const GREETING =
  "Hello! I'm here to help with any questions about heating services, boiler repairs, or emergency callouts. How can I assist you today?";

const chatPanel = (page: Page) => page.getByRole("dialog", { name: "Support AI Assistant" });
const chatLog = (page: Page) => chatPanel(page).getByRole("log");
const launcher = (page: Page) => page.getByRole("button", { name: "Chat with us" });

/** The chat's API calls, to check what the widget posts. */
function recordChatCalls(page: Page) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/chat/")) calls.push({ path: url.pathname, body: request.postDataJSON() });
  });
  return calls;
}

test.describe("chat widget", () => {
  test("greets, answers quick actions and typed questions from the built-in responder, and closes on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const calls = recordChatCalls(page);
    await page.goto("/service/repairs");
    await expect(launcher(page)).toBeVisible();
    // The panel's code is not part of first paint.
    const loadedBeforeOpen = await page.evaluate(() =>
      performance.getEntriesByType("resource").some((e) => /chat-panel/.test(e.name)),
    );
    expect(loadedBeforeOpen).toBe(false);
    await expect(chatPanel(page)).toHaveCount(0);

    await launcher(page).click();
    await expect(chatPanel(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
    await expect(chatLog(page)).toHaveAttribute("aria-live", "polite");
    await expect(chatLog(page).getByText(GREETING)).toBeVisible();
    await expect(chatPanel(page).getByRole("textbox", { name: "Your message" })).toBeFocused();
    await expect(chatPanel(page).getByRole("link", { name: /Call now/ })).toHaveAttribute("href", company.phoneHref);
    for (const label of ["Emergency", "Quote", "Service", "Repair"]) {
      await expect(chatPanel(page).getByRole("button", { name: label, exact: true })).toBeVisible();
    }
    await expect(chatPanel(page).getByRole("button", { name: "Send message" })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath("chat-open-1280.png"), animations: "disabled" });
    const axe = await new AxeBuilder({ page }).include("#chat-panel").include(".chat-launcher").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await chatPanel(page).getByRole("button", { name: "Emergency", exact: true }).click();
    await expect(chatLog(page).getByText("I have a heating emergency and need urgent help")).toBeVisible();
    await expect(chatLog(page).getByText(`Call our 24/7 emergency line on ${company.emergencyPhone}`)).toBeVisible();
    await expect(chatPanel(page).getByRole("button", { name: "Emergency", exact: true })).toHaveCount(0);

    const input = chatPanel(page).getByRole("textbox", { name: "Your message" });
    await input.fill("   ");
    await expect(chatPanel(page).getByRole("button", { name: "Send message" })).toBeDisabled();
    await input.fill("Do you cover Stockport?");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(chatLog(page).getByText("Yes, we cover Stockport (next-day service).")).toBeVisible();
    await expect(chatLog(page).getByText("Thinking")).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("chat-conversation-1280.png"), animations: "disabled" });

    // Every customer message is posted for the transcript, in order; the server stores its own replies.
    await expect
      .poll(() => calls.filter((c) => c.path === "/api/chat/message").map((c) => [c.body.sender, c.body.message]))
      .toEqual([
        ["customer", "I have a heating emergency and need urgent help"],
        ["customer", "Do you cover Stockport?"],
      ]);
    const sessionIds = new Set(calls.map((c) => c.body.sessionId));
    expect(sessionIds.size).toBe(1);
    expect([...sessionIds][0]).toMatch(/^chat_[0-9a-f]{32}$/);

    await page.keyboard.press("Escape");
    await expect(chatPanel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");

    // Reopening keeps the conversation and does not greet twice.
    await launcher(page).click();
    await expect(chatLog(page).getByText("Do you cover Stockport?")).toBeVisible();
    await expect(chatLog(page).getByText(GREETING)).toHaveCount(1);
    await chatPanel(page).getByRole("button", { name: "Close chat" }).click();
    await expect(chatPanel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test("works on a 390 px phone with no horizontal scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/service/boiler-service");
    await launcher(page).click();
    await expect(chatLog(page).getByText(GREETING)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("chat-open-390.png"), animations: "disabled" });

    await chatPanel(page).getByRole("button", { name: "Quote", exact: true }).click();
    await expect(chatLog(page).getByText(/Basic £1,899, Standard £2,499 and Premium £3,299/)).toBeVisible();
    await chatPanel(page).getByRole("textbox", { name: "Your message" }).fill("I can smell gas");
    await chatPanel(page).getByRole("button", { name: "Send message" }).click();
    const safety = chatLog(page).getByText(/call the National Gas Emergency Service on 0800 111 999 now/);
    await expect(safety).toBeVisible();
    await expect(safety.getByRole("link", { name: "0800 111 999" })).toHaveAttribute("href", "tel:+44800111999");

    const box = await chatPanel(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("chat-conversation-390.png"), animations: "disabled" });
  });

  test.describe(() => {
    // One pattern: Playwright reads a two-element array option as [value, options].
    test.use({ allowedConsoleErrors: [/status of (503|429)/] });

    test("shows the trouble-connecting message when the assistant cannot be reached", async ({ page }) => {
      await page.route("**/api/chat/ai-response", (route) => route.fulfill({ status: 503, body: "{}" }));
      await page.goto("/service/plumbing");
      await launcher(page).click();
      await chatPanel(page).getByRole("button", { name: "Repair", exact: true }).click();
      await expect(
        chatLog(page).getByText(
          `I'm having trouble connecting right now. For immediate assistance, please call us at ${company.phone}.`,
        ),
      ).toBeVisible();
      await expect(chatPanel(page).getByRole("button", { name: "Send message" })).toBeDisabled();
      await chatPanel(page).getByRole("textbox", { name: "Your message" }).fill("Hello again");
      await expect(chatPanel(page).getByRole("button", { name: "Send message" })).toBeEnabled();
    });

    test("shows the server's message when the chat is rate limited", async ({ page }) => {
      const message = `You're sending messages faster than we can answer. Please wait a minute and try again, or call us on ${company.phone}.`;
      await page.route("**/api/chat/ai-response", (route) =>
        route.fulfill({
          status: 429,
          contentType: "application/json",
          body: JSON.stringify({ error: message, code: "RATE_LIMITED", requestId: "r1" }),
        }),
      );
      await page.goto("/payment-cancelled");
      await launcher(page).click();
      await chatPanel(page).getByRole("button", { name: "Service", exact: true }).click();
      await expect(chatLog(page).getByText(message)).toBeVisible();
    });
  });
});
