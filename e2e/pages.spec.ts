import type { Page } from "@playwright/test";
import { boilerPackages, boilerService, company, plumbingPriceBands, repairPriceBands } from "../schema/business";
import { FACTS_ELEMENT_ID, fillFacts, type Offer, offerEndText } from "../schema/facts";
import { formatPounds, saving } from "../schema/format";
import { publicRoutes } from "../schema/routes";
import { animationsSettled, expectImagesLoaded } from "./axe";
import { changeFacts, liveOffer } from "./facts-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

/** Every call-to-action of a price page dials the company. */
async function expectCallButtons(page: Page, minimum: number) {
  const calls = page.locator("main").getByRole("link", { name: /call/i });
  expect(await calls.count()).toBeGreaterThanOrEqual(minimum);
  for (const link of await calls.all()) await expect(link).toHaveAttribute("href", /^tel:\+44/);
}

test.describe("price pages", () => {
  test("/boiler-pricing: three packages with was-prices, savings and warranties", async ({ page }) => {
    await page.goto("/boiler-pricing");
    const cards = page.locator(".package");
    await expect(cards).toHaveCount(3);
    for (const [i, pkg] of boilerPackages.entries()) {
      const card = cards.nth(i);
      const save = saving(pkg.wasPence, pkg.pricePence);
      await expect(card.getByRole("heading")).toHaveText(pkg.name);
      await expect(card).toContainText(formatPounds(pkg.pricePence));
      await expect(card).toContainText(`Was ${formatPounds(pkg.wasPence)}`);
      await expect(card).toContainText(`Save ${save.amount} (${save.percent}%)`);
      await expect(card).toContainText(`${pkg.warrantyYears} years manufacturer warranty`);
      await expect(card).toContainText(`${pkg.workmanshipYears} year`);
      await expect(card.getByText("Most Popular")).toHaveCount(pkg.popular ? 1 : 0);
      await expect(card.getByRole("link", { name: `Call to book ${pkg.name}` })).toHaveAttribute("href", company.phoneHref);
    }
    await expect(cards.nth(0)).toContainText("Save £300 (14%)");
    await expectCallButtons(page, 4);
  });

  test("/service/boiler-service: the live offer's banner, checklist, prices and online booking", async ({ page, request }) => {
    const restore = await changeFacts(request, { offers: [liveOffer] });
    try {
      await page.goto("/service/boiler-service");
      await expect(page.locator(".sale-banner")).toContainText(
        `Summer Sale: boiler service £75 (normally £100, save 25%) until ${offerEndText(liveOffer as Offer)}`,
      );
      await expect(page.getByRole("region", { name: "Our boiler service checklist" }).getByRole("listitem")).toHaveCount(8);
      const offers = page.locator(".offer");
      await expect(offers.filter({ hasText: "Boiler Service Offer" })).toContainText("£75");
      await expect(offers.filter({ hasText: "One-off Service" })).toContainText(formatPounds(boilerService.oneOffPence));
      await expect(offers.filter({ hasText: "Annual Plan" })).toContainText(formatPounds(boilerService.annualPlanPence));
      await expect(page.getByRole("main").getByRole("link", { name: "Book online" }).first()).toHaveAttribute(
        "href",
        "/book?service=annual-service",
      );
      await expectCallButtons(page, 3);
    } finally {
      await restore();
    }
  });

  test("/service/plumbing: services, price bands and call buttons", async ({ page }) => {
    await page.goto("/service/plumbing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local plumbers you can trust");
    await expect(page.locator(".service-list__item")).toHaveCount(6);
    for (const band of plumbingPriceBands) {
      await expect(page.locator(".price-band").filter({ hasText: band.label })).toContainText(band.range);
    }
    await expect(page.getByRole("link", { name: "Emergency? Call now" })).toHaveAttribute("href", company.emergencyPhoneHref);
    await expectCallButtons(page, 4);
  });

  test("/service/repairs: services, price bands and call buttons", async ({ page }) => {
    await page.goto("/service/repairs");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("home repairs");
    for (const band of repairPriceBands) {
      await expect(page.locator(".price-band").filter({ hasText: band.label })).toContainText(band.range);
    }
    await expectCallButtons(page, 4);
  });

  test("/service/gas-electricity: fixed, green and variable tariffs, each by phone", async ({ page }) => {
    await page.goto("/service/gas-electricity");
    const tariffs = page.locator(".tariff");
    await expect(tariffs.getByRole("heading")).toHaveText(["Fixed Tariff", "Green Tariff", "Variable Tariff"]);
    for (const tariff of await tariffs.all()) {
      await expect(tariff.getByRole("link", { name: /^Call about/ })).toHaveAttribute("href", company.phoneHref);
    }
  });
});

test.describe("prerendered HTML", () => {
  const content: Record<string, string> = {
    "/": "Manchester&#x27;s trusted",
    "/boiler-pricing": "Choose your boiler package",
    "/service/boiler-service": "Our boiler service checklist",
    "/service/plumbing": "Local plumbers you can trust",
    "/service/repairs": "Reliable home repairs",
    "/service/gas-electricity": "Compare tariff types",
  };

  for (const [path, text] of Object.entries(content)) {
    test(`${path} arrives with its content, title, description, canonical URL and Open Graph tags`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const route = publicRoutes.find((r) => r.path === path)!;
      // The title carries today's facts, as embedded for hydration.
      const facts = JSON.parse(html.match(new RegExp(`id="${FACTS_ELEMENT_ID}">([^<]*)<`))?.[1] ?? "null");
      const title = fillFacts(route.title, facts);
      expect(html).toContain(text);
      expect(html).toContain("<header");
      expect(html).toContain("<footer");
      expect(html).toMatch(new RegExp(`<title>${title.replace(/&/g, "&amp;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
      expect(html).toContain(`<meta name="description" content="${route.description.replace(/&/g, "&amp;")}"`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === "/" ? "/" : path}"`));
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        expect(html, property).toContain(`<meta property="${property}"`);
      }
      expect(html).toContain('<meta name="robots" content="index, follow"');
      // The first paint waits for the main content (an element that exists, or it would wait for
      // the whole document).
      expect(html).toMatch(/<link rel="expect" href="#main" blocking="render"\s*\/?>/);
      expect(html.indexOf('<main id="main"')).toBeGreaterThan(html.indexOf('rel="expect"'));
      // The page's own code loads with the HTML, so hydration waits for no extra round trip; at low
      // priority, after the HTML, its inlined CSS and the hero image.
      expect(html).toMatch(
        new RegExp(`<script type="module" crossorigin fetchpriority="low" src="/assets/${route.page}-[\\w-]{8}\\.js">`),
      );
    });
  }

  test("every public page has its own title and description", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of publicRoutes) {
      const html = await (await request.get(route.path)).text();
      titles.add(html.match(/<title>(.*?)<\/title>/)![1]!);
      descriptions.add(html.match(/<meta name="description" content="(.*?)"/)![1]!);
    }
    expect(titles.size).toBe(publicRoutes.length);
    expect(descriptions.size).toBe(publicRoutes.length);
  });

  test("the home page carries the business as valid schema.org JSON-LD", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const block = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
    expect(block).not.toBeNull();
    const data = JSON.parse(block![1]!);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toEqual(["HVACBusiness", "Plumber"]);
    expect(data.name).toBe(company.name);
    expect(data.telephone).toBe(company.phoneHref.replace("tel:", ""));
    expect(data.address).toMatchObject({ "@type": "PostalAddress", postalCode: company.address.postcode });
    expect(data.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "08:00", closes: "16:00" }),
    );
    expect(data.areaServed.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(["Stretford", "Wigan"]));
    expect(data.priceRange).toBeTruthy();
    // No self-declared review rating: search engines treat a business's own rating markup as self-serving.
    expect(data.aggregateRating).toBeUndefined();
  });

  test("cart, payment steps and the sign-up confirmation are kept out of search results", async ({ request }) => {
    for (const path of ["/cart", "/checkout", "/payment-success", "/payment-cancelled", "/confirm-subscription"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex, follow"');
    }
  });

  test("sitemap.xml lists the indexable public pages and robots.txt keeps crawlers out of admin and API", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      publicRoutes
        .filter((r) => r.indexable !== false)
        .map((r) => r.path)
        .sort(),
    );
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });

  test("an unknown path answers 404 with the not-found page in its HTML", async ({ request }) => {
    const res = await request.get("/no/such/page");
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
  });

  test("pages carry security headers and hashed assets are cached for a year", async ({ request }) => {
    const res = await request.get("/");
    const headers = res.headers();
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    const script = (await res.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    expect((await request.get(script)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test.describe("hydration", () => {
  for (const width of [1280, 390]) {
    test(`the landing page hydrates without layout shift at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(`
        window.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      `);
      await page.goto("/", { waitUntil: "networkidle" });
      // The header's buttons answer clicks only once React has hydrated them.
      await page
        .getByRole("button", { name: /Services|Open menu/ })
        .first()
        .click();
      await expect(page.locator('[aria-expanded="true"]').first()).toBeVisible();
      await animationsSettled(page);
      // Two frames: any shift the opening caused has been laid out and reported.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate<number>("window.__cls")).toBeLessThan(0.01);
    });
  }
});

test.describe("each page as a visitor sees it: its heading, every image loaded, nothing wider than the screen", () => {
  const paths = [
    "/",
    "/boiler-pricing",
    "/service/boiler-service",
    "/service/plumbing",
    "/service/repairs",
    "/service/gas-electricity",
  ];
  for (const width of [1280, 390]) {
    test(`of the landing, pricing and service pages at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        // Lazy images load as they come into view.
        for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
          await page.evaluate((top) => scrollTo(0, top), y);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
        }
        await page.evaluate(() => scrollTo(0, 0));
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectImagesLoaded(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        const name = path === "/" ? "home" : path.slice(1).replace(/\//g, "-");
        await page.screenshot({ path: test.info().outputPath(`pub-${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
