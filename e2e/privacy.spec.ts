import { company } from "../schema/business";
import { settings } from "../schema/settings";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

test.describe("/privacy", () => {
  test("says what is kept, why and for how long, with the periods the deletion job uses", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Your information and how we look after it" })).toBeVisible();
    const { retention } = settings;
    const record = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    for (const title of [
      "Quote requests",
      "Parts orders",
      "Our deals list",
      "Chats with our assistant",
      "Your basket",
      "E-mails we send you",
      "Sign-ins to our back office",
    ]) {
      await expect(record(title).getByText("Why", { exact: true })).toBeVisible();
    }
    await expect(record("Our deals list")).toContainText(`deleted after ${retention.pendingSignupDays} days`);
    await expect(record("Our deals list")).toContainText("when you confirmed");
    await expect(record("Chats with our assistant")).toContainText(
      `Deleted ${retention.chatMonths} months after the last message`,
    );
    await expect(record("Your basket")).toContainText(`Emptied after ${retention.cartDays} days`);
    await expect(record("E-mails we send you")).toContainText(`Deleted after ${retention.outboxDays} days`);
    await expect(record("Sign-ins to our back office")).toContainText(`Deleted after ${retention.signInDays} days`);

    const main = page.getByRole("main");
    for (const processor of ["Cloudflare", "Stripe", "Postmark"]) await expect(main.getByText(processor).first()).toBeVisible();
    await expect(main.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);
    await expect(main).toContainText("ask for a copy of what we hold about you");
  });

  test("the footer's Privacy Policy link opens it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page).toHaveTitle(/^Privacy Notice \|/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your information and how we look after it");
  });

  test("is prerendered, indexable and listed in the sitemap", async ({ request }) => {
    const html = await (await request.get("/privacy")).text();
    expect(html).toContain('<meta name="robots" content="index, follow"');
    expect(html).toContain(`Deleted ${settings.retention.chatMonths} months after the last message`);
    expect(await (await request.get("/sitemap.xml")).text()).toMatch(/<loc>https?:\/\/[^<]+\/privacy<\/loc>/);
  });

  for (const width of [1280, 390]) {
    test(`screenshot at ${width} px, with no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/privacy", { waitUntil: "networkidle" });
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`privacy-${width}.png`), fullPage: true });
      await page.getByRole("heading", { name: "What we keep, why, and for how long" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`privacy-${width}-records.png`) });
    });
  }
});
