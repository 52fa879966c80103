import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobStates } from "../schema/api/jobs";
import { emailSubscribers } from "../schema/db";
import { getDb } from "../worker/db/client";
import { sameAddress } from "../worker/services/campaigns/subscribers";
import { asCustomer, landlord, signIn } from "./helpers/account";
import { adminHeaders } from "./helpers/admin";
import { planOf, recordingD1 } from "./helpers/d1-plans";
import { callApp } from "./helpers/factories-commerce";

// Issue 45: every document list and search of the back office reads its rows through an index. At
// ten years' volume (tens of thousands of invoices, quotes, visits and certificates) a statement
// that reads a whole document table costs more than the 150 ms a list may take; so each request's
// statements are planned by SQLite here, exactly as the request sent them, with their values.

/** Tables that grow with the years: the paperwork, the visits and jobs it hangs on, the enquiries. */
const DOCUMENT_TABLES = [
  "invoices",
  "invoice_payments",
  "invoice_refunds",
  "credit_notes",
  "estimates",
  "estimate_versions",
  "estimate_acceptances",
  "estimate_payments",
  "gas_safety_records",
  "warning_notices",
  "service_sheets",
  "service_records",
  "jobs",
  "quotes",
];

/**
 * The steps of a plan that read a document table whole: a SCAN of its rows, or a walk of a whole
 * index that fetches each row (allowed only where the statement stops at a LIMIT: newest first, the
 * first page). A walk of a covering index (a count) reads the index alone and is allowed.
 */
function fullScans(plan: string[], sql: string, partial: Set<string>): string[] {
  const limited = /\blimit \?\s*(offset \?)?\s*$/i.test(sql.trim());
  return plan.filter((step) => {
    // Nearly every invoice is issued: a search by the status alone reads them all.
    if (/^SEARCH invoices USING (COVERING )?INDEX invoices_status_due \(status=\?\)$/.test(step)) return true;
    const scan = step.match(/^SCAN (\w+)(?: AS \w+)?(.*)$/);
    if (!scan || !DOCUMENT_TABLES.includes(scan[1]!)) return false;
    const rest = scan[2]!;
    // A partial index holds only the rows it names (the urgent enquiries nobody answered).
    const index = rest.match(/USING (?:COVERING )?INDEX (\w+)/)?.[1];
    if (index && partial.has(index)) return false;
    if (/USING COVERING INDEX/.test(rest)) return false;
    if (/USING INDEX/.test(rest)) return !limited;
    return true;
  });
}

const TAX_YEAR = "from=2025-04-06&to=2026-04-05";

/** Each list, its tabs and searches, and the owner's other reads of the paperwork at volume. */
const READS = [
  "/api/admin/summary",
  "/api/admin/invoices?limit=30&offset=0",
  ...["draft", "unpaid", "overdue", "paid", "void"].map((tab) => `/api/admin/invoices?status=${tab}&limit=30&offset=0`),
  "/api/admin/invoices?q=INV-0123&limit=30&offset=0",
  "/api/admin/invoices?q=Nowak&limit=30&offset=0",
  "/api/admin/estimates?limit=30&offset=0",
  ...["draft", "sent", "viewed", "accepted", "declined", "expired", "cancelled"].map(
    (status) => `/api/admin/estimates?status=${status}&limit=30&offset=0`,
  ),
  "/api/admin/estimates?q=Q-0012&limit=30&offset=0",
  ...["all", "due", "drafts"].map((tab) => `/api/admin/gas-safety-records?tab=${tab}&limit=30&offset=0`),
  "/api/admin/gas-safety-records?q=GSR-000123&limit=30&offset=0",
  "/api/admin/gas-safety-records?tab=due&q=CP12-0123&limit=30&offset=0",
  "/api/admin/gas-safety-records?q=Nowak&limit=30&offset=0",
  "/api/admin/gas-safety-records?tab=due&q=Nowak&limit=30&offset=0",
  "/api/admin/gas-safety-records?q=M32%200&limit=30&offset=0",
  "/api/admin/gas-safety-records?q=Example%20Road&limit=30&offset=0",
  "/api/admin/jobs?limit=50&offset=0",
  ...jobStates.map((state) => `/api/admin/jobs?state=${encodeURIComponent(state)}&limit=50&offset=0`),
  "/api/admin/service-records?limit=30&offset=0",
  "/api/admin/reminders",
  "/api/admin/reports/owed",
  "/api/admin/reports/takings",
  "/api/admin/reports/quotes",
  "/api/admin/reports/vat",
  "/api/admin/reports/gas-due",
  "/api/admin/reports/margin",
  `/api/admin/export/invoices.csv?${TAX_YEAR}`,
  `/api/admin/export/payments.csv?${TAX_YEAR}`,
];

/**
 * The one read allowed a document table whole: a quote's title is free text with no index, so
 * searching by a word reads the quotes' titles (the customers still come from their search index).
 * At ten years (8,000 quotes) that is a few milliseconds (the bench's "quotes, a surname").
 */
const TITLE_SEARCH = "/api/admin/estimates?q=Nowak&limit=30&offset=0";

/** Every statement a request ran, planned: the steps that read a document table whole. */
async function scansOf(
  path: string,
  headers: Record<string, string>,
  allowed: (step: string, sql: string) => boolean = () => false,
) {
  const recorder = recordingD1(env.DB);
  const res = await callApp(path, { headers, env: { DB: recorder.db } });
  expect(res.status, await res.clone().text()).toBe(200);
  await res.arrayBuffer();
  const reads = recorder.statements.filter((s) => /^\s*(select|with)\b/i.test(s.sql));
  expect(reads.length).toBeGreaterThan(0);
  const partial = new Set(
    (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'").all<{ name: string }>()
    ).results.map((r) => r.name),
  );
  const found: string[] = [];
  for (const { sql, values } of reads) {
    const scans = fullScans(await planOf(sql, values), sql, partial).filter((step) => !allowed(step, sql));
    if (scans.length > 0) found.push(`${scans.join("; ")}\n  in: ${sql.slice(0, 400)}`);
  }
  return found;
}

describe("the back office's document lists at volume", () => {
  it.each([...READS, TITLE_SEARCH])("%s reads no document table whole", async (path) => {
    const found = await scansOf(
      path,
      await adminHeaders(),
      (step, sql) => path === TITLE_SEARCH && step === "SCAN estimates" && /instr\(lower\("estimates"\."title"\)/.test(sql),
    );
    expect(found).toEqual([]);
  });
});

describe("a landlord's account at volume", () => {
  it("reads her summary (properties, certificates, quotes, invoices) through indexes", async () => {
    const { email } = await landlord("Plans");
    expect(await scansOf("/api/account", asCustomer(await signIn(email)))).toEqual([]);
  });
});

describe("a subscriber by her address, in any letter case", () => {
  it("is found through an index, not by reading every subscriber (each campaign e-mail asks)", async () => {
    const statement = getDb(env)
      .select({ id: emailSubscribers.id })
      .from(emailSubscribers)
      .where(sameAddress("Someone@Example.com"))
      .toSQL();
    const plan = await planOf(statement.sql, statement.params);
    expect(plan.join("\n")).toMatch(/SEARCH email_subscribers USING (COVERING )?INDEX email_subscribers_email_nocase/);
  });
});
