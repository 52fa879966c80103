import { settings } from "../../../schema/settings";

/**
 * Filled-in pages kept in this isolate's memory. A built page never changes while the isolate
 * lives (a deploy starts new isolates), so what decides freshness is the facts: a copy is used
 * without any lookup for `pageMemorySeconds`, then kept as long as the facts' version, the UK day
 * (offers start and end on days) and this isolate's saves leave it valid. Only pages answered 200
 * are kept, and only a bounded number, so unknown paths cannot fill the memory.
 */
export type KeptPage = {
  etag: string;
  /** What the page was filled with: the facts' version and, on the home page, the testimonials'. */
  version: string;
  day: string;
  /** This isolate's facts and testimonials generations: a save here drops the copy at once. */
  generation: number;
  checkedAt: number;
  headers: [string, string][];
  body: ArrayBuffer;
};

const MAX_KEPT_PAGES = 64;
/** Per assets binding: tests give each app its own built files. */
const keptPages = new WeakMap<object, Map<string, KeptPage>>();

function pagesOf(assets: object): Map<string, KeptPage> {
  let pages = keptPages.get(assets);
  if (!pages) {
    pages = new Map();
    keptPages.set(assets, pages);
  }
  return pages;
}

/**
 * The kept copy of a page and how far it may be trusted: `fresh` (answer it with no lookup),
 * `recheck` (answer it if what it was filled with is still `version`), or none.
 */
export function keptPage(
  assets: object,
  path: string,
  { day, generation, now }: { day: string; generation: number; now: number },
): { page: KeptPage; fresh: boolean } | null {
  const page = pagesOf(assets).get(path);
  if (!page || page.day !== day || page.generation !== generation) return null;
  return { page, fresh: now - page.checkedAt < settings.facts.pageMemorySeconds * 1000 };
}

/** The facts are unchanged since the copy was filled: trust it for another while. */
export const confirmKept = (page: KeptPage, now: number) => {
  page.checkedAt = now;
};

/** Keeps a filled page, dropping the oldest when the memory is full. */
export function keepPage(assets: object, path: string, page: KeptPage): KeptPage {
  const pages = pagesOf(assets);
  if (pages.size >= MAX_KEPT_PAGES && !pages.has(path)) pages.delete(pages.keys().next().value as string);
  pages.set(path, page);
  return page;
}
