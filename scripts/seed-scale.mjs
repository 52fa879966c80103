// npm run seed:scale: adds ten years of a busy firm (scripts/seed-data/scale.mjs: 20,000 customers
// with 60,000 visits, 30,000 subscribers, 20,000 quote requests, 20,000 orders) to the local
// database, beside the demo data, in one `wrangler d1 execute`; then ten years of its paperwork
// (scripts/seed-data/scale-documents.mjs: 30,000 invoices with their payments and credit notes,
// 8,000 quotes in every state with versions and acceptances, 12,000 gas safety records with warning
// notices, 20,000 service sheets, on those visits) in a second. Run it once; a second run adds
// nothing. STATE_DIR selects another local state folder, as the seed does. The documents need the
// latest schema; `seedScale` alone runs on an older one (scripts/check-jobs-migration.mjs).

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { SCALE, SCALE_MARKER_SQL, scaleStatements } from "./seed-data/scale.mjs";
import { COUNTS_SQL, PROBLEMS_SQL } from "./seed-data/scale-checks.mjs";
import { DOCUMENTS, DOCUMENTS_MARKER_SQL, documentStatements } from "./seed-data/scale-documents.mjs";
import { UNHASHED_ACCEPTANCES_SQL } from "./seed-data/scale-quotes.mjs";

/** `wrangler d1 execute` on the local database STATE_DIR names. */
const wranglerOn = (env) => {
  const persist = env.STATE_DIR ? ["--persist-to", env.STATE_DIR] : [];
  return (args) =>
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...persist, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...env, CI: "true" },
      maxBuffer: 64 * 1024 * 1024,
    });
};

/** The rows of one query. */
const query = (wrangler, sql) => JSON.parse(wrangler(["--json", "--command", sql]))[0].results;

/** The statements as one file, run in one `wrangler d1 execute`. */
function runStatements(wrangler, statements) {
  const folder = mkdtempSync(join(tmpdir(), "seed-scale-"));
  const file = join(folder, "scale.sql");
  writeFileSync(file, `${statements.map((s) => `${s};`).join("\n")}\n`);
  try {
    wrangler(["--file", file]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Loads the generated rows unless they are there already; answers whether it loaded them. */
export function seedScale(env = process.env) {
  const wrangler = wranglerOn(env);
  if (query(wrangler, SCALE_MARKER_SQL)[0].n > 0) return false;
  runStatements(wrangler, scaleStatements());
  return true;
}

/**
 * Loads the generated documents on the generated visits (seedScale first) unless they are there
 * already; answers whether it loaded them. Then each acceptance's SHA-256 of the content it accepted,
 * which SQL cannot compute, in statements of 200 rows.
 */
export function seedScaleDocuments(env = process.env) {
  const wrangler = wranglerOn(env);
  if (query(wrangler, DOCUMENTS_MARKER_SQL)[0].n > 0) return false;
  runStatements(wrangler, documentStatements());
  const rows = query(wrangler, UNHASHED_ACCEPTANCES_SQL);
  const updates = [];
  for (let i = 0; i < rows.length; i += 200) {
    const cases = rows
      .slice(i, i + 200)
      .map((r) => `WHEN ${Number(r.id)} THEN '${createHash("sha256").update(r.content).digest("hex")}'`);
    updates.push(`UPDATE estimate_acceptances SET content_sha256 = CASE id ${cases.join(" ")} END
      WHERE id IN (${rows
        .slice(i, i + 200)
        .map((r) => Number(r.id))
        .join(", ")})`);
  }
  if (updates.length > 0) runStatements(wrangler, updates);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
  let started = performance.now();
  console.log(
    seedScale()
      ? `seed:scale: ${SCALE.customers} customers, ${SCALE.customers * SCALE.visitsPerCustomer} visits, ${SCALE.subscribers} subscribers, ${SCALE.quotes} quote requests and ${SCALE.orders} orders added in ${seconds(started)} s`
      : "seed:scale: the generated rows are there already; nothing added",
  );
  started = performance.now();
  console.log(
    seedScaleDocuments()
      ? `seed:scale: ${DOCUMENTS.invoices} invoices, ${DOCUMENTS.quotes} quotes, ${DOCUMENTS.gasSafetyRecords} gas safety records and ${DOCUMENTS.serviceSheets} service sheets added in ${seconds(started)} s`
      : "seed:scale: the generated documents are there already; nothing added",
  );
  // What is there now, and whether the documents agree with each other (every problem count 0).
  const wrangler = wranglerOn(process.env);
  console.log(query(wrangler, COUNTS_SQL)[0]);
  const problems = Object.entries(query(wrangler, PROBLEMS_SQL)[0]).filter(([, n]) => n !== 0);
  if (problems.length > 0) {
    console.error(`seed:scale: documents that do not agree: ${problems.map(([what, n]) => `${what} ${n}`).join(", ")}`);
    process.exitCode = 1;
  } else console.log("seed:scale: every invoice's sums, number, job and quote's job agree");
}
