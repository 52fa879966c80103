// node scripts/check-jobs-migration.mjs: migration 0024 (jobs) run on the ten-year seed, as production
// will run it on a database that has years of visits. A scratch local database (its own state folder)
// is migrated to 0023, seeded (the demo data and `seed:scale`), then given 0024; then every visit must
// be in exactly one job of its own customer and property, every invoice made from a visit or a quote
// must bill that job, and the documents' links to their visits must be what they were.
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { seedScale } from "./seed-scale.mjs";

const state = mkdtempSync(join(tmpdir(), "jobs-migration-"));
const env = { ...process.env, STATE_DIR: state, CI: "true" };
const wrangler = (args) =>
  execFileSync("npx", ["wrangler", "d1", ...args, "DB", "--local", "--persist-to", state], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env,
  });
const sql = (command) => JSON.parse(wrangler(["execute", "--json", "--command", command]).replace(/^[^[]*/, ""))[0].results;

const migration = "migrations/0024_jobs.sql";
const aside = join(state, "0024_jobs.sql");
const links = `SELECT
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0)), 0) FROM gas_safety_records) AS records,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0)), 0) FROM service_sheets) AS sheets,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(record_id, 0)), 0) FROM warning_notices) AS notices,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0) + COALESCE(estimate_id, 0)), 0) FROM invoices) AS invoices,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(job_id, 0)), 0) FROM estimates) AS quotes,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(version), 0) FROM service_records) AS visits`;

try {
  renameSync(migration, aside);
  try {
    wrangler(["migrations", "apply"]);
    execFileSync("node", ["scripts/seed.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
    seedScale(env);
  } finally {
    renameSync(aside, migration);
  }
  const before = sql(links)[0];
  const [{ visits }] = sql("SELECT COUNT(*) AS visits FROM service_records");
  const started = performance.now();
  wrangler(["migrations", "apply"]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const after = sql(links)[0];
  const [checks] = sql(`SELECT
    (SELECT COUNT(*) FROM jobs) AS jobs,
    (SELECT COUNT(*) FROM service_records WHERE job_id IS NULL) AS without_job,
    (SELECT COUNT(*) FROM (SELECT job_id FROM service_records GROUP BY job_id HAVING COUNT(*) > 1)) AS shared_jobs,
    (SELECT COUNT(*) FROM service_records AS v JOIN jobs AS j ON j.id = v.job_id
      WHERE j.customer_id IS NOT v.customer_id OR j.property_id IS NOT v.property_id) AS elsewhere,
    (SELECT COUNT(*) FROM invoices AS i WHERE (i.service_record_id IS NOT NULL OR i.estimate_id IS NOT NULL) AND i.job_id IS NULL
      AND COALESCE(i.service_record_id, (SELECT e.job_id FROM estimates AS e WHERE e.id = i.estimate_id)) IS NOT NULL) AS unbilled`);
  const problems = [
    checks.jobs !== visits && `${checks.jobs} jobs for ${visits} visits`,
    checks.without_job > 0 && `${checks.without_job} visits without a job`,
    checks.shared_jobs > 0 && `${checks.shared_jobs} jobs with more than one visit`,
    checks.elsewhere > 0 && `${checks.elsewhere} jobs not at their visit's customer and property`,
    checks.unbilled > 0 && `${checks.unbilled} invoices not on their visit's or quote's job`,
    JSON.stringify(before) !== JSON.stringify(after) && `links changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
  ].filter(Boolean);
  console.log(`0024 on ${visits} visits: ${seconds} s; ${checks.jobs} jobs; links ${JSON.stringify(after)}`);
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exitCode = 1;
  } else console.log("every visit in exactly one job, at its customer and property; every link as it was");
} finally {
  rmSync(state, { recursive: true, force: true });
}
