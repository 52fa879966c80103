import { z } from "./z";

/**
 * The one list contract: `?q=&limit=&offset=` in, the page as a JSON array out, the full count in
 * X-Total-Count (and tab counts in X-Tab-Counts) — services return `{ items, total }`, routes answer
 * through `listAnswer` (worker/lib/list-answer.ts), screens read pages through one load-more hook.
 */
export const searchParam = z.string({ error: "The search must be text" }).trim().max(100, "The search is too long").optional();

export const offsetParam = z.coerce
  .number({ error: "The offset must be a number" })
  .int()
  .min(0, "The offset cannot be negative")
  .default(0);

export const limitParam = (max: number) =>
  z.coerce
    .number({ error: "The limit must be a number" })
    .int("The limit must be a whole number")
    .min(1, `The limit must be between 1 and ${max}`)
    .max(max, `The limit must be between 1 and ${max}`);

/** A list's query: a search, a page size up to `max` (`defaultLimit` when not given) and an offset. */
export const listQuerySchema = ({ max = 500, defaultLimit = 100 }: { max?: number; defaultLimit?: number } = {}) =>
  z.object({ q: searchParam, limit: limitParam(max).default(defaultLimit), offset: offsetParam });

/** What every list service returns. */
export type ListResult<T, Counts = undefined> = { items: T[]; total: number; counts?: Counts };

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: "The id must be a whole number" })
    .int("The id must be a whole number")
    .positive("The id must be a whole number"),
});

/**
 * The back office's working lists and records: search and paging for every list, customers,
 * service records, quote notes and bulk replies, the home screen's counts. One zod schema per form,
 * shared by the screen and the Worker.
 */

/** ?q=&limit=&offset= on every admin list; the answer stays an array, the full count in X-Total-Count. */
export const adminListQuerySchema = listQuerySchema();

export type AdminListQuery = z.output<typeof adminListQuerySchema>;
