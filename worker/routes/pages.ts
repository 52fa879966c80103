import type { Context } from "hono";
import { defaultFacts } from "../../schema/facts";
import { londonToday } from "../../schema/london-time";
import { settings } from "../../schema/settings";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { siteUrl } from "../lib/site-url";
import { factsGeneration, readFacts } from "../services/business-facts";
import { pageEtag, renderPage } from "../services/pages";

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
 * Filled-in pages kept in this isolate's memory. A built page never changes while the isolate
 * lives (a deploy starts new isolates), so what decides freshness is the facts: the copy is
 * answered without any lookup for `pageMemorySeconds`, then kept as long as the facts' version,
 * the UK day (offers start and end on days) and this isolate's saves leave it valid. Only pages
 * answered 200 are kept, and only a bounded number, so unknown paths cannot fill the memory.
 */
type KeptPage = {
  etag: string;
  updatedAt: string | null;
  day: string;
  generation: number;
  checkedAt: number;
  headers: [string, string][];
  body: ArrayBuffer;
};
const MAX_KEPT_PAGES = 64;
/** Per assets binding: tests give each app its own built files. */
const keptPages = new WeakMap<object, Map<string, KeptPage>>();

function keptFor(c: Context<HonoEnv>): Map<string, KeptPage> {
  let pages = keptPages.get(c.env.ASSETS);
  if (!pages) {
    pages = new Map();
    keptPages.set(c.env.ASSETS, pages);
  }
  return pages;
}

function answerKept(c: Context<HonoEnv>, page: KeptPage): Response {
  if (c.req.header("If-None-Match") === page.etag) {
    return new Response(null, {
      status: 304,
      headers: { ETag: page.etag, "Cache-Control": "public, max-age=0, must-revalidate" },
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
  const pages = keptFor(c);
  const kept = isRead ? pages.get(path) : undefined;
  const day = londonToday(now);
  const usable = kept && kept.day === day && kept.generation === factsGeneration();
  if (usable && now - kept.checkedAt < settings.facts.pageMemorySeconds * 1000) return answerKept(c, kept);

  const factsPromise = factsFor(c);
  if (usable) {
    const { updatedAt, ok } = await factsPromise;
    if (ok && updatedAt === kept.updatedAt) {
      kept.checkedAt = now;
      return answerKept(c, kept);
    }
  }

  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const isPage = isRead && (asset.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!isPage) return asset;
  const generation = factsGeneration();
  const { facts, updatedAt, ok } = await factsPromise;
  const etag = pageEtag(asset.headers.get("ETag"), updatedAt, now);
  if (etag && asset.status === 200 && c.req.header("If-None-Match") === etag) {
    await asset.body?.cancel();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" } });
  }
  const page = renderPage(asset, { path, stored: facts, siteUrl: siteUrl(c.env), etag, now });
  // A page served with the defaults because D1 failed is not kept: the next request tries again.
  if (!etag || page.status !== 200 || !ok || c.req.method !== "GET") return page;

  const body = await page.arrayBuffer();
  if (pages.size >= MAX_KEPT_PAGES && !pages.has(path)) pages.delete(pages.keys().next().value as string);
  const entry: KeptPage = { etag, updatedAt, day, generation, checkedAt: now, headers: [...page.headers], body };
  pages.set(path, entry);
  return answerKept(c, entry);
}
