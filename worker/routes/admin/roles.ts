import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { TeamRole } from "../../../schema/db";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { paperRoutes } from "./paper-routes";

/**
 * Who may call each back-office route: the one place it is decided (issue 46, DESIGN.md "Roles").
 * Keys are the method and the route's pattern under /api/admin, as the router has them;
 * test/admin-roles.test.ts walks the router and fails for a route missing here or a row here no
 * route has, and calls every route as each role.
 * - owner: everything. Only the owner manages people, billing settings, backups, the outbox of
 *   sent mail and customers' erasure.
 * - office: customers, the diary, enquiries, quotes, invoices and payments, stock and the shop.
 * - engineer: their own day and visits, the paperwork they issue, their account's security, parts
 *   from stock, each record only where it is on one of their visits (engineer-scope.ts), with no prices (`engineer-prices.ts` takes them out of every answer) unless the
 *   owner lets them see prices.
 */
const OWNER = ["owner"] as const satisfies readonly TeamRole[];
const OFFICE = ["owner", "office"] as const satisfies readonly TeamRole[];
const EVERYONE = ["owner", "office", "engineer"] as const satisfies readonly TeamRole[];

export const ROUTE_ROLES: Readonly<Record<string, readonly TeamRole[]>> = {
  // Signing out, and each person's own sign-in security.
  "POST /logout": EVERYONE,
  "GET /me": EVERYONE,
  "GET /security": EVERYONE,
  "GET /security/sign-ins": EVERYONE,
  "POST /security/sign-out-everywhere": EVERYONE,
  "POST /security/password": EVERYONE,
  "POST /mfa/setup": EVERYONE,
  "POST /mfa/enable": EVERYONE,
  "POST /mfa/disable": EVERYONE,
  "POST /mfa/recovery-codes": EVERYONE,

  // The engineer's day: their visits, job sheets and photos.
  "GET /today": EVERYONE,
  "PUT /visits/:id/sheet": EVERYONE,
  "POST /visits/:id/photo-url": EVERYONE,
  "POST /visits/:id/on-my-way": EVERYONE,
  "GET /visits/:id/photos/:name": EVERYONE,
  "GET /service-records/:id": EVERYONE,

  // Each engineer's diary: the team's names for the diary, hours and blocks set by the office. An
  // engineer reads only their own blocks and feed (the handler answers 403 for anyone else's).
  "GET /engineers": EVERYONE,
  "PUT /engineers/:id/hours": OFFICE,
  "GET /engineers/:id/blocks": EVERYONE,
  "POST /engineers/:id/blocks": OFFICE,
  "DELETE /engineers/:id/blocks/:blockId": OFFICE,
  "GET /engineers/:id/feed": EVERYONE,

  // The paperwork an engineer issues under their own licence, at the properties of their visits
  // (engineer-scope.ts); the list of every record is the office's.
  "GET /gas-safety-records": OFFICE,
  "GET /warning-notices/:id/pdf": EVERYONE,
  // Each paper's own routes (papers.ts): the engineer's, revoking links the office's (paper-routes.ts).
  ...Object.fromEntries(paperRoutes.map((route) => [route.key, route.engineers ? EVERYONE : OFFICE])),

  // The property on site: its appliances are added and corrected by the engineer standing there.
  "GET /properties/:id": EVERYONE,
  "PATCH /properties/:id": OFFICE,
  "POST /properties/:id/appliances": EVERYONE,
  "PATCH /appliances/:id": EVERYONE,

  // Parts from stock (their prices taken out for an engineer).
  "GET /products": EVERYONE,
  "GET /products/export.csv": OFFICE,
  "POST /products/import": OFFICE,
  "POST /products": OFFICE,
  "PATCH /products/:id": OFFICE,
  "GET /products/:id/stock-movements": OFFICE,
  "DELETE /products/:id": OFFICE,
  "POST /upload-url": OFFICE,

  // Enquiries, customers, visits and the diary.
  "GET /summary": OFFICE,
  "GET /quotes": OFFICE,
  "POST /quotes/replied": OFFICE,
  "POST /quotes/unreplied": OFFICE,
  "PATCH /quotes/:id/read": OFFICE,
  "PATCH /quotes/:id/replied": OFFICE,
  "PATCH /quotes/:id/notes": OFFICE,
  "DELETE /quotes/:id": OFFICE,
  "GET /customers": OFFICE,
  "POST /customers": OFFICE,
  "GET /customers/:id": OFFICE,
  "PATCH /customers/:id": OFFICE,
  "GET /customers/:id/timeline": OFFICE,
  "GET /customers/:id/duplicates": OFFICE,
  "POST /customers/:id/merge": OFFICE,
  "GET /customers/:id/jobs": OFFICE,
  "GET /customers/:id/properties": OFFICE,
  "POST /customers/:id/properties": OFFICE,
  "GET /customers/:id/documents": OFFICE,
  "GET /jobs": OFFICE,
  "GET /jobs/:id": OFFICE,
  "PUT /jobs/:id/building-regs": OFFICE,
  "GET /service-records": OFFICE,
  // An engineer books a return visit for a customer of theirs (engineer-scope.ts).
  "POST /service-records": EVERYONE,
  "GET /service-records/free-times": OFFICE,
  "PATCH /service-records/:id": OFFICE,
  "DELETE /service-records/:id": OFFICE,
  "GET /calendar": OFFICE,
  "PATCH /calendar": OFFICE,
  "POST /calendar/rotate-feed": OFFICE,
  "GET /bookings": OFFICE,
  "POST /bookings/:reference/revoke-link": OFFICE,
  "GET /chats": OFFICE,
  "GET /reminders": OFFICE,
  "POST /reminders/run": OFFICE,

  // Quotes, invoices, payments and the accountant's files.
  "GET /estimates": OFFICE,
  "POST /estimates": OFFICE,
  "GET /estimates/:id": OFFICE,
  "PATCH /estimates/:id": OFFICE,
  "POST /estimates/:id/send": OFFICE,
  "POST /estimates/:id/deposit-payments": OFFICE,
  "POST /estimates/:id/deposit-payments/:paymentId/refund": OFFICE,
  "POST /estimates/:id/revoke-links": OFFICE,
  "GET /invoices": OFFICE,
  "POST /invoices": OFFICE,
  "GET /invoices/:id": OFFICE,
  "PATCH /invoices/:id": OFFICE,
  "DELETE /invoices/:id": OFFICE,
  "POST /invoices/:id/issue": OFFICE,
  "POST /invoices/:id/payments": OFFICE,
  "POST /invoices/:id/refunds": OFFICE,
  "POST /invoices/:id/credit-notes": OFFICE,
  "POST /invoices/:id/void": OFFICE,
  "POST /invoices/:id/chasing": OFFICE,
  "POST /invoices/:id/revoke-links": OFFICE,
  "GET /invoices/:id/pdf": OFFICE,
  "GET /credit-notes/:id/pdf": OFFICE,
  "GET /export/invoices.csv": OFFICE,
  "GET /export/payments.csv": OFFICE,
  "GET /export/:file": OFFICE,
  "GET /reports/owed": OFFICE,
  "GET /reports/owed.csv": OFFICE,
  "GET /reports/takings": OFFICE,
  "GET /reports/takings.csv": OFFICE,
  "GET /reports/quotes": OFFICE,
  "GET /reports/quotes.csv": OFFICE,
  "GET /reports/gas-due": OFFICE,
  "GET /reports/gas-due.csv": OFFICE,
  "GET /reports/vat": OFFICE,
  "GET /reports/vat.csv": OFFICE,
  "GET /reports/margin": OFFICE,
  "GET /reports/margin.csv": OFFICE,

  // The shop and the deals list.
  "GET /orders": OFFICE,
  "PATCH /orders/:id": OFFICE,
  "POST /orders/:id/paid": OFFICE,
  "GET /email-subscribers": OFFICE,
  "PATCH /email-subscribers/:email/unsubscribe": OFFICE,
  "POST /send-campaign": OFFICE,
  "POST /campaigns/test": OFFICE,
  "POST /campaigns/preview": OFFICE,
  "GET /campaigns": OFFICE,
  "GET /campaigns/audience": OFFICE,
  "GET /campaigns/:id/recipients": OFFICE,
  "POST /campaigns/:id/retry-failed": OFFICE,
  "POST /campaigns/:id/cancel": OFFICE,

  // The business's settings: read by the office's screens, changed by the owner.
  "GET /settings": OFFICE,
  "PATCH /settings": OWNER,
  "GET /settings/billing": OFFICE,
  "PATCH /settings/billing": OWNER,
  // The Xero link: its tokens write to the business's books (issue 48).
  "GET /xero": OWNER,
  "POST /xero/connect": OWNER,
  "POST /xero/callback": OWNER,
  "POST /xero/organisation": OWNER,
  "POST /xero/disconnect": OWNER,
  "POST /xero/retry": OWNER,
  "GET /xero/mapping": OWNER,
  "PUT /xero/mapping": OWNER,
  "POST /xero/catch-up": OWNER,

  // Who did what: a record's history beside it (it shows amounts), the whole log the owner's.
  "GET /audit/:kind/:id": OFFICE,

  // The owner's alone: the team, the testimonials, who did what, backups, the outbox of sent mail, customers' erasure.
  "GET /audit": OWNER,
  "GET /audit/people": OWNER,
  "GET /team": OWNER,
  "POST /team": OWNER,
  "PUT /team/:id": OWNER,
  "POST /team/:id/invitation": OWNER,
  "POST /team/:id/:change": OWNER,
  // What the site says customers said, published only with their consent (issue 49).
  "GET /testimonials": OWNER,
  "POST /testimonials": OWNER,
  "PATCH /testimonials/:id": OWNER,
  "DELETE /testimonials/:id": OWNER,
  "GET /backup": OWNER,
  "GET /outbox": OWNER,
  "GET /outbox/templates": OWNER,
  "GET /erasure-requests": OWNER,
  "POST /erasure-requests/:id/erase": OWNER,
  "POST /erasure-requests/:id/refuse": OWNER,
};

const PREFIX = "/api/admin/";

/**
 * The table key ("GET /invoices/:id") of the route that will answer, or null when no admin route
 * matched (a 404 follows). Routes run in the order they were added and the first handler answers,
 * so the first match is the one: GET /service-records/free-times, not /service-records/:id after it.
 */
export function routeKey(matched: readonly { method: string; path: string }[]): string | null {
  const route = matched.find((r) => r.method !== "ALL" && r.path.startsWith(PREFIX));
  return route ? `${route.method} ${route.path.slice(PREFIX.length - 1)}` : null;
}

export const FORBIDDEN = "Your role in the team does not include this. Ask the owner if you need it.";

/**
 * After requireAdmin: the signed-in person's role must be in the route's row. A route missing from
 * the table is closed to all but the owner (the test fails for it before it ships), so a new route
 * is never open by mistake and the owner is never locked out.
 */
export const requireRole = createMiddleware<HonoEnv>(async (c, next) => {
  const user = c.get("adminUser");
  const key = routeKey(matchedRoutes(c));
  if (user && key && user.role !== "owner") {
    const roles = ROUTE_ROLES[key];
    if (!roles?.includes(user.role)) throw new ApiError("FORBIDDEN", FORBIDDEN);
  }
  await next();
});
