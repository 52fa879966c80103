import { afterEach, describe, expect, it } from "vitest";
import { FACTS_ELEMENT_ID } from "../schema/facts";
import { addDays, londonToday } from "../schema/london-time";
import { forgetFacts } from "../worker/services/settings/business-facts";
import { adminHeaders } from "./helpers/admin";
import { newChatSessionId } from "./helpers/factories-chat";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

// What the site says about reviews stays true (issue 49): the firm's rating is the owner's, entered
// with the site it is on and the day it was read, and the pages and the chat give it only then.

async function patch(json: unknown) {
  return callAppJson("/api/admin/settings", { method: "PATCH", json, headers: await adminHeaders() });
}

const googleRating = { value: "4.3", count: "1,212", source: "Google", checkedOn: addDays(londonToday(), -3), verified: false };

/**
 * The built home page's rating places as React renders them with the build's placeholder rating
 * (frontend/components/home/hero.tsx, trusted-traders.tsx; frontend/lib/facts.tsx RatingStars and
 * RatingSource), beside the Gas Safe number and the JSON-LD the build wrote.
 */
const star = (n: number) => `<svg width="18" height="18" class="stars__on" data-fact-star="${n}"><path d="m12 2z"></path></svg>`;
const builtHome = `<!doctype html><html lang="en"><head><title>Home</title>
<script type="application/ld+json">{"old":true}</script></head><body>
<section class="hero"><div class="container hero__content">
<p class="hero__rating" data-rating=""><span class="stars" role="img" aria-label="5.0 out of 5 stars" data-fact-aria="{rating.value} out of 5 stars">${[1, 2, 3, 4, 5].map(star).join("")}</span><span>Rated <span data-fact="rating.value">5.0</span>/5 from <span data-fact="rating.reviews">1 verified review</span> on <a href="https://www.google.com/" data-fact-href="reviewUrl" rel="noopener" target="_blank"><span data-fact="rating.source">a review site</span></a></span></p>
<h1 id="hero-title" class="hero__title">Manchester's trusted engineers</h1></div></section>
<section class="trusted"><h2 id="trusted-title">Vetted<span data-rating="">, reviewed</span> and trusted by Manchester homeowners</h2><p>Every job is backed by <span data-rating="">real customer reviews: <span data-fact="rating.value">5.0</span> out of 5 from <span data-fact="rating.reviews">1 verified review</span> on <a href="https://www.google.com/" data-fact-href="reviewUrl" rel="noopener" target="_blank"><span data-fact="rating.source">a review site</span></a>, </span>Gas Safe registration and full public liability insurance.</p>
<p class="trusted__rating" data-rating=""><span class="stars">${star(1)}</span><strong><span data-fact="rating.value">5.0</span>/5</strong></p></section>
<dl><div class="stats-strip__item"><dt>Registered No. <span data-fact="gasSafeNumber">000000</span></dt><dd>Gas Safe</dd></div></dl>
</body></html>`;

async function home() {
  const assets = {
    fetch: async () => new Response(builtHome, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"built-r"' } }),
  } as unknown as Fetcher;
  const res = await callApp("/", { env: { ASSETS: assets } });
  expect(res.status).toBe(200);
  return res.text();
}

const factsIn = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${FACTS_ELEMENT_ID}">(.*?)</script>`).exec(html)![1]!);
const jsonLdIn = (html: string) => /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
/** The page as shown: without its scripts (the facts' JSON names `reviewUrl` and `verified` as keys). */
const shown = (html: string) => html.replace(/<script\b[^>]*>.*?<\/script>/gs, "").replace(/<!-- -->/g, "");
const litStars = (html: string) => [...html.matchAll(/class="(stars__on|stars__off)" data-fact-star="(\d)"/g)].map((m) => m[1]);

async function chatAbout(message: string) {
  const { body } = await callAppJson("/api/chat/ai-response", {
    method: "POST",
    json: { sessionId: newChatSessionId(), message },
  });
  return body.response as string;
}

afterEach(async () => {
  await query("DELETE FROM settings");
  await forgetFacts();
});

describe("the firm's rating", () => {
  it("is the owner's, checked: from 1 to 5 in tenths, a whole number of reviews, a named site, a day that has come", async () => {
    const saved = await patch({ rating: googleRating });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.facts.rating).toEqual({ ...googleRating, value: 4.3, count: 1212 });

    const cases: [unknown, string, string][] = [
      [{ ...googleRating, value: "6" }, "rating.value", "The rating is from 1 to 5 with one decimal, for example 4.9"],
      [{ ...googleRating, value: "4.95" }, "rating.value", "The rating is from 1 to 5 with one decimal, for example 4.9"],
      [{ ...googleRating, value: "" }, "rating.value", "The rating is from 1 to 5 with one decimal, for example 4.9"],
      [{ ...googleRating, count: "0" }, "rating.count", "Please enter how many reviews there are, a whole number"],
      [{ ...googleRating, count: "200+" }, "rating.count", "Please enter how many reviews there are, a whole number"],
      [{ ...googleRating, source: " " }, "rating.source", "Please name the review site, for example Google"],
      [{ ...googleRating, checkedOn: addDays(londonToday(), 1) }, "rating.checkedOn", "That day has not come yet"],
    ];
    for (const [rating, path, message] of cases) {
      const { status, body } = await patch({ rating });
      expect(status, JSON.stringify(rating)).toBe(400);
      expect(body.details, path).toContainEqual(expect.objectContaining({ path, message }));
    }
    const { body } = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    expect(body.facts.rating.value).toBe(4.3);

    const cleared = await patch({ rating: null });
    expect(cleared.body.facts.rating).toBeNull();
  });

  it("is claimed nowhere until the owner enters it: no rating line, no stars, no reviews, no rating in the JSON-LD or the chat", async () => {
    const html = await home();
    expect(html).not.toContain("data-rating");
    expect(html).not.toContain("stars");
    expect(shown(html)).not.toMatch(/review/i);
    expect(shown(html)).toContain("Every job is backed by Gas Safe registration and full public liability insurance.");
    // A place inside a sentence leaves React's separator: the words either side hydrate as the two text nodes they are.
    expect(html).toContain('<h2 id="trusted-title">Vetted<!-- --> and trusted by Manchester homeowners</h2>');
    expect(html).toContain('<h1 id="hero-title"');
    expect(factsIn(html).rating).toBeNull();
    expect(jsonLdIn(html)).not.toMatch(/aggregateRating|reviewRating|ratingValue|review/i);
    expect(await chatAbout("Do you have good reviews?")).not.toMatch(/rated|out of 5|reviews/i);
  });

  it("is shown as entered, naming and linking the site, its stars lit for it, and in the chat with its date; never in the JSON-LD", async () => {
    await patch({ rating: googleRating, reviewUrl: "https://g.page/r/northside/review" });
    const html = await home();
    const source =
      '<a href="https://g.page/r/northside/review" data-fact-href="reviewUrl" rel="noopener" target="_blank"><span data-fact="rating.source">Google</span></a>';
    expect(html).toContain(
      `Rated <span data-fact="rating.value">4.3</span>/5 from <span data-fact="rating.reviews">1,212 reviews</span> on ${source}`,
    );
    expect(html).toContain(
      `real customer reviews: <span data-fact="rating.value">4.3</span> out of 5 from <span data-fact="rating.reviews">1,212 reviews</span> on ${source}, </span>Gas Safe`,
    );
    expect(html).toContain('Vetted<span data-rating="">, reviewed</span> and trusted');
    // Google does not check its reviewers were customers: not "verified".
    expect(shown(html)).not.toContain("verified");
    expect(html).toContain('aria-label="4.3 out of 5 stars"');
    expect(litStars(html)).toEqual(["stars__on", "stars__on", "stars__on", "stars__on", "stars__off", "stars__on"]);
    expect(factsIn(html).rating).toEqual({ ...googleRating, value: 4.3, count: 1212 });
    expect(jsonLdIn(html)).not.toMatch(/aggregateRating|reviewRating|ratingValue/);

    const [day, month, year] = [
      googleRating.checkedOn.slice(8).replace(/^0/, ""),
      googleRating.checkedOn.slice(5, 7),
      googleRating.checkedOn.slice(0, 4),
    ];
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    expect(await chatAbout("Do you have good reviews?")).toContain(
      `It is rated 4.3 out of 5 from 1,212 reviews on Google (as of ${day} ${months[Number(month) - 1]} ${year}).`,
    );
  });

  it('says "verified" only for a site that checks its reviewers, and names the site unlinked without a reviews page', async () => {
    await patch({ rating: { ...googleRating, value: 4.9, count: 1, source: "Checkatrade", verified: true } });
    const html = await home();
    expect(html).toContain(
      'from <span data-fact="rating.reviews">1 verified review</span> on <span data-fact="rating.source">Checkatrade</span></span>',
    );
    expect(html).not.toContain("data-fact-href");
    expect(html).not.toContain("google.com");
    expect(litStars(html)).toEqual(["stars__on", "stars__on", "stars__on", "stars__on", "stars__on", "stars__on"]);
  });
});
