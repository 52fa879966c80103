/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * D1 binds at most 100 parameters a statement (locally as in production), so a list that comes
 * from the code (ids of a batch, addresses of a campaign) must never become `IN (?, ?, …)`: it goes
 * in as one JSON parameter (`inJsonList`, worker/db/json-list.ts). This reads every `inArray(` of the
 * Worker and allows only lists that cannot grow: an array written out in the code, a subquery, or
 * a name below whose list is bounded, with the reason.
 */
const sources = import.meta.glob("../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;

/** Names passed to inArray that are bounded, and why. */
const bounded: Record<string, string> = {
  staleSessions: "a subquery (retention.ts)",
  oldSessions: "a subquery (retention.ts)",
  pageIds: "a subquery of one page (admin/orders.ts)",
  jobPage: "a subquery of one page of jobs (jobs/job-list.ts)",
  allowedFrom: "the fulfilment statuses an order may move from (at most five)",
  from: "the statuses a team member may move from (team/people.ts transitions: at most four)",
  newest: "a subquery of one page of campaigns (campaigns/list.ts)",
  dayIds: "a subquery of one day's visits (visits/today.ts)",
  dayCustomers: "a subquery of one day's visits (visits/today.ts)",
  dayProperties: "a subquery of one day's visits (visits/today.ts)",
  ids: "a subquery of the account's customers (account/summary.ts accountCustomerIds)",
  ofProperties: "a subquery of the account's properties (account/data.ts)",
  ofVisits: "a subquery of the account's visits (account/data.ts)",
  due: "a subquery of one share of texts to try again (sms/retries.ts: settings.sms.retriesPerRun, 10)",
  ofQuotes: "a subquery of the account's quotes (account/data.ts)",
  ofInvoices: "a subquery of the account's invoices (account/data.ts)",
  ofOrders: "a subquery of the account's orders (account/data.ts)",
  handedOver: "a subquery of the account's call-back requests (account/sessions.ts accountChats)",
  "visitIdsOf(db, id)": "a subquery of one job's visits (jobs/jobs.ts)",
  "invoiceIdsOf(db, id)": "a subquery of one job's invoices (jobs/jobs.ts)",
  quoteOfJob: "a subquery of one job's quote (jobs/jobs.ts)",
  recordsOfJob: "a subquery of one job's gas safety records (jobs/jobs.ts)",
  jobsOf: "a subquery of one customer's jobs (jobs/jobs.ts customerJobs)",
  visitIds: "a subquery of one job's visits (invoices/job-draft.ts)",
  "accountCustomerIds(db, email)": "a subquery of the account's customers (account/tenant-booking.ts)",
  accountCustomers: "a subquery of the account's customers (visits/book.ts createAccountBooking)",
  "issuedPapers[i]!": "a subquery of the account's issued papers of one kind (account/data.ts)",
  namedEngineers: "the engineers a free-times query names (schema/api/records.ts: at most six, as a visit has)",
};

/** The text of inArray's second argument, from just after the first top-level comma to its closing parenthesis. */
function secondArgument(source: string, start: number): string {
  let depth = 0;
  let commaAt = -1;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      depth--;
      if (depth === 0) return source.slice(commaAt + 1, i).trim();
    } else if (ch === "," && depth === 1 && commaAt < 0) commaAt = i;
  }
  return "";
}

describe("D1's 100 bound parameters", () => {
  it("are out of reach: no inArray takes a list that can grow", () => {
    const unbounded: string[] = [];
    let seen = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\binArray\(/g)) {
        seen++;
        const list = secondArgument(source, match.index! + "inArray".length);
        const fine =
          list.startsWith("[") || // written out in the code
          /^db\s*\.\s*select\b/.test(list) || // a subquery
          list in bounded;
        if (!fine) unbounded.push(`${file}: inArray(…, ${list.slice(0, 60)}) (use inJsonList, or name why it is bounded)`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(unbounded).toEqual([]);
  });
});
