import { env } from "cloudflare:workers";
import { afterAll, afterEach } from "vitest";
import { describeRefusals, installSqlGate, takeRefusals } from "./helpers/sql-gate-hook";

// The wrong-house gate (issue 42.1, decision 013): every statement the tests make D1 run, from the
// app through exports.default.fetch, services, cron and queue handlers, and the tests' own, is read
// by test/helpers/sql-gate.ts. A refused or unreadable statement fails the test that sent it, here,
// naming the statement and the column.
await installSqlGate(env.DB);

function refuse() {
  const refusals = takeRefusals();
  if (refusals.length > 0) throw new Error(describeRefusals(refusals));
}

afterEach(refuse);
afterAll(refuse);
