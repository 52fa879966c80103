import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Waits until the animations running now have ended, for a second at most. Axe reads colours as they
 * are painted, so a dialog still fading in measures its button's white text as low contrast (seen
 * once in CI on the store's product dialog). Endless animations (spinners) are not waited for, and
 * the bound keeps a long or paused one (a toast's progress bar) from holding the test.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        (globalThis as unknown as { document: { getAnimations(): Animation[] } }).document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
}

type Animation = { effect: { getComputedTiming(): { endTime?: number | string } } | null; finished: Promise<unknown> };

/** Serious and critical WCAG 2.x A/AA problems found by axe-core on the page once it is still. */
export async function seriousViolations(page: Page, exclude?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Every image in the page has loaded and has pixels: a screenshot shows the page as a visitor sees
 * it, and a missing or broken image fails the test instead of going unnoticed in a picture.
 */
export async function expectImagesLoaded(page: Page) {
  await page.waitForFunction(
    () => {
      const images = [
        ...(globalThis as unknown as { document: { images: Iterable<{ complete: boolean; loading: string }> } }).document.images,
      ];
      return images.every((img) => img.complete || img.loading === "lazy");
    },
    undefined,
    { timeout: 10_000 },
  );
  const broken = await page.evaluate(() =>
    [
      ...(
        globalThis as unknown as {
          document: { images: Iterable<{ complete: boolean; naturalWidth: number; currentSrc: string }> };
        }
      ).document.images,
    ]
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc),
  );
  if (broken.length) throw new Error(`Images that did not load: ${broken.join(", ")}`);
}
