import { createMiddleware } from "hono/factory";
import { MONEY_KEY } from "../../schema/money";
import type { HonoEnv } from "../env";

/** A JSON value with every money key taken out, at any depth. */
export function withoutMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMoney);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!MONEY_KEY.test(key)) out[key] = withoutMoney(inner);
  return out;
}

/**
 * After the role check: an engineer the owner has not let see prices gets every JSON answer with
 * its money taken out, decided here once rather than in each service, so a field added to an
 * answer later cannot leak. (The routes that are about money, invoices, quotes, exports and reports,
 * are closed to engineers by the role table.) Owners and the office pass straight through.
 */
export const hidePricesFromEngineers = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  if (c.get("adminUser")?.seesPrices !== false) return;
  if (!c.res.headers.get("Content-Type")?.includes("application/json")) return;
  const body = withoutMoney(await c.res.json());
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
});
