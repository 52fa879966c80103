import { type SQL, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { paperRoutes } from "./paper-routes";
import { routeKey } from "./roles";

/**
 * An engineer reaches a customer's details through their own visits only (issue 46): the visit, the
 * property and its appliances, and the paperwork at that property. The role table lets an engineer
 * call these routes; this says which records. Each scope is one EXISTS over visit_engineers, read in
 * one statement before the handler runs, for engineers only (owner and office pass straight through).
 */
type Scope = (id: number, userId: number) => SQL;

/** One of the engineer's visits is at this property. */
const atProperty = (property: SQL, userId: number) =>
  sql`EXISTS (SELECT 1 FROM service_records s JOIN visit_engineers ve ON ve.service_record_id = s.id
    WHERE s.property_id = (${property}) AND ve.user_id = ${userId})`;

const visit: Scope = (id, userId) =>
  sql`EXISTS (SELECT 1 FROM visit_engineers WHERE service_record_id = ${id} AND user_id = ${userId})`;
const property: Scope = (id, userId) => atProperty(sql`${id}`, userId);
const appliance: Scope = (id, userId) => atProperty(sql`SELECT property_id FROM appliances WHERE id = ${id}`, userId);
const notice: Scope = (id, userId) =>
  atProperty(
    sql`SELECT r.property_id FROM warning_notices n JOIN gas_safety_records r ON r.id = n.record_id WHERE n.id = ${id}`,
    userId,
  );
const customer: Scope = (id, userId) =>
  sql`EXISTS (SELECT 1 FROM service_records s JOIN visit_engineers ve ON ve.service_record_id = s.id
    WHERE s.customer_id = ${id} AND ve.user_id = ${userId})`;

/** The routes an engineer may call that name a record by their `:id`, and whose record it must be. */
const BY_ID: Readonly<Record<string, Scope>> = {
  "GET /service-records/:id": visit,
  "PUT /visits/:id/sheet": visit,
  "POST /visits/:id/photo-url": visit,
  "POST /visits/:id/on-my-way": visit,
  "GET /visits/:id/photos/:name": visit,
  "GET /properties/:id": property,
  "POST /properties/:id/appliances": property,
  "PATCH /appliances/:id": appliance,
  "GET /warning-notices/:id/pdf": notice,
  // Each paper's own (paper-routes.ts): the paper at a property of one of their visits.
  ...Object.fromEntries(
    paperRoutes
      .filter((route) => route.engineers && route.names === "id")
      .map(({ key, table }): [string, Scope] => [
        key,
        (id, userId) => atProperty(sql`SELECT ${table.propertyId} FROM ${table} WHERE ${table.id} = ${id}`, userId),
      ]),
  ),
};

/**
 * New paperwork names its property in the body, a return visit its customer: one the engineer
 * already visits (the visit is then theirs: visit-admin.ts assigns an engineer's own to them).
 */
const BY_BODY: Readonly<Record<string, { field: string; scope: Scope }>> = {
  ...Object.fromEntries(
    paperRoutes.filter((route) => route.names === "body").map(({ key }) => [key, { field: "propertyId", scope: property }]),
  ),
  "POST /service-records": { field: "customerId", scope: customer },
};

/** Every route an engineer may call with a record of their own. */
export const ENGINEER_SCOPED = [...Object.keys(BY_ID), ...Object.keys(BY_BODY)];

const NOT_YOURS = "This is not on one of your visits. Ask the office if you need it.";

/**
 * The `:id` of the path by the route's pattern. A middleware's own route is "*", so Hono's
 * c.req.param() has none of the handler's parameters yet.
 */
function idFrom(key: string, path: string): number {
  const pattern = `/api/admin${key.slice(key.indexOf(" ") + 1)}`.split("/");
  const at = pattern.indexOf(":id");
  return at < 0 ? Number.NaN : Number(path.split("/")[at]);
}

async function scopeOf(c: Context<HonoEnv>, key: string, userId: number): Promise<SQL | null> {
  const byId = BY_ID[key];
  if (byId) {
    const id = idFrom(key, c.req.path);
    return byId(Number.isInteger(id) ? id : 0, userId);
  }
  const byBody = BY_BODY[key];
  if (byBody) {
    // Read as the validator will read it (Hono keeps the parsed body); a body that is not JSON is
    // left for the validator to refuse.
    const body: unknown = await c.req.json().catch(() => null);
    const id = Number((body as Record<string, unknown> | null)?.[byBody.field]);
    return byBody.scope(Number.isInteger(id) ? id : 0, userId);
  }
  return null;
}

/** After the role check: an engineer's call about a record that is not on one of their visits is 403. */
export const requireOwnRecord = createMiddleware<HonoEnv>(async (c, next) => {
  const user = c.get("adminUser");
  const key = user?.role === "engineer" ? routeKey(matchedRoutes(c)) : null;
  const scope = key && user ? await scopeOf(c, key, user.id) : null;
  if (scope) {
    const row = await getDb(c.env).get<{ ok: number }>(sql`SELECT ${scope} AS ok`);
    if (!row?.ok) throw new ApiError("FORBIDDEN", NOT_YOURS);
  }
  await next();
});
