import { company, coverageAreas, coverageTiers, openingHours, stats } from "../schema/business";
import { changeFacts, liveOffer } from "./facts-helpers";
import { checkEach, expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
});

test.describe("landing page", () => {
  test("hero: headline, owner, badges, Call Now and Shop Now", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("#home");
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Manchester's trusted boiler & plumbing engineers");
    await expect(hero).toContainText(`Hi, I'm ${company.ownerName}`);
    await expect(hero.getByText(`Gas Safe Registered No. ${company.gasSafeNumber}`)).toBeVisible();
    await expect(hero.getByText(`${company.yearsExperience} Years Experience`)).toBeVisible();
    await expect(hero.getByRole("link", { name: /Call Now/ })).toHaveAttribute("href", company.phoneHref);
    await hero.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL("/store");
  });

  test("hero image shows once loaded and fades in", async ({ page }) => {
    await page.goto("/");
    const media = page.locator(".hero-media");
    await expect(media).toHaveAttribute("data-status", /pending|loaded/);
    await expect(media.locator("img")).toBeVisible();
    await expect(media).toHaveAttribute("data-status", "loaded");
    // The placeholder over the image has faded out.
    await expect(media.locator(".hero-media__placeholder")).toHaveCSS("opacity", "0");
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test("hero shows the pulsing placeholder while the image loads and no image if it fails", async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/images/site/hero.svg", async (route) => {
        await held;
        await route.fulfill({ status: 404, body: "" });
      });
      await page.goto("/", { waitUntil: "commit" });
      const media = page.locator(".hero-media");
      await expect(media).toHaveAttribute("data-status", "loading");
      // The pulsing placeholder covers the (not yet loaded) image.
      await expect(media.locator(".hero-media__placeholder")).toHaveCSS("opacity", "1");
      release();
      await expect(media).toHaveAttribute("data-status", "failed");
      await expect(media.locator("img")).toHaveCount(0);
    });
  });

  // The sections that only show what the page holds are read from one load of the page, each its
  // own step; a failing one is named without stopping the others.
  test("the statistics, reasons, testimonials, coverage map and quote section show what they should", async ({ page }) => {
    await page.goto("/");
    const sections: { name: string; check: () => Promise<void> }[] = [
      {
        name: "statistics strip shows the company's figures",
        check: async () => {
          const strip = page.getByRole("region", { name: "Why customers trust us" });
          for (const stat of stats) {
            await expect(strip.getByText(stat.value, { exact: true })).toBeVisible();
            await expect(strip.getByText(stat.label)).toBeVisible();
          }
        },
      },
      {
        name: "why choose us lists the four reasons",
        check: async () => {
          const section = page.getByRole("region", { name: "The local engineers people recommend" });
          for (const title of ["Qualified & Insured", "Fast Response", "Transparent Pricing", "Quality Workmanship"]) {
            await expect(section.getByRole("heading", { name: title })).toBeVisible();
          }
          await expect(section).toContainText("no call-out charges");
          await expect(section).toContainText("Free quotes");
        },
      },
      {
        // The owner's own, published with consent (e2e/testimonials.spec.ts); none here, so no section and no claim.
        name: "no testimonials section while none is published",
        check: async () => {
          await expect(page.getByRole("region", { name: "What our customers say" })).toHaveCount(0);
          await expect(page.locator("[data-testimonials]")).toHaveCount(0);
        },
      },
      {
        name: "coverage map colours every borough by its tier, with a legend",
        check: async () => {
          const map = page.getByRole("img", { name: /Map of Greater Manchester boroughs/ });
          await expect(map).toBeVisible();
          const tierClass = { "same-day": "tier-same-day", "next-day": "tier-next-day", limited: "tier-limited" } as const;
          const tierFill = { "same-day": "rgb(255, 140, 58)", "next-day": "rgb(127, 178, 229)", limited: "rgb(207, 214, 223)" };
          for (const tier of coverageTiers) {
            const legend = page.getByRole("list", { name: "Map legend" }).getByRole("listitem").filter({ hasText: tier.label });
            await expect(legend).toContainText(tier.areas.join(", "));
            const areas = map.locator(`g.${tierClass[tier.tier]}`);
            await expect(areas).toHaveCount(tier.areas.length);
            for (const polygon of await areas.locator("polygon").all())
              await expect(polygon).toHaveCSS("fill", tierFill[tier.tier]);
            await expect(legend.locator(".coverage-legend__swatch")).toHaveCSS("background-color", tierFill[tier.tier]);
          }
          await expect(map.locator("text", { hasText: "Wigan" })).toHaveCount(1);
        },
      },
      {
        name: "quote section lists the coverage areas beside the form",
        check: async () => {
          const quote = page.locator("#quote");
          for (const area of coverageAreas) await expect(quote.getByText(area, { exact: true })).toBeVisible();
          await expect(quote.getByRole("form", { name: "Request your free quote" })).toBeVisible();
        },
      },
    ];
    await checkEach(
      sections,
      (section) => section.name,
      (section) => section.check(),
    );
  });

  test("service cards are tagged and lead to their pages", async ({ page, request }) => {
    const restore = await changeFacts(request, { offers: [liveOffer] });
    try {
      await page.goto("/");
    } finally {
      await restore();
    }
    const services = page.locator("#services");
    const boiler = services.getByRole("article").filter({ hasText: "Boiler Service" });
    const plumber = services.getByRole("article").filter({ hasText: "Plumber Services" });
    await expect(boiler.getByText("Summer Sale")).toBeVisible();
    await expect(boiler).toContainText("From £75");
    await expect(plumber.getByText("Save 25%")).toBeVisible();
    await expect(plumber.getByRole("link", { name: /plumbing services/ })).toHaveAttribute("href", "/service/plumbing");
    await boiler.getByRole("link", { name: /Book a boiler service/ }).click();
    await expect(page).toHaveURL("/service/boiler-service");
  });

  test("trusted traders block leads to new boiler prices", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get your new boiler" }).click();
    await expect(page).toHaveURL("/boiler-pricing");
  });

  test(`at 390 and 1280 px every borough's name is whole and on top of the shapes ("Manchester" was clipped)`, async ({
    page,
  }) => {
    await checkEach(
      [390, 1280],
      (width) => `at ${width} px`,
      async (width) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/");
        const map = page.getByRole("img", { name: /Map of Greater Manchester boroughs/ });
        await map.scrollIntoViewIfNeeded();
        await expect(map).toBeInViewport({ ratio: 1 });
        // Measured in one frame, so a scroll still settling cannot move the map between two readings.
        const labels = await map.evaluate((svg) => {
          const frame = svg.getBoundingClientRect();
          const doc = svg.ownerDocument;
          return Array.from(svg.querySelectorAll(".coverage-map__labels text"), (text) => {
            const box = text.getBoundingClientRect();
            // Both ends and the middle of the name: a neighbour drawn later covered the ends of "Manchester".
            const hits = [0.04, 0.5, 0.96].map((at) => doc.elementFromPoint(box.x + box.width * at, box.y + box.height / 2));
            return {
              name: text.textContent ?? "",
              inside: box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom,
              onTop: hits.every((hit) => hit === text),
            };
          });
        });
        expect(labels.map((l) => l.name)).toContain("Manchester");
        expect(labels).toHaveLength(coverageTiers.flatMap((t) => t.areas).length);
        for (const label of labels) expect(label, label.name).toEqual({ name: label.name, inside: true, onTop: true });
      },
    );
  });

  test("contact block: address, phone, email, hours, map on request and the emergency banner", async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
    );
    await page.goto("/");
    const contact = page.locator("#contact");
    await expect(contact.getByText(company.address.street).first()).toBeVisible();
    await expect(contact.getByRole("link", { name: company.phone })).toHaveAttribute("href", company.phoneHref);
    await expect(contact.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);
    for (const h of openingHours) await expect(contact.getByText(h.hours, { exact: true })).toBeVisible();
    await expect(contact.locator("iframe")).toHaveCount(0);
    await contact.getByRole("button", { name: "Show map" }).click();
    await expect(contact.locator("iframe")).toHaveAttribute("src", /openstreetmap\.org\/export\/embed/);
    const banner = contact.getByRole("complementary", { name: "Heating or plumbing emergency?" });
    await expect(banner.getByRole("link", { name: company.emergencyPhone })).toHaveAttribute("href", company.emergencyPhoneHref);
  });
});

test.describe("recent-work gallery", () => {
  test("eight items open a full-screen viewer that the keyboard drives", async ({ page }) => {
    await page.goto("/");
    const thumbs = page.getByRole("button", { name: /^View larger:/ });
    await expect(thumbs).toHaveCount(8);

    const second = thumbs.nth(1);
    await second.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog");
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("heading")).toHaveText("System boiler and cylinder");
    await expect(viewer.getByText("2 of 8")).toBeVisible();
    // Full screen (once its opening animation ends): the whole viewport but for the scrollbar gutter.
    const { width, height } = page.viewportSize()!;
    await expect.poll(async () => (await viewer.boundingBox())!.height).toBeGreaterThan(height - 2);
    expect((await viewer.boundingBox())!.width).toBeGreaterThan(width - 20);

    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByRole("heading")).toHaveText("Bathroom refit");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByRole("heading")).toHaveText("Combi boiler installation");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByRole("heading")).toHaveText("Emergency leak repair");
    await expect(viewer.getByRole("img", { name: "Emergency leak repair" })).toBeVisible();

    // Focus stays inside the dialog however far the visitor tabs.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expect(viewer.locator(":focus")).toHaveCount(1);
    }
    await viewer.getByRole("button", { name: "Next image" }).click();
    await expect(viewer.getByRole("heading")).toHaveText("Combi boiler installation");

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(second).toBeFocused();
  });
});

test.describe("touch", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the gallery viewer follows swipes and tells touch users so", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "View larger: Combi boiler installation" }).click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByText("Swipe left or right to browse")).toBeVisible();
    await expect(viewer.getByText("Use the arrow keys")).toBeHidden();
    const title = await viewer.getByRole("heading").textContent();
    const stage = viewer.locator(".viewer__stage");
    const box = (await stage.boundingBox())!;
    // A real finger on the screen, through the browser's input layer.
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      const y = box.y + box.height / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (const f of [0.33, 0.66, 1])
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: fromX + (toX - fromX) * f, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect(viewer.getByRole("heading")).not.toHaveText(title!);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect(viewer.getByRole("heading")).toHaveText(title!);
  });
});

test("the chat button never covers the hero's Call Now button at 390 or 1280 px, wherever the page is scrolled", async ({
  page,
}) => {
  await checkEach(
    [390, 1280],
    (width) => `at ${width} px`,
    async (width) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto("/");
      const call = page.locator("#home").getByRole("link", { name: /Call Now/ });
      const launcher = page.getByRole("button", { name: "Chat with us" });
      const overlaps = async () => {
        const a = (await call.boundingBox())!;
        const b = (await launcher.boundingBox())!;
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      expect(await overlaps()).toBe(false);
      // The button's row level with the chat button: still side by side, not one under the other.
      const launcherBox = (await launcher.boundingBox())!;
      const callBox = (await call.boundingBox())!;
      await page.evaluate(`window.scrollBy(0, ${callBox.y - launcherBox.y})`);
      expect(await overlaps()).toBe(false);
      await page.screenshot({ path: `test-results/helper-facts/hero-chat-${width}.png` });
    },
  );
});
