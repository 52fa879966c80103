import type { Page } from "@playwright/test";
import { publicRoutes } from "../schema/routes";
import { checkEach, expect, test } from "./fixtures";

/**
 * Prerendered pages carry the CSS of their own markup inline and load the whole stylesheet without
 * blocking the first paint (scripts/prerender.mjs). These tests hold the two halves to each other:
 * what the visitor sees first must be exactly what the whole stylesheet gives, or the page would
 * shift or change colour when it arrives.
 */

const PROPERTIES = [
  "display",
  "position",
  "box-sizing",
  "width",
  "height",
  "margin",
  "padding",
  "gap",
  "grid-template-columns",
  "flex-direction",
  "flex-wrap",
  "align-items",
  "justify-content",
  "color",
  "background-color",
  "background-image",
  "border",
  "border-radius",
  "box-shadow",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-decoration-line",
  "opacity",
  "visibility",
  "overflow",
  "transform",
  "z-index",
];

type Snapshot = { element: string; style: Record<string, string> }[];

/** Computed styles of every element under #root, skipping those mid-animation (pulses, spinners). */
function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate((properties) => {
    return Array.from(document.querySelectorAll("#root *"), (element) => {
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${Array.from(element.classList).join(".")}`;
      const style: Record<string, string> = {};
      const animated = element.getAnimations().length > 0 || element.closest(".hero-media") !== null;
      if (!animated) {
        const computed = getComputedStyle(element);
        for (const property of properties) style[property] = computed.getPropertyValue(property);
        for (const pseudo of ["::before", "::after"]) {
          const p = getComputedStyle(element, pseudo);
          style[pseudo] = `${p.content} ${p.display} ${p.width} ${p.backgroundColor}`;
        }
      }
      return { element: name, style };
    });
  }, PROPERTIES);
}

const pages = [...publicRoutes.filter((route) => route.prerender).map((route) => route.path), "/no-such-page"];

test.describe("critical CSS", () => {
  // The app's scripts are held back so the prerendered markup stays as served.
  test.use({ allowedConsoleErrors: [/Failed to load resource|status of 404/] });

  // One page per width loads every page in turn (the stylesheet cached after the first); each page
  // is its own step, and a failing one is named without stopping the others.
  for (const width of [390, 1280]) {
    test(`every prerendered page at ${width} px looks the same before and after the whole stylesheet applies`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route(/\.js$/, (route) => route.abort());
      await page.route(/\/api\//, (route) => route.abort());
      await checkEach(
        pages,
        (path) => `${path} at ${width} px`,
        async (path) => {
          await page.goto(path);
          // The app's stylesheet, and the page's own where it has one.
          const deferred = page.locator("link[data-deferred-style]");
          await expect(deferred.first()).toHaveAttribute("media", "print");
          for (const link of await deferred.all()) await expect(link).toHaveAttribute("media", "print");
          await expect(page.locator("head > style[data-critical]")).toHaveCount(1);
          const before = await snapshot(page);
          expect(before.length).toBeGreaterThan(50);

          await page.evaluate(() =>
            Promise.all(
              Array.from(
                document.querySelectorAll<HTMLLinkElement>("link[data-deferred-style]"),
                (link) =>
                  new Promise<void>((resolve) => {
                    const apply = () => {
                      link.media = "all";
                      resolve();
                    };
                    if (link.sheet) apply();
                    else link.addEventListener("load", apply, { once: true });
                  }),
              ),
            ),
          );
          const after = await snapshot(page);
          // Then without the inlined copy, which the app takes out once the whole stylesheet applies.
          await page.evaluate(() => document.querySelector("head > style[data-critical]")?.remove());
          const alone = await snapshot(page);

          const differences = (other: Snapshot, label: string) =>
            before.flatMap((entry, i) =>
              Object.keys(entry.style)
                .filter((property) => entry.style[property] !== other[i]?.style[property])
                .map(
                  (property) => `${label}: ${entry.element} ${property}: ${entry.style[property]} → ${other[i]?.style[property]}`,
                ),
            );
          expect([...differences(after, "both"), ...differences(alone, "whole stylesheet alone")]).toEqual([]);
        },
      );
    });
  }
});

test("the whole stylesheet does not block the first paint and applies before the app hydrates", async ({ page }) => {
  await page.goto("/store");
  await expect(page.locator("link[data-deferred-style]").first()).toHaveAttribute("media", "all");
  // The inlined copy of its rules is taken out then: kept, every restyle would match them twice.
  await expect(page.locator("head > style[data-critical]")).toHaveCount(0);
  // The noscript fallback keeps the page styled for visitors without scripts.
  const fallback = await page.locator("head noscript").innerHTML();
  expect(fallback).toMatch(/<link rel="stylesheet"[^>]+href="\/assets\/index-[\w-]+\.css"/);
  // Hydrated: the filters read the address once the page is live.
  await page.goto("/store?category=Fans");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Fans");
});

test("the back office shell keeps its stylesheet blocking (it has no markup to paint early)", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.locator("link[data-deferred-style]")).toHaveCount(0);
  await expect(page.locator('link[rel="stylesheet"][href^="/assets/index-"]')).toHaveCount(1);
});

test.describe("a whole stylesheet that fails to load", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("leaves the inlined CSS in place, and the page still starts", async ({ page }) => {
    await page.route(/\/assets\/index-[\w-]+\.css$/, (route) => route.abort());
    await page.goto("/store?category=Fans");
    // Hydrated all the same: the filters read the address once the page is live.
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Fans");
    await expect(page.locator("head > style[data-critical]")).toHaveCount(1);
  });
});
