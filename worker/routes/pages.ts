import type { Context } from "hono";
import { defaultFacts } from "../../schema/facts";
import { londonToday } from "../../schema/london-time";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { siteUrl } from "../lib/site-url";
import { factsGeneration, readFacts } from "../services/settings/business-facts";
import { confirmKept, type KeptPage, keepPage, keptPage } from "../services/site/page-cache";
import { fillPage, pageEtag, pageHeaders } from "../services/site/pages";
import { readPublishedTestimonials, testimonialsGeneration } from "../services/testimonials/published";

/** The facts, or the defaults when D1 cannot be read: a page is always served. */
async function factsFor(c: Context<HonoEnv>) {
  try {
    return { ...(await readFacts(getDb(c.env), (write) => c.executionCtx.waitUntil(write))), ok: true };
  } catch (error) {
    console.error(
      JSON.stringify({ requestId: c.get("requestId"), path: c.req.path, page: "facts unavailable", error: String(error) }),
    );
    return { facts: defaultFacts, updatedAt: null, ok: false };
  }
}

/**
 * The home page's testimonials, or none when D1 cannot be read: the section is then left out (the
 * site claims nothing it cannot show) and the page is not kept.
 */
async function testimonialsFor(c: Context<HonoEnv>) {
  try {
    return { ...(await readPublishedTestimonials(getDb(c.env), (write) => c.executionCtx.waitUntil(write))), ok: true };
  } catch (error) {
    console.error(
      JSON.stringify({ requestId: c.get("requestId"), path: c.req.path, page: "testimonials unavailable", error: String(error) }),
    );
    return { items: [], version: "unavailable", ok: false };
  }
}

/** Only the home page shows testimonials: no other page reads them. */
const noTestimonials = Promise.resolve({ items: null, version: "", ok: true });

/** What a filled page depends on: the owner's facts and, on the home page, the testimonials shown. */
const versionOf = (updatedAt: string | null, testimonials: string) => `${updatedAt ?? "defaults"}|${testimonials}`;

const REVALIDATE = "public, max-age=0, must-revalidate";

function answerKept(c: Context<HonoEnv>, page: KeptPage): Response {
  if (c.req.header("If-None-Match") === page.etag) {
    return new Response(null, {
      status: 304,
      headers: { ETag: page.etag, "Cache-Control": REVALIDATE },
    });
  }
  return new Response(c.req.method === "HEAD" ? null : page.body, { status: 200, headers: page.headers });
}

/**
 * Every request the API does not answer: the built file from the assets and, when it is a page,
 * the owner's facts filled in (services/pages.ts). Static files (scripts, styles, images) never
 * reach the Worker (wrangler.toml run_worker_first).
 */
export async function servePage(c: Context<HonoEnv>): Promise<Response> {
  const isRead = c.req.method === "GET" || c.req.method === "HEAD";
  const path = new URL(c.req.url).pathname;
  const now = Date.now();
  const day = londonToday(now);
  const generation = factsGeneration() + testimonialsGeneration();
  const kept = isRead ? keptPage(c.env.ASSETS, path, { day, generation, now }) : null;
  if (kept?.fresh) return answerKept(c, kept.page);

  const factsPromise = factsFor(c);
  const testimonialsPromise = path === "/" && isRead ? testimonialsFor(c) : noTestimonials;
  if (kept) {
    const [{ updatedAt, ok }, testimonials] = await Promise.all([factsPromise, testimonialsPromise]);
    if (ok && testimonials.ok && versionOf(updatedAt, testimonials.version) === kept.page.version) {
      confirmKept(kept.page, now);
      return answerKept(c, kept.page);
    }
  }

  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const isPage = isRead && (asset.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!isPage) return asset;
  const [{ facts, updatedAt, ok }, testimonials] = await Promise.all([factsPromise, testimonialsPromise]);
  const version = versionOf(updatedAt, testimonials.version);
  const etag = pageEtag(asset.headers.get("ETag"), version, now);
  if (etag && asset.status === 200 && c.req.header("If-None-Match") === etag) {
    await asset.body?.cancel();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": REVALIDATE } });
  }
  const headers = pageHeaders(asset.headers, etag);
  headers.set("Cache-Control", REVALIDATE);
  const page = new Response(
    fillPage(asset.body, {
      path,
      stored: facts,
      testimonials: testimonials.items,
      siteUrl: siteUrl(c.env),
      now,
    }),
    {
      status: asset.status,
      statusText: asset.statusText,
      headers,
    },
  );
  // A page served with the defaults because D1 failed is not kept: the next request tries again.
  if (!etag || page.status !== 200 || !ok || !testimonials.ok || c.req.method !== "GET") return page;
  const body = await page.arrayBuffer();
  return answerKept(
    c,
    keepPage(c.env.ASSETS, path, { etag, version, day, generation, checkedAt: now, headers: [...page.headers], body }),
  );
}
