import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { OutboxEmail } from "../schema/api/campaigns";
import type { TemplateSample } from "../schema/api/mail-templates";
import type { AdminServiceRecord } from "../schema/api/records";
import type { ReminderRunResult } from "../schema/api/reminders";
import {
  adminGet,
  bearer,
  createEnquiry,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  unique,
} from "./admin-fixtures";

// Hand-overs count against the quote limit per address; this file gets its own address.
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.83" } });

const DAY = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });
}

/** A customer and a past visit whose next one is due in `dueInDays`, through the admin API. */
async function dueCustomer(
  request: APIRequestContext,
  token: string,
  lastName: string,
  dueInDays: number,
  extra: { isLandlord?: boolean } = {},
) {
  const email = `${lastName.toLowerCase()}@example.com`;
  const res = await request.post("/api/admin/service-records", {
    headers: bearer(token),
    data: {
      serviceType: "Annual Service",
      status: "completed",
      serviceDate: dayFromNow(dueInDays - 365),
      nextServiceDue: dayFromNow(dueInDays),
      equipmentType: "Vaillant ecoTEC Plus",
      newCustomer: { firstName: "Morgan", lastName, email, postcode: "M41 5AA", ...extra },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const record = (await res.json()) as AdminServiceRecord;
  return { name: `Morgan ${lastName}`, email, customerId: record.customerId! };
}

const newSessionId = () => `chat_${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;

/** A visitor's questions through the public chat API, each answered by the assistant, as the widget does it. */
async function chatSaid(request: APIRequestContext, sessionId: string, questions: string[]) {
  for (const message of questions) {
    const said = await request.post("/api/chat/message", { data: { sessionId, message, sender: "customer" } });
    expect(said.status(), await said.text()).toBe(201);
    const answered = await request.post("/api/chat/ai-response", { data: { sessionId, message } });
    expect(answered.status(), await answered.text()).toBe(200);
  }
}

const row = (list: Locator, text: string) => list.getByRole("listitem").filter({ hasText: text });

test.describe("/admin/reminders", () => {
  test("shows what is due, sends it with one button, lists sent and skipped with the reason, and a second run sends nothing new", async ({
    adminPage: page,
    request,
    adminToken,
  }) => {
    const tag = unique("Care").replace(/-/g, "");
    const homeowner = await dueCustomer(request, adminToken, `Home${tag}`, 20);
    const landlord = await dueCustomer(request, adminToken, `Landlord${tag}`, 25, { isLandlord: true });
    const booked = await dueCustomer(request, adminToken, `Booked${tag}`, 12);
    const visit = await request.post("/api/admin/service-records", {
      headers: bearer(adminToken),
      data: { customerId: booked.customerId, serviceType: "Annual Service", status: "scheduled", serviceDate: dayFromNow(5) },
    });
    expect(visit.status(), await visit.text()).toBe(201);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/reminders");
    await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
    const due = page.getByRole("list", { name: "Due reminders" });
    await expect(row(due, homeowner.name)).toContainText("Goes out with the next run");
    await expect(row(due, homeowner.name)).toContainText("Annual service");
    await expect(row(due, homeowner.name)).toContainText("in 20 days");
    await expect(row(due, landlord.name)).toContainText("Landlord CP12");
    await expect(row(due, booked.name)).toContainText("Will be skipped: A later visit is already booked");
    await expectAccessible(page);
    await shoot(page, "reminders-due-1280");

    await page.getByRole("button", { name: "Send due reminders now" }).click();
    const status = page
      .locator("#main")
      .getByRole("status")
      .filter({ hasText: /Sent \d+ reminders?/ });
    await expect(status).toBeVisible();
    const sentCount = Number(/Sent (\d+)/.exec((await status.textContent()) ?? "")![1]);
    expect(sentCount).toBeGreaterThanOrEqual(2);
    await expect(page).toHaveURL(/tab=sent/);
    const sent = page.getByRole("list", { name: "Sent reminders" });
    await expect(row(sent, homeowner.name)).toContainText(/(Sent|Waiting to go out · since) \d+ \w+ \d{4}, \d\d:\d\d/);
    await expect(row(sent, landlord.name)).toContainText("Landlord CP12");
    await expect(row(sent, booked.name)).toHaveCount(0);

    await page.getByRole("tab", { name: /Skipped/ }).click();
    await expect(row(page.getByRole("list", { name: "Skipped reminders" }), booked.name)).toContainText(
      "Skipped: A later visit is already booked",
    );

    // Once a cycle: the second run sends nothing new.
    await page.getByRole("button", { name: "Send due reminders now" }).click();
    await expect(page.locator("#main").getByRole("status").filter({ hasText: "Nothing new was due" })).toBeVisible();
    const again = await request.post("/api/admin/reminders/run", { headers: bearer(adminToken) });
    expect((await again.json()) as ReminderRunResult).toEqual({ sent: 0, skipped: 0, remaining: 0 });

    await expect
      .poll(async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, adminToken, "/api/admin/outbox?limit=100");
        return outbox.filter((m) => m.to === homeowner.email || m.to === landlord.email).map((m) => m.kind);
      })
      .toEqual(["reminder", "reminder"]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: /Sent/ }).click();
    await expect(row(page.getByRole("list", { name: "Sent reminders" }), homeowner.name)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, "reminders-sent-390");
  });
});

test.describe("/admin/chats", () => {
  test("finds a conversation by what was said, marks hand-overs and opens the transcript", async ({
    adminPage: page,
    request,
  }) => {
    const word = `Zephyr${Date.now().toString(36)}`;
    const plain = newSessionId();
    await chatSaid(request, plain, [`Do you fit ${word} thermostats in Sale?`]);
    const handedOver = newSessionId();
    const name = `Jo ${unique("Handover")}`;
    await chatSaid(request, handedOver, [`My ${word} boiler shows an F28 fault`]);
    const handover = await request.post("/api/chat/handover", {
      data: { sessionId: handedOver, name, contact: "0161 496 0321", message: "Please call after 5" },
    });
    expect(handover.status(), await handover.text()).toBe(201);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/chats");
    await page.getByRole("searchbox", { name: "Search conversations" }).fill(word);
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    // Newest first: the hand-over was the last to be active.
    await expect(cards.nth(0)).toHaveAccessibleName(`Hand-over: My ${word} boiler shows an F28 fault`);
    await expect(cards.nth(0)).toContainText(`${name} asked for a person`);
    await expect(cards.nth(0)).toContainText("0161 496 0321");
    await expect(cards.nth(1)).toHaveAccessibleName(`Conversation: Do you fit ${word} thermostats in Sale?`);
    await expect(cards.nth(1).getByText("Hand-over", { exact: true })).toHaveCount(0);

    const open = cards.nth(1).getByRole("button", { name: "Read the chat" });
    await open.click();
    await expect(cards.nth(1).getByRole("button", { name: "Hide the chat" })).toHaveAttribute("aria-expanded", "true");
    const transcript = cards.nth(1).getByRole("list", { name: "Transcript" });
    await expect(transcript.getByRole("listitem")).toHaveCount(2);
    await expect(transcript.getByRole("listitem").nth(0)).toContainText(`Visitor · `);
    await expect(transcript.getByRole("listitem").nth(0)).toContainText(`Do you fit ${word} thermostats in Sale?`);
    await expect(transcript.getByRole("listitem").nth(1)).toContainText("Assistant · ");
    await expectAccessible(page);
    await shoot(page, "chats-search-1280");

    await page.getByRole("tab", { name: /Hand-overs/ }).click();
    await expect(page).toHaveURL(/handover=1/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(name);

    await page.setViewportSize({ width: 390, height: 844 });
    await cards.first().getByRole("button", { name: "Read the chat" }).click();
    await expect(cards.first().getByRole("list", { name: "Transcript" })).toContainText("F28 fault");
    await expectNoHorizontalScroll(page);
    await shoot(page, "chats-handover-390");
  });

  test("a visitor hands the chat over and the owner opens the transcript from the call back quote", async ({
    adminPage: page,
  }) => {
    const name = `Riley ${unique("Callback")}`;
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/service/repairs");
    await page.getByRole("button", { name: "Chat with us" }).click();
    const panel = page.getByRole("dialog", { name: "Support AI Assistant" });
    const input = panel.getByRole("textbox", { name: "Your message" });
    await input.fill("Can I speak to a person about my radiators?");
    await input.press("Enter");
    const form = panel.getByRole("form", { name: "Talk to a person" });
    await expect(form).toBeVisible();
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("Phone or e-mail").fill(email);
    await form.getByRole("button", { name: "Send my details" }).click();
    await expect(panel.getByRole("log").getByText(`Thanks, Riley.`, { exact: false })).toBeVisible();

    await page.goto(`/admin/quotes?state=all&q=${encodeURIComponent(email)}`);
    const enquiry = page.getByRole("article", { name: `Enquiry from ${name}` });
    await expect(enquiry).toContainText("Call back (from the chat)");
    await enquiry.getByRole("link", { name: "Read the chat" }).click();

    await expect(page).toHaveURL(/\/admin\/chats\?session=chat_/);
    await expect(page.getByText("Showing one conversation.")).toBeVisible();
    const card = page.getByRole("article");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${name} asked for a person`);
    await expect(card.getByRole("list", { name: "Transcript" })).toContainText("Can I speak to a person about my radiators?");
    await expectNoHorizontalScroll(page);
    await shoot(page, "chats-from-quote-390");

    await page.getByRole("button", { name: "Show all conversations" }).click();
    await expect(page.getByRole("searchbox", { name: "Search conversations" })).toBeVisible();
  });

  test("a link to a conversation cut short says so, without asking the server", async ({ adminPage: page }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/admin/chats")) asked.push(new URL(r.url()).search);
    });
    await page.goto("/admin/chats?session=chat_cut");
    await expect(page.getByRole("alert")).toContainText("That link to a conversation is not complete.");
    expect(asked.some((q) => q.includes("session="))).toBe(false);
    await page.getByRole("button", { name: "Show all conversations" }).click();
    await expect(page).toHaveURL(/\/admin\/chats$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("/admin/outbox", () => {
  test("lists the mail sent, newest first, and opens one as HTML or plain text at phone or desktop width", async ({
    adminPage: page,
    request,
  }) => {
    const { name, email } = await createEnquiry(request, `Casey ${unique("Outbox")}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/outbox");
    const list = page.getByRole("list", { name: "Sent e-mails" });
    // The acknowledgement is queued after the answer: check again until it is there.
    await expect(async () => {
      await page.getByRole("button", { name: "Check for new mail" }).click();
      await expect(row(list, `To ${email}`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const mail = row(list, `To ${email}`);
    await expect(mail).toContainText("Quote");
    await expectAccessible(page);
    await shoot(page, "outbox-1280");

    await mail.getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toContainText("we've got your quote request");
    await expect(dialog).toContainText(`To ${email}`);
    const frame = dialog.locator('iframe[title="E-mail preview"]');
    await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    await expect(frame).toHaveAttribute("data-width", "390");
    const frameWidth = async () =>
      (await (await frame.elementHandle())!.contentFrame())!.evaluate<number>("document.documentElement.clientWidth");
    expect(await frameWidth()).toBe(390);
    await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText(`Hello ${name.split(" ")[0]},`)).toBeVisible();
    await dialog.getByRole("button", { name: "Desktop 600 px" }).click();
    await expect(dialog.getByRole("button", { name: "Desktop 600 px" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(frameWidth).toBe(600);
    await dialog.getByRole("button", { name: "Plain text" }).click();
    await expect(dialog.getByRole("region", { name: "Plain text part" })).toContainText("Thank you for asking us for a quote.");
    await shoot(page, "outbox-text-1280");

    // On a phone the list and the open mail fit the screen.
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await shoot(page, "outbox-390");
    await mail.getByRole("button").click();
    await expect(dialog.getByRole("button", { name: "Phone 390 px" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.frameLocator('iframe[title="E-mail preview"]').getByText("Thank you for asking us for a quote."),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, "outbox-mail-390");
  });

  test("every template renders in the preview at 390 px without sideways scrolling", async ({
    adminPage: page,
    request,
    adminToken,
  }) => {
    test.setTimeout(90_000);
    const templates = await adminGet<TemplateSample[]>(request, adminToken, "/api/admin/outbox/templates");
    expect(templates.length).toBeGreaterThanOrEqual(20);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/outbox?tab=templates");
    await expect(page.getByRole("heading", { name: "To customers and subscribers" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "templates-1280");

    const dialog = page.getByRole("dialog");
    const widths: Record<string, number[]> = {};
    for (const template of templates) {
      await page.getByRole("button", { name: template.label, exact: true }).click();
      await expect(dialog.getByRole("heading", { name: template.subject })).toBeVisible();
      const frame = dialog.locator('iframe[title="E-mail preview"]');
      await expect(frame).toHaveAttribute("data-width", "390");
      const content = (await (await frame.elementHandle())!.contentFrame())!;
      await content.waitForLoadState();
      const [scrollWidth, clientWidth] = await content.evaluate<number[]>(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]",
      );
      widths[template.kind] = [scrollWidth!, clientWidth!];
      if (template.kind === "order-dispatched") await shoot(page, "template-dispatched-390");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
    const scrolling = Object.entries(widths).filter(([, [scroll, client]]) => scroll! > client!);
    expect(scrolling, JSON.stringify(widths)).toEqual([]);
    // The frame is the phone's width (less its border), not squeezed by the dialog.
    for (const [kind, [, client]] of Object.entries(widths)) expect(client, kind).toBeGreaterThanOrEqual(386);
  });
});
