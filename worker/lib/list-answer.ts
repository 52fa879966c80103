import type { Context } from "hono";

/**
 * An admin list's answer: the page as a JSON array (the shape the lists have always had), the
 * full count in X-Total-Count and, where the screen has tabs, each tab's count in X-Tab-Counts
 * (a JSON object) so one request fills the tabs too.
 */
export function listAnswer<T>(c: Context, page: { items: T[]; total: number; counts?: object }): Response {
  c.header("X-Total-Count", String(page.total));
  if (page.counts) c.header("X-Tab-Counts", JSON.stringify(page.counts));
  return c.json(page.items);
}
