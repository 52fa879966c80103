import { createMiddleware } from "hono/factory";

/**
 * An area whose every answer is private: never kept by a browser or a cache. `noindex` also keeps
 * it out of search engines, for what a customer's own link or sign-in opens.
 */
export const noStore = ({ noindex = false } = {}) =>
  createMiddleware(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    if (noindex) c.header("X-Robots-Tag", "noindex");
  });
