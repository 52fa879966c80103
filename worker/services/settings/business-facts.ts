import { AsyncLocalStorage } from "node:async_hooks";
import type { z } from "zod";
import type { BusinessSettings, businessFactsPatchSchema } from "../../../schema/api/settings";
import { type BusinessFacts, defaultFacts } from "../../../schema/facts";
import { randomText, uniqueId } from "../../../schema/random";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { saveGroupsStatements, settingRowQuery } from "./owner-settings";

/**
 * The owner's facts (schema/facts.ts): one JSON row in D1, kept in the Cache API of the data centre
 * that read it (a page costs no D1 round trip in the common case), and in this isolate's memory for
 * e-mails and chat answers. A save deletes the cached copy, so the next page shows it.
 */
const FACTS_KEY = "https://settings.heating-company.internal/facts";
const ROW_KEY = "facts";

/** Stored facts over the defaults, group by group: a group added after the row was written gets its default. */
function withDefaults(stored: Partial<BusinessFacts>): BusinessFacts {
  return { ...defaultFacts, ...stored };
}

async function readFromD1(db: Db): Promise<BusinessSettings> {
  const [row] = await settingRowQuery(db, ROW_KEY);
  return row
    ? { facts: withDefaults(JSON.parse(row.value) as Partial<BusinessFacts>), updatedAt: row.updatedAt }
    : { facts: defaultFacts, updatedAt: null };
}

let remembered: { value: BusinessSettings; at: number } | null = null;
function remember(value: BusinessSettings, now = Date.now()) {
  remembered = { value, at: now };
  return value;
}

/** Bumped whenever this isolate saves or drops the facts: what was built from older facts is stale. */
let generation = 0;
export const factsGeneration = () => generation;

/**
 * The facts as they are now: from the Cache API when it has them, otherwise from D1 (and then kept).
 * `keep` receives the cache write so a request can finish it after answering (waitUntil).
 */
export async function readFacts(db: Db, keep?: (write: Promise<unknown>) => void): Promise<BusinessSettings> {
  const hit = await caches.default.match(FACTS_KEY);
  if (hit) return remember((await hit.json()) as BusinessSettings);
  const value = await readFromD1(db);
  const write = caches.default.put(
    FACTS_KEY,
    new Response(JSON.stringify(value), {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${settings.facts.cacheSeconds}` },
    }),
  );
  if (keep) keep(write);
  else await write;
  return remember(value);
}

/**
 * The facts for an e-mail or a chat answer: this isolate's copy while it is fresh (no lookup at
 * all), otherwise read again. Never older than `settings.facts.memorySeconds`.
 */
export async function currentFacts(db: Db, now = Date.now()): Promise<BusinessFacts> {
  if (remembered && now - remembered.at < settings.facts.memorySeconds * 1000) return remembered.value.facts;
  return (await readFacts(db)).facts;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 30) || "offer";

/**
 * Saves the groups given, each whole, in one statement (json_set on the stored row), then drops the
 * cached copy. With `expected` (the `updatedAt` the owner's screen read; null when it had never
 * been saved) a save over someone else's newer one is not made: the answer is the facts as they
 * are now, for the screen to show "changed elsewhere".
 */
export async function saveFacts(
  db: Db,
  patch: z.output<typeof businessFactsPatchSchema>,
  expected?: string | null,
): Promise<{ saved: BusinessSettings } | { conflict: BusinessSettings }> {
  const { offers, ...rest } = patch;
  const groups: Partial<BusinessFacts> = rest;
  if (offers) {
    const used = new Set<string>();
    groups.offers = offers.map((offer) => ({
      ...offer,
      id: uniqueId(used, offer.id ?? slug(offer.title), () => `${slug(offer.title)}-${randomText(4)}`),
    }));
  }
  const [, [row]] = await db.batch(saveGroupsStatements(db, ROW_KEY, defaultFacts, groups, new Date().toISOString(), expected));
  if (!row) return { conflict: await readFromD1(db) };
  generation++;
  await caches.default.delete(FACTS_KEY);
  return {
    saved: remember({ facts: withDefaults(JSON.parse(row.value) as Partial<BusinessFacts>), updatedAt: row.updatedAt }),
  };
}

/**
 * Every unit of work (a request, a cron run, a queue batch) reads the facts once, at its start,
 * through `withFacts`; everything inside it (e-mail templates, refusal messages, chat answers)
 * reads that same copy with `factsNow()`, however deep, without passing it down. No code path can
 * read a copy older than its own start (`settings.facts.memorySeconds` at most, usually none).
 */
const factsOfWork = new AsyncLocalStorage<BusinessFacts>();

/** Runs `work` with the facts as they are now; when D1 cannot be read, with the last copy this isolate has. */
export async function withFacts<T>(db: Db, work: () => Promise<T>): Promise<T> {
  let facts: BusinessFacts;
  try {
    facts = await currentFacts(db);
  } catch (error) {
    console.warn(JSON.stringify({ facts: "read failed, using the last copy", error: String(error) }));
    facts = remembered?.value.facts ?? defaultFacts;
  }
  return factsOfWork.run(facts, work);
}

/**
 * The facts of the work in progress. Outside `withFacts` (a test calling a template directly) it is
 * this isolate's latest copy; every entry point of the Worker runs inside `withFacts`.
 */
export function factsNow(): BusinessFacts {
  return factsOfWork.getStore() ?? remembered?.value.facts ?? defaultFacts;
}

/** Drops every copy (tests, and the seed after it writes the row): the next read is from D1. */
export async function forgetFacts(): Promise<void> {
  remembered = null;
  generation++;
  await caches.default.delete(FACTS_KEY);
}
