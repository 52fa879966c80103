import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultFacts, FACTS_ELEMENT_ID, phoneHref } from "../schema/facts";
import { addressLimits } from "../worker/middleware/rate-limit";
import { chatLimitKey, chatLimits } from "../worker/services/chat/limits";
import { ownerEmail } from "../worker/services/mail";
import { forgetFacts } from "../worker/services/settings/business-facts";
import { adminHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { countingD1 } from "./helpers/d1-counter";
import { addSubscriber, callAdmin, recordingQueue, sampleCampaign } from "./helpers/factories-campaigns";
import { newChatSessionId, newClientIp } from "./helpers/factories-chat";
import { callApp, callAppJson, outboxTo, query } from "./helpers/factories-commerce";

const DAY = 86_400_000;
const ukDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function patch(json: unknown) {
  return callAppJson("/api/admin/settings", { method: "PATCH", json, headers: await adminHeaders() });
}

/** A built page as React renders it: every fact in a marked place (what the real build writes). */
const builtPage = `<!doctype html><html lang="en"><head><title>Boiler Service from £75 | Northside Heating &amp; Plumbing</title>
<meta name="description" content="x" /><meta property="og:title" content="x" />
<script type="application/ld+json">{"old":true}</script></head><body>
<a href="tel:+441614960123" data-fact-href="phone" data-fact-aria="Call us on {phone}" aria-label="Call us on 0161 496 0123"><span data-fact="phone">0161 496 0123</span></a>
<p>Gas Safe <span data-fact="gasSafeNumber">000000</span></p>
<p data-offer=""><strong data-fact="offer.title">Summer Sale</strong> <span data-fact="offer.price">£75</span> until <span data-fact="offer.until">Monday 31 August</span></p>
<p>Basic <span data-fact="package.basic.price">£1,899</span>, service from <span data-fact="service.from">£75</span></p>
<svg><title>Phone</title></svg>
</body></html>`;

/** The Worker serving a page path, with the assets binding answering the built page. */
async function page(path: string, headers: Record<string, string> = {}) {
  const assets = {
    fetch: async () => new Response(builtPage, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"built-1"' } }),
  } as unknown as Fetcher;
  return callApp(path, { headers, env: { ASSETS: assets } });
}

const factsIn = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${FACTS_ELEMENT_ID}">(.*?)</script>`).exec(html)![1]!);

afterEach(async () => {
  await query("DELETE FROM settings");
  await forgetFacts();
});

describe("the owner's facts", () => {
  it("start as the defaults of schema/business.ts, for the admin only", async () => {
    expect((await callApp("/api/admin/settings")).status).toBe(401);
    const { status, body } = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    expect(status).toBe(200);
    expect(body).toEqual({ facts: defaultFacts, updatedAt: null });
  });

  it("take any group, in pounds as typed, and keep the others", async () => {
    const { status, body } = await patch({
      phone: "0161 555 0100",
      gasSafeNumber: "1234567",
      packages: {
        basic: { pricePence: "£1,799", wasPence: "2,099.00" },
        standard: { pricePence: 249900, wasPence: null },
        premium: { pricePence: "3299", wasPence: "" },
      },
    });
    expect(status).toBe(200);
    expect(body.facts).toMatchObject({
      phone: "0161 555 0100",
      gasSafeNumber: "1234567",
      email: defaultFacts.email,
      packages: {
        basic: { pricePence: 179900, wasPence: 209900 },
        standard: { wasPence: null },
        premium: { pricePence: 329900, wasPence: null },
      },
    });
    expect(body.updatedAt).toEqual(expect.any(String));
    const again = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    expect(again.body).toEqual(body);
  });

  it("refuses bad values with 400 and field details, changing nothing", async () => {
    await patch({ phone: "0161 555 0100" });
    const cases: [unknown, string, string][] = [
      [{ phone: "12345" }, "phone", "Please enter a UK phone number for the phone number, for example 0161 496 0123"],
      [{ gasSafeNumber: "12345" }, "gasSafeNumber", "A Gas Safe registration number has 6 or 7 digits"],
      [
        { service: { oneOffPence: "eighty", annualPlanPence: "85" } },
        "service.oneOffPence",
        "Please enter the one-off service price in pounds, for example 85.00",
      ],
      [
        { offers: [{ title: "Winter", pricePence: "70", startsAt: "2026-12-10", endsAt: "2026-12-01" }] },
        "offers.0.endsAt",
        "The offer must end on or after the day it starts",
      ],
      [
        { openingHours: { weekdays: { opens: "18:00", closes: "08:00" }, saturday: null, sunday: null } },
        "openingHours.weekdays.closes",
        "Closing time must be after opening time",
      ],
      [{}, "", "Nothing to change"],
    ];
    for (const [json, path, message] of cases) {
      const { status, body } = await patch(json);
      expect(status, path).toBe(400);
      expect(body.details, path).toContainEqual(expect.objectContaining({ path, message }));
    }
    const { body } = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    expect(body.facts.phone).toBe("0161 555 0100");
    expect(body.facts.gasSafeNumber).toBe(defaultFacts.gasSafeNumber);
  });

  it("keep both of two saves of different groups made at the same moment", async () => {
    const [a, b] = await Promise.all([patch({ phone: "0161 555 0101" }), patch({ email: "office@example.co.uk" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { body } = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    expect(body.facts).toMatchObject({ phone: "0161 555 0101", email: "office@example.co.uk" });
  });
});

describe("two screens saving the same settings", () => {
  const save = async (json: unknown, version: string | null) =>
    callAppJson("/api/admin/settings", {
      method: "PATCH",
      json,
      headers: { ...(await adminHeaders()), "If-Match": `"${version ?? "new"}"` },
    });

  it("answer one 200 and one 409 with the facts as they are now; the first one's offer is kept", async () => {
    const read = await callAppJson("/api/admin/settings", { headers: await adminHeaders() });
    const version = read.body.updatedAt as string | null;
    const offer = (title: string) => ({
      title,
      text: "",
      pricePence: "70",
      wasPence: null,
      startsAt: ukDay(1),
      endsAt: ukDay(30),
    });
    // Both read the same version, then both save the offers.
    const first = await save({ offers: [offer("First Offer")] }, version);
    const second = await save({ offers: [offer("Second Offer")] }, version);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "CONFLICT", current: { updatedAt: first.body.updatedAt } });
    expect(second.body.error).toContain("changed elsewhere");
    expect(second.body.current.facts.offers.map((o: { title: string }) => o.title)).toEqual(["First Offer"]);
    // Keeping theirs over the version now shown goes through.
    const again = await save({ offers: [offer("Second Offer")] }, second.body.current.updatedAt);
    expect(again.status).toBe(200);
    expect(again.body.facts.offers.map((o: { title: string }) => o.title)).toEqual(["Second Offer"]);
  });

  it("save without If-Match as before, and answer the version as an ETag", async () => {
    const saved = await patch({ phone: "0161 555 0101" });
    expect(saved.status).toBe(200);
    const read = await callApp("/api/admin/settings", { headers: await adminHeaders() });
    expect(read.headers.get("ETag")).toBe(`"${saved.body.updatedAt}"`);
  });
});

describe("pages carry the facts in their HTML", () => {
  it("fills every marked place, the title, the JSON-LD and the facts for the app, on the next request after a save", async () => {
    const before = await page("/service/boiler-service");
    expect(before.status).toBe(200);
    const etagBefore = before.headers.get("ETag");
    await before.text();

    await patch({
      phone: "0161 555 0199",
      gasSafeNumber: "765432",
      offers: [
        {
          title: "Winter Warmer",
          text: "Beat the cold",
          pricePence: "69",
          wasPence: "95",
          startsAt: ukDay(-1),
          endsAt: ukDay(10),
        },
      ],
    });
    const res = await page("/service/boiler-service");
    const html = await res.text();
    expect(html).toContain('href="tel:+441615550199"');
    expect(html).toContain('aria-label="Call us on 0161 555 0199"');
    expect(html).toContain('<span data-fact="phone">0161 555 0199</span>');
    expect(html).toContain('<span data-fact="gasSafeNumber">765432</span>');
    expect(html).toContain('<strong data-fact="offer.title">Winter Warmer</strong>');
    expect(html).toContain('<span data-fact="offer.price">£69</span>');
    expect(html).toContain('<span data-fact="service.from">£69</span>');
    expect(html).toContain("<title>Boiler Service from £69 | Northside Heating &amp; Plumbing</title>");
    // An icon's own title is not the page's.
    expect(html).toContain("<svg><title>Phone</title></svg>");
    expect(html).not.toContain('{"old":true}');
    expect(factsIn(html)).toMatchObject({ phone: "0161 555 0199", offers: [{ title: "Winter Warmer", id: "winter-warmer" }] });
    // Security headers and a fresh validator: the old copy in a browser is not reused.
    expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    expect(res.headers.get("ETag")).not.toBe(etagBefore);
    expect((await page("/service/boiler-service", { "If-None-Match": res.headers.get("ETag")! })).status).toBe(304);
  });

  it("drops an offer outside its dates from the page, its prices and the chat", async () => {
    await patch({
      offers: [{ title: "Spring Clean", text: "", pricePence: "65", wasPence: null, startsAt: ukDay(5), endsAt: ukDay(20) }],
    });
    const html = await (await page("/")).text();
    expect(html).not.toContain("data-offer");
    expect(html).not.toContain("Spring Clean");
    expect(html).toContain('<span data-fact="service.from">£80</span>');
    expect(factsIn(html).offers).toEqual([]);

    const chat = await callAppJson("/api/chat/ai-response", {
      method: "POST",
      json: { sessionId: newChatSessionId(), message: "How much is a boiler service?" },
    });
    expect(chat.body.response).toContain("£80");
    expect(chat.body.response).not.toContain("Spring Clean");

    // Its first day comes: it is everywhere.
    await query("UPDATE settings SET value = json_set(value, '$.offers[0].startsAt', ?1)", ukDay(0));
    await forgetFacts();
    expect(await (await page("/")).text()).toContain('<strong data-fact="offer.title">Spring Clean</strong>');
    const live = await callAppJson("/api/chat/ai-response", {
      method: "POST",
      json: { sessionId: newChatSessionId(), message: "How much is a boiler service?" },
    });
    expect(live.body.response).toContain("Spring Clean: a boiler service for £65");
  });

  it("costs no D1 round trip while the facts are cached, one when they are not", async () => {
    const assets = {
      fetch: async () => new Response(builtPage, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    } as unknown as Fetcher;
    const trips = async () => {
      const counter = countingD1(env.DB);
      await (await callApp("/", { env: { ASSETS: assets, DB: counter.db } })).text();
      return counter.trips.length;
    };
    expect(await trips()).toBe(1);
    expect(await trips()).toBe(0);
    expect(await trips()).toBe(0);
  });

  it("answers a filled page from memory, and a save, a new version or a new day replace it", async () => {
    let reads = 0;
    const assets = {
      fetch: async (request: Request) => {
        reads++;
        return new URL(request.url).pathname === "/"
          ? new Response(builtPage, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"built-2"' } })
          : new Response("<!doctype html><p>Not found</p>", { status: 404, headers: { "Content-Type": "text/html" } });
      },
    } as unknown as Fetcher;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await callApp(path, { env: { ASSETS: assets }, headers });
      return {
        status: res.status,
        etag: res.headers.get("ETag"),
        html: await res.text(),
        csp: res.headers.get("Content-Security-Policy"),
      };
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
      const first = await get("/");
      expect(first.html).toContain(`<span data-fact="phone">${defaultFacts.phone}</span>`);
      const again = await get("/");
      expect(again).toEqual(first);
      expect(reads).toBe(1);
      expect((await get("/", { "If-None-Match": first.etag! })).status).toBe(304);

      // A save here shows on the next request.
      await patch({ phone: "0161 555 0177" });
      expect((await get("/")).html).toContain('<span data-fact="phone">0161 555 0177</span>');
      expect(reads).toBe(2);

      // Another isolate's save (the row changes, this isolate was not told): seen once the memory window ends.
      await query(`UPDATE settings SET value = json_set(value, '$.phone', '0161 555 0188'), updated_at = '2026-11-23T12:00:01Z'`);
      await caches.default.delete("https://settings.heating-company.internal/facts");
      expect((await get("/")).html).toContain("0161 555 0177");
      vi.setSystemTime(new Date("2026-11-23T12:00:10Z"));
      expect((await get("/")).html).toContain('<span data-fact="phone">0161 555 0188</span>');
      expect(reads).toBe(3);

      // The same facts on a new UK day are filled again (offers start and end on days), with a new ETag.
      const before = await get("/");
      vi.setSystemTime(new Date("2026-11-24T12:00:00Z"));
      const nextDay = await get("/");
      expect(reads).toBe(4);
      expect(nextDay.etag).not.toBe(before.etag);

      // Unknown paths are answered but never kept.
      expect((await get("/nope")).status).toBe(404);
      expect((await get("/nope")).status).toBe(404);
      expect(reads).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it("serves the page with the defaults when the facts cannot be read", async () => {
    expectConsoleError(/facts unavailable/);
    const res = await callApp("/", {
      env: {
        ASSETS: {
          fetch: async () => new Response(builtPage, { headers: { "Content-Type": "text/html" } }),
        } as unknown as Fetcher,
        DB: {
          prepare: () => {
            throw new Error("D1 is down");
          },
        } as unknown as D1Database,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<span data-fact="phone">${defaultFacts.phone}</span>`);
  });
});

describe("e-mails use the facts", () => {
  it("puts the saved phone and Gas Safe number in every footer", async () => {
    await patch({ phone: "0161 555 0142", gasSafeNumber: "555555" });
    const email = `facts-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await callAppJson("/api/quotes", {
      method: "POST",
      json: { name: "Kim Lee", phone: "07700 900111", email, postcode: "M33 7XX", service: "boiler-repair" },
    });
    const [mail] = await outboxTo(email);
    expect(mail!.text).toContain("Phone: 0161 555 0142");
    expect(mail!.text).toContain("Gas Safe registered 555555");
  });
});

/** Fills a rate limit's current and next window, so the next request is refused. */
async function exhaust(key: string, { limit, windowSeconds }: { limit: number; windowSeconds: number }) {
  const now = Math.floor(Date.now() / 1000);
  const start = now - (now % windowSeconds);
  await Promise.all(
    [start, start + windowSeconds].map((w) =>
      query("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3)", key, w, limit),
    ),
  );
}

describe("refusals, campaigns and notifications use the facts", () => {
  it("a refused quote request and a refused chat give the saved phone number", async () => {
    await patch({ phone: "0161 555 0177" });
    const ip = newClientIp();
    await exhaust(`quote:${ip}`, addressLimits.quote);
    const enquiry = await callAppJson("/api/quotes", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: { name: "Kim Lee", phone: "07700 900111", email: "kim@example.com", postcode: "M33 7XX", service: "boiler-repair" },
    });
    expect(enquiry.status).toBe(429);
    expect(enquiry.body.error).toContain("0161 555 0177");

    await exhaust(chatLimitKey("reply", "ip", ip), chatLimits.reply.ip);
    const chat = await callAppJson("/api/chat/ai-response", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: { sessionId: newChatSessionId(), message: "Hello" },
    });
    expect(chat.status).toBe(429);
    expect(chat.body.error).toContain("0161 555 0177");
    expect(chat.body.error).not.toContain(defaultFacts.phone);
  });

  it("a campaign without a button link rings the saved phone; owner notices go to the saved e-mail", async () => {
    await patch({ phone: "0161 555 0177", email: "office@example.com" });
    const email = await addSubscriber();
    const { body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: sampleCampaign } },
      { MAIL_QUEUE: recordingQueue().queue },
    );
    const [campaign] = await query("SELECT cta_link FROM campaigns WHERE id = ?1", body.campaignId);
    expect(campaign).toEqual({ cta_link: phoneHref("0161 555 0177") });
    expect(ownerEmail({ ...env, OWNER_EMAIL: undefined })).toBe("office@example.com");
  });
});
