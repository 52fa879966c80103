import { Hono } from "hono";
import type { HonoEnv } from "../../env";
import { recordWrites } from "../../middleware/audit";
import { requireAdmin } from "../../middleware/auth";
import { hidePricesFromEngineers } from "../../middleware/engineer-prices";
import { noStore } from "../../middleware/no-store";
import audit from "./audit";
import calendar from "./calendar";
import campaigns from "./campaigns";
import chats from "./chats";
import customers from "./customers";
import emailSubscribers from "./email-subscribers";
import { requireOwnRecord } from "./engineer-scope";
import engineers from "./engineers";
import enquiries from "./enquiries";
import erasureRequests from "./erasure-requests";
import gasSafety from "./gas-safety";
import invoices from "./invoices";
import jobs from "./jobs";
import join from "./join";
import links from "./links";
import login from "./login";
import orders from "./orders";
import outbox from "./outbox";
import papers from "./papers";
import products from "./products";
import properties from "./properties";
import quotes from "./quotes";
import reminders from "./reminders";
import reports from "./reports";
import { requireRole } from "./roles";
import security from "./security";
import serviceRecords from "./service-records";
import businessSettings from "./settings";
import team from "./team";
import testimonials from "./testimonials";
import uploadUrl from "./upload-url";
import visits from "./visits";
import workbench from "./workbench";
import xero from "./xero";

/**
 * The back office API. `login.ts` owns POST /login (public), POST /logout and GET /me, `join.ts` an
 * invitation's link (public). Everything mounted after `requireAdmin` needs a valid, unrevoked
 * bearer token of an active person; every write after it is recorded with its person
 * (`recordWrites`: who did what, worker/middleware/audit.ts), refusals included; and the route's
 * row in `roles.ts` must name the person's role.
 */
const app = new Hono<HonoEnv>()
  // Customers' details and the owner's data must never be kept by a browser or a proxy cache.
  .use("*", noStore())
  .route("/", login)
  .route("/", join)
  .use("*", requireAdmin, recordWrites, requireRole, requireOwnRecord, hidePricesFromEngineers)
  .route("/audit", audit)
  .route("/quotes", enquiries)
  .route("/email-subscribers", emailSubscribers)
  .route("/service-records", serviceRecords)
  .route("/customers", customers)
  .route("/", jobs)
  .route("/", properties)
  .route("/", gasSafety)
  .route("/", papers)
  .route("/", quotes)
  .route("/", invoices)
  .route("/", reports)
  .route("/", links)
  .route("/", visits)
  .route("/products", products)
  .route("/orders", orders)
  .route("/upload-url", uploadUrl)
  .route("/", campaigns)
  .route("/", calendar)
  .route("/", engineers)
  .route("/outbox", outbox)
  .route("/chats", chats)
  .route("/reminders", reminders)
  .route("/erasure-requests", erasureRequests)
  .route("/settings", businessSettings)
  .route("/xero", xero)
  .route("/team", team)
  .route("/testimonials", testimonials)
  .route("/", security)
  .route("/", workbench);

export default app;
