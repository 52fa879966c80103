import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { CART_SESSION_HEADER } from "../schema/api/cart";
import { expect, test } from "./fixtures";

// The deals modal opens 3 s into every first visit; these tests are about getting around.
test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

const scrollY = (page: Page) => page.evaluate<number>("window.scrollY");

/**
 * Where "Get Quote" leaves the quote section: its heading in full view below the sticky header,
 * and the section centred in that space when it fits (0 when it is as it should be).
 */
async function quotePlacement(page: Page) {
  const heading = (await page.getByRole("heading", { name: "Get your free, no-obligation quote" }).boundingBox())!;
  const section = (await page.locator("#quote").boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  const height = page.viewportSize()!.height;
  const headerBottom = header.y + header.height;
  if (heading.y < headerBottom || heading.y + heading.height > height) return 1000;
  const room = height - headerBottom;
  if (section.height >= room) return Math.abs(section.y - headerBottom);
  return Math.abs(section.y - headerBottom - (room - section.height) / 2);
}

test.describe("header", () => {
  test("the logo, Store and New Boiler links go to their pages", async ({ page }) => {
    await page.goto("/service/plumbing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Store" }).click();
    await expect(page).toHaveURL("/store");
    await nav.getByRole("link", { name: "New Boiler" }).click();
    await expect(page).toHaveURL("/boiler-pricing");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("new boilers");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Northside Heating & Plumbing/ })
      .click();
    await expect(page).toHaveURL("/");
  });

  test("Book online leads to online booking, from the header and from the service pages", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Book online" })).toHaveAttribute(
      "href",
      "/book",
    );
    await page.goto("/service/boiler-service");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Book online" }).first()).toHaveAttribute("href", "/book?service=annual-service");
    await expect(main.getByRole("link", { name: "Book a gas safety check" })).toHaveAttribute("href", "/book?service=gas-safety");
    await page.goto("/service/repairs");
    await expect(page.getByRole("main").getByRole("link", { name: "Book a boiler repair online" })).toHaveAttribute(
      "href",
      "/book?service=boiler-repair",
    );
  });

  test("the Services dropdown toggles and leads to the boiler service and plumbing pages", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Services" });
    const boilerLink = page.locator("#services-menu-list").getByRole("link", { name: "Boiler Service" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(boilerLink).toBeVisible();
    await toggle.click();
    await expect(boilerLink).toBeHidden();

    await toggle.click();
    await boilerLink.click();
    await expect(page).toHaveURL("/service/boiler-service");
    await expect(boilerLink).toBeHidden();

    await toggle.click();
    await page.locator("#services-menu-list").getByRole("link", { name: "Plumber Services" }).click();
    await expect(page).toHaveURL("/service/plumbing");
  });

  test("the Services dropdown closes on Escape and returns focus to its button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Services" });
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("the cart icon links to /cart and shows a red badge with the item count", async ({ page, request }) => {
    const sessionId = `session_${Date.now()}_${randomBytes(16).toString("hex")}`;
    const products = (await (await request.get("/api/products")).json()) as { id: number; inStock: boolean }[];
    const product = products.find((p) => p.inStock)!;
    const add = await request.post("/api/cart/add", {
      headers: { [CART_SESSION_HEADER]: sessionId },
      data: { sessionId, productId: product.id, quantity: 2 },
    });
    expect(add.ok()).toBe(true);

    await page.goto("/service/repairs");
    const cart = page.getByRole("link", { name: /^Cart/ });
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await expect(cart).toHaveAttribute("href", "/cart");

    await page.evaluate(`localStorage.setItem("cart_session_id", ${JSON.stringify(sessionId)})`);
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(page.getByTestId("cart-badge")).toHaveCSS("background-color", "rgb(217, 45, 32)");
    await expect(cart).toHaveAccessibleName("Cart, 2 items");
    await cart.click();
    await expect(page).toHaveURL("/cart");
  });

  test("Get Quote brings the quote section into view with its heading below the sticky header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Quote" }).click();
    await expect.poll(() => quotePlacement(page), { timeout: 4000 }).toBeLessThan(4);
    await expect(page.getByRole("heading", { name: "Get your free, no-obligation quote" })).toBeInViewport({ ratio: 1 });
    await expect(page).toHaveURL("/#quote");
  });

  test("Contact scrolls the contact section to the top, below the sticky bar", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect.poll(async () => (await page.locator("#contact").boundingBox())!.y, { timeout: 4000 }).toBeLessThan(110);
    // Aligned to the top, just below the sticky header bar rather than hidden under it.
    expect((await page.locator("#contact").boundingBox())!.y).toBeGreaterThan(60);
  });

  test("Home on another page opens the landing page at its home section", async ({ page }) => {
    await page.goto("/boiler-pricing");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/#home");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Manchester's trusted");
  });
});

test.describe("scroll rules", () => {
  test("every navigation starts at the top of the new page", async ({ page }) => {
    await page.goto("/service/plumbing");
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "Boiler Service" }).click();
    await expect(page).toHaveURL("/service/boiler-service");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("a link to a landing-page section from another page scrolls there after the page opens", async ({ page }) => {
    await page.goto("/service/repairs");
    await page.getByRole("link", { name: "Get a free quote" }).click();
    await expect(page).toHaveURL("/#quote");
    await expect.poll(() => quotePlacement(page), { timeout: 4000 }).toBeLessThan(4);
  });

  test("opening the landing page with a hash scrolls smoothly to that section", async ({ page }) => {
    await page.goto("/#contact");
    await expect.poll(async () => (await page.locator("#contact").boundingBox())!.y, { timeout: 4000 }).toBeLessThan(110);
    expect(await scrollY(page)).toBeGreaterThan(1000);
  });
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes with its button and closes after a selection", async ({ page }) => {
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    for (const name of ["Home", "Services", "Store", "New Boiler", "Book online", "Contact", "Get Quote"]) {
      await expect(menu.getByRole(name === "Services" ? "button" : "link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("button", { name: "Services" }).click();
    await menu.getByRole("link", { name: "Plumber Services" }).click();
    await expect(page).toHaveURL("/service/plumbing");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/#quote");
    await expect(menu).toBeHidden();
    await expect.poll(() => quotePlacement(page), { timeout: 4000 }).toBeLessThan(4);
  });

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of ["/", "/boiler-pricing", "/service/boiler-service", "/service/plumbing", "/service/repairs"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Open menu" }).click();
      expect(await page.evaluate<number>("document.documentElement.scrollWidth"), path).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: "Close menu" }).click();
    }
  });
});

test.describe("footer", () => {
  test("links to the service pages, and its © symbol to the admin login", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Boiler Service" })).toHaveAttribute("href", "/service/boiler-service");
    await expect(footer.getByRole("link", { name: "Plumber Services" })).toHaveAttribute("href", "/service/plumbing");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
    for (const area of ["Manchester", "Stretford", "Old Trafford", "Sale", "Altrincham"]) {
      await expect(footer.getByText(area, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText("Urmston", { exact: true })).toHaveCount(0);
    const copyright = footer.getByRole("link", { name: /Copyright/ });
    await expect(copyright).toHaveText("©");
    await expect(copyright).toHaveAttribute("href", "/admin/login");
  });

  test("the skip link moves keyboard focus to the page content", async ({ page }) => {
    await page.goto("/service/plumbing");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});
