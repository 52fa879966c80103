import type { Context } from "hono";
import { defaultFacts } from "../../schema/facts";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { readFacts } from "../services/business-facts";
import { pageEtag, renderPage } from "../services/pages";

/** The facts, or the defaults when D1 cannot be read: a page is always served. */
async function factsFor(c: Context<HonoEnv>) {
  try {
    return await readFacts(getDb(c.env), (write) => c.executionCtx.waitUntil(write));
  } catch (error) {
    console.error(
      JSON.stringify({ requestId: c.get("requestId"), path: c.req.path, page: "facts unavailable", error: String(error) }),
    );
    return { facts: defaultFacts, updatedAt: null };
  }
}

/**
 * Every request the API does not answer: the built file from the assets and, when it is a page,
 * the owner's facts filled in (services/pages.ts). Static files (scripts, styles, images) never
 * reach the Worker (wrangler.toml run_worker_first).
 */
export async function servePage(c: Context<HonoEnv>): Promise<Response> {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const isPage =
    (c.req.method === "GET" || c.req.method === "HEAD") && (asset.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!isPage) return asset;
  const now = Date.now();
  const { facts, updatedAt } = await factsFor(c);
  const etag = pageEtag(asset.headers.get("ETag"), updatedAt, now);
  if (etag && asset.status === 200 && c.req.header("If-None-Match") === etag) {
    await asset.body?.cancel();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" } });
  }
  const siteUrl = c.env.PUBLIC_SITE_URL.replace(/\/+$/, "");
  return renderPage(asset, { path: new URL(c.req.url).pathname, stored: facts, siteUrl, etag, now });
}
