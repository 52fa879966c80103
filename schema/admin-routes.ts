/**
 * The back office's routes: each gets a client-only shell marked noindex, and the Worker fills its
 * title. Apart from routes.ts so that the public pages' code, which reads routes.ts, never carries
 * them. Plain data, and imports only plain data (the papers' words), so the build scripts can read
 * it too.
 */
import { paperNames, papers } from "./api/papers";
import type { RouteInfo } from "./routes";

export const adminRoutes: RouteInfo[] = [
  { path: "/admin", title: "Back Office", description: "", prerender: false },
  { path: "/admin/login", title: "Admin Login", description: "", prerender: false },
  { path: "/admin/join", title: "Join the back office", description: "", prerender: false },
  { path: "/admin/quotes", title: "Enquiries", description: "", prerender: false },
  // The engineer's start page on the phone: its code is named in its shell (scripts/prerender.mjs).
  { path: "/admin/today", title: "My Day", description: "", prerender: false, page: "today" },
  { path: "/admin/customers", title: "Customers", description: "", prerender: false },
  // One shell per screen, not per customer: the build skips paths with a parameter, and serves
  // /admin/customers/* from the customers screen's shell.
  { path: "/admin/customers/:id", title: "Customer", description: "", prerender: false, shell: "/admin/customers" },
  { path: "/admin/email-subscribers", title: "Email Subscribers", description: "", prerender: false },
  { path: "/admin/service-records", title: "Service Records", description: "", prerender: false },
  { path: "/admin/gas-safety", title: "Gas safety records", description: "", prerender: false },
  // Each paper drafted at a visit (schema/api/papers.ts), served the service records screen's shell.
  ...paperNames.map((name) => ({
    path: `/admin/${papers[name].segment}/:id`,
    title: papers[name].title,
    description: "",
    prerender: false,
    shell: "/admin/service-records",
  })),
  { path: "/admin/estimates", title: "Quotes", description: "", prerender: false },
  { path: "/admin/estimates/:id", title: "Quote", description: "", prerender: false, shell: "/admin/estimates" },
  { path: "/admin/invoices", title: "Invoices", description: "", prerender: false },
  { path: "/admin/invoices/:id", title: "Invoice", description: "", prerender: false, shell: "/admin/invoices" },
  { path: "/admin/jobs", title: "Jobs", description: "", prerender: false },
  { path: "/admin/jobs/:id", title: "Job", description: "", prerender: false, shell: "/admin/jobs" },
  { path: "/admin/reports", title: "Reports", description: "", prerender: false },
  { path: "/admin/products", title: "Products", description: "", prerender: false },
  { path: "/admin/orders", title: "Orders", description: "", prerender: false },
  { path: "/admin/calendar", title: "Calendar", description: "", prerender: false },
  { path: "/admin/reminders", title: "Reminders", description: "", prerender: false },
  { path: "/admin/chats", title: "Chats", description: "", prerender: false },
  { path: "/admin/outbox", title: "Outbox", description: "", prerender: false },
  { path: "/admin/settings", title: "Settings", description: "", prerender: false },
  { path: "/admin/security", title: "Security", description: "", prerender: false },
  { path: "/admin/team", title: "Team", description: "", prerender: false },
  { path: "/admin/testimonials", title: "Testimonials", description: "", prerender: false },
  { path: "/admin/audit", title: "Who did what", description: "", prerender: false },
];
