import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../schema/london-time";
import { TESTIMONIALS_ELEMENT_ID } from "../schema/testimonials";
import { forgetPublishedTestimonials } from "../worker/services/testimonials/published";
import { admin, teamHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

// Testimonials (issue 49 item 5): what the site says customers said is what the owner entered, with
// its source, date and the customer's consent, and the home page as served holds exactly the
// published ones with consent, or no section at all.

const consented = {
  source: "Google review",
  givenOn: "2026-03-02",
  consentOn: "2026-03-05",
  consentMethod: "email",
  isPublished: true,
};

async function add(fields: Record<string, unknown>) {
  const { status, body } = await admin("POST", "/api/admin/testimonials", { ...consented, ...fields });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: number; isShown: boolean; updatedAt: string };
}

/**
 * A built home page as React renders the section (frontend/components/home/testimonials.tsx): the
 * build's placeholder item inside the marked list, and the JSON-LD the build wrote.
 */
const builtHome = `<!doctype html><html lang="en"><head><title>Home</title>
<script type="application/ld+json">{"old":true}</script></head><body>
<section class="section" aria-labelledby="testimonials-title" data-testimonials=""><div class="container">
<h2 id="testimonials-title">What our customers say</h2>
<ul class="testimonials" data-testimonials-list=""><li class="card testimonial"><figure><blockquote><p>A customer's words, as they gave them.</p></blockquote></figure></li></ul>
</div></section><section aria-labelledby="coverage-title"><h2 id="coverage-title">Coverage</h2></section>
</body></html>`;

async function home(path = "/") {
  const assets = {
    fetch: async () => new Response(builtHome, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"built-t"' } }),
  } as unknown as Fetcher;
  const res = await callApp(path, { env: { ASSETS: assets } });
  expect(res.status).toBe(200);
  return res.text();
}

const shownIn = (html: string) => {
  const json = new RegExp(`<script type="application/json" id="${TESTIMONIALS_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as { shownName: string; words: string }[]);
};
const itemsIn = (html: string) => html.match(/<li class="card testimonial">/g)?.length ?? 0;

afterEach(async () => {
  await query("DELETE FROM testimonials");
  await forgetPublishedTestimonials();
});

describe("the owner's testimonials", () => {
  it("are added with their source, date and consent, listed newest given first, changed and deleted", async () => {
    const older = await add({ words: "Fixed our boiler on a Sunday.", shownName: "Sarah, Stockport", givenOn: "2026-01-10" });
    const newer = await add({
      words: "Clear advice, no hard sell.",
      shownName: "James, Sale",
      sourceUrl: "https://g.page/r/abc/review",
      consentOn: null,
      consentMethod: null,
      isPublished: false,
    });
    expect(older).toMatchObject({ isShown: true, consentMethod: "email", consentOn: "2026-03-05", sourceUrl: null });
    expect(newer).toMatchObject({ isShown: false, isPublished: false, consentOn: null });

    const list = await admin("GET", "/api/admin/testimonials");
    expect(list.status).toBe(200);
    expect(list.res.headers.get("X-Total-Count")).toBe("2");
    expect(list.body.map((t: { shownName: string }) => t.shownName)).toEqual(["James, Sale", "Sarah, Stockport"]);
    const found = await admin("GET", "/api/admin/testimonials?q=Stockport");
    expect(found.body.map((t: { id: number }) => t.id)).toEqual([older.id]);

    const unpublished = await admin("PATCH", `/api/admin/testimonials/${older.id}`, { isPublished: false });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body).toMatchObject({ isPublished: false, isShown: false, words: "Fixed our boiler on a Sunday." });

    expect((await admin("DELETE", `/api/admin/testimonials/${older.id}`)).status).toBe(200);
    expect((await admin("DELETE", `/api/admin/testimonials/${older.id}`)).status).toBe(404);
    expect((await admin("PATCH", `/api/admin/testimonials/${older.id}`, { isPublished: false })).status).toBe(404);
    expect(await query("SELECT id FROM testimonials")).toEqual([{ id: newer.id }]);
  });

  it("refuses one published without the customer's consent, half a consent, a date to come or a link that is not https", async () => {
    const refused = async (fields: Record<string, unknown>, path: string) => {
      const { status, body } = await admin("POST", "/api/admin/testimonials", {
        words: "Great job",
        shownName: "Priya, Altrincham",
        ...consented,
        ...fields,
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", requestId: expect.any(String) });
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
      return body.details.find((d: { path: string }) => d.path === path).message as string;
    };
    expect(await refused({ consentOn: null, consentMethod: null }, "isPublished")).toBe(
      "Only a testimonial the customer agreed to publish can be shown on the site",
    );
    expect(await refused({ consentMethod: "" }, "consentMethod")).toBe("Record both when and how the customer agreed");
    expect(await refused({ givenOn: addDays(londonToday(), 3) }, "givenOn")).toBe("The date given cannot be in the future");
    expect(await refused({ sourceUrl: "javascript:alert(1)" }, "sourceUrl")).toBe("Please enter an https:// address");
    expect(await refused({ shownName: "  " }, "shownName")).toMatch(/^Please enter the name to show/);
    expect(await refused({ customerEmail: "not an address" }, "customerEmail")).toBe("Please enter a valid email address");

    // The rule holds for a change too: a published one keeps its consent.
    const shown = await add({ words: "Great job", shownName: "Priya, Altrincham" });
    const cleared = await admin("PATCH", `/api/admin/testimonials/${shown.id}`, { consentOn: null, consentMethod: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.details[0]).toMatchObject({ path: "isPublished" });
    expect(await query("SELECT consent_on FROM testimonials WHERE id = ?1", shown.id)).toEqual([{ consent_on: "2026-03-05" }]);
  });

  it("are the owner's alone", async () => {
    const { headers } = await teamHeaders("office");
    expect((await callAppJson("/api/admin/testimonials", { headers })).status).toBe(403);
    expect((await callApp("/api/admin/testimonials")).status).toBe(401);
  });
});

describe("the home page as served", () => {
  it("holds exactly the published testimonials with consent, newest given first, with their source and date", async () => {
    await add({ words: "Sorted our heating the same day.", shownName: "Sarah, Stockport", givenOn: "2026-02-01" });
    await add({
      words: "Fitted a new combi <quickly> & tidily.",
      shownName: "James, Sale",
      givenOn: "2026-04-12",
      sourceUrl: "https://g.page/r/abc/review",
    });
    await add({ words: "Not published yet.", shownName: "Ann, Bury", isPublished: false });
    await add({
      words: "No consent recorded.",
      shownName: "Tom, Bolton",
      isPublished: false,
      consentOn: null,
      consentMethod: null,
    });
    // Published without consent, as no write through the API can leave it: still never shown.
    await query(
      "INSERT INTO testimonials (words, shown_name, source, given_on, is_published) VALUES ('Written in by hand.', 'Zed, Wigan', 'Google review', '2026-05-01', 1)",
    );
    await forgetPublishedTestimonials();

    const html = await home();
    expect(shownIn(html)?.map((t) => t.shownName)).toEqual(["James, Sale", "Sarah, Stockport"]);
    expect(itemsIn(html)).toBe(2);
    expect(html).toContain("<p>Fitted a new combi &lt;quickly&gt; &amp; tidily.</p>");
    expect(html).toContain('<a href="https://g.page/r/abc/review" rel="nofollow noopener" target="_blank">Google review</a>');
    expect(html).toContain('<time datetime="2026-04-12">12 April 2026</time>');
    expect(html).toContain("Sorted our heating the same day.");
    for (const hidden of ["Not published yet.", "No consent recorded.", "Written in by hand.", "A customer's words"]) {
      expect(html).not.toContain(hidden);
    }
    // No rating is claimed anywhere, in the page or its JSON-LD.
    expect(html).not.toMatch(/aggregateRating|reviewRating|ratingValue/);
  });

  it("has no testimonials section, and claims nothing, when none is published", async () => {
    await add({ words: "Not yet.", shownName: "Ann, Bury", isPublished: false });
    const html = await home();
    expect(html).not.toContain("data-testimonials");
    expect(html).not.toContain("What our customers say");
    expect(html).toContain("Coverage");
    expect(shownIn(html)).toEqual([]);
  });

  it("shows a change on the next request: published, unpublished, deleted", async () => {
    const t = await add({ words: "Quick and clean.", shownName: "Lee, Salford", isPublished: false });
    expect(itemsIn(await home())).toBe(0);
    await admin("PATCH", `/api/admin/testimonials/${t.id}`, { isPublished: true });
    expect(shownIn(await home())?.map((x) => x.words)).toEqual(["Quick and clean."]);
    await admin("PATCH", `/api/admin/testimonials/${t.id}`, { isPublished: false });
    expect(itemsIn(await home())).toBe(0);
    await admin("PATCH", `/api/admin/testimonials/${t.id}`, { isPublished: true });
    expect(itemsIn(await home())).toBe(1);
    await admin("DELETE", `/api/admin/testimonials/${t.id}`);
    expect(await home()).not.toContain("Quick and clean.");
  });

  it("leaves other pages' markup alone and reads no testimonials for them", async () => {
    await add({ words: "Lovely work.", shownName: "Mo, Oldham" });
    const html = await home("/review-policy");
    expect(html).toContain("A customer's words, as they gave them.");
    expect(shownIn(html)).toBeNull();
  });

  it("takes the section out when the testimonials cannot be read", async () => {
    expectConsoleError(/testimonials unavailable/);
    await add({ words: "Lovely work.", shownName: "Mo, Oldham" });
    await forgetPublishedTestimonials();
    await query("ALTER TABLE testimonials RENAME TO testimonials_away");
    try {
      const html = await home();
      expect(html).not.toContain("data-testimonials");
      expect(html).not.toContain("Lovely work.");
    } finally {
      await query("ALTER TABLE testimonials_away RENAME TO testimonials");
    }
  });
});
