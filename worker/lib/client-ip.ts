import type { Context } from "hono";

/** Cloudflare sets CF-Connecting-IP on every request at the edge; locally it may be absent. */
export function clientIp(c: Context): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}
