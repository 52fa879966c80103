import { and, desc, eq, isNotNull } from "drizzle-orm";
import { testimonials } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { PublicTestimonial } from "../../../schema/testimonials";
import type { Db } from "../../db/client";

/**
 * The testimonials the home page shows: published, with the customer's consent recorded, newest
 * given first. Read as the owner's facts are (business-facts.ts): kept in the Cache API of the data
 * centre, so a page costs no D1 round trip in the common case, and dropped by every change.
 */
const PUBLISHED_KEY = "https://settings.heating-company.internal/testimonials";

/** The most the home page shows: the newest, enough for a section a visitor reads. */
export const SHOWN_AT_MOST = 6;

export type PublishedTestimonials = {
  items: PublicTestimonial[];
  /** Names what the page was filled with (its ETag and its kept copy change with it). */
  version: string;
};

/** Bumped whenever this isolate changes a testimonial: a page filled before is stale. */
let generation = 0;
export const testimonialsGeneration = () => generation;

/** A small, stable hash of what is shown: the same testimonials, the same version in every isolate. */
function versionOf(items: PublicTestimonial[]): string {
  const text = JSON.stringify(items);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${items.length}.${(hash >>> 0).toString(36)}`;
}

async function readFromD1(db: Db): Promise<PublishedTestimonials> {
  const items = await db
    .select({
      words: testimonials.words,
      shownName: testimonials.shownName,
      source: testimonials.source,
      sourceUrl: testimonials.sourceUrl,
      givenOn: testimonials.givenOn,
    })
    .from(testimonials)
    // The consent's method is required with its date by every write (schema/api/testimonials.ts).
    .where(and(eq(testimonials.isPublished, true), isNotNull(testimonials.consentOn)))
    .orderBy(desc(testimonials.givenOn), desc(testimonials.id))
    .limit(SHOWN_AT_MOST);
  return { items, version: versionOf(items) };
}

/** The testimonials as they are now; `keep` receives the cache write so a request can finish it after answering. */
export async function readPublishedTestimonials(
  db: Db,
  keep?: (write: Promise<unknown>) => void,
): Promise<PublishedTestimonials> {
  const hit = await caches.default.match(PUBLISHED_KEY);
  if (hit) return (await hit.json()) as PublishedTestimonials;
  const value = await readFromD1(db);
  const write = caches.default.put(
    PUBLISHED_KEY,
    new Response(JSON.stringify(value), {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${settings.facts.cacheSeconds}` },
    }),
  );
  if (keep) keep(write);
  else await write;
  return value;
}

/** After a change: the next page reads D1 again, in this isolate at once. */
export async function forgetPublishedTestimonials(): Promise<void> {
  generation++;
  await caches.default.delete(PUBLISHED_KEY);
}
