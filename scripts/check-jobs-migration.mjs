// node scripts/check-jobs-migration.mjs: the jobs' migrations (0024 jobs, 0027 a quote's job) run on
// the ten-year seed, as production will run them on a database that has years of visits and quotes.
// A scratch local database (its own state folder) is migrated to 0023, seeded (the demo data and
// `seed:scale`), then given 0024 onwards; then every visit must be in exactly one job of its own
// customer and property, every quote on one (an accepted quote on its visit's, any other on its own),
// every invoice made from a visit or a quote must bill that job, and the documents' links to their
// visits must be what they were.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { seedScale } from "./seed-scale.mjs";

const state = mkdtempSync(join(tmpdir(), "jobs-migration-"));
const env = { ...process.env, STATE_DIR: state, CI: "true" };
// The scratch database's migrations are a folder of its own (the repository's files are never moved),
// named by a copy of the config.
const scratch = join(state, "migrations");
const config = join(state, "wrangler.toml");
const wrangler = (args) =>
  execFileSync("npx", ["wrangler", "d1", ...args, "DB", "--local", "--persist-to", state, "--config", config], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env,
  });
const sql = (command) => JSON.parse(wrangler(["execute", "--json", "--command", command]).replace(/^[^[]*/, ""))[0].results;

// The migrations from 0024 on wait while the seed is written at 0023.
const all = readdirSync("migrations").filter((f) => /^\d{4}_.*\.sql$/.test(f));
const later = all.filter((f) => Number(f.slice(0, 4)) >= 24);
const copy = (files) => {
  for (const file of files) copyFileSync(join("migrations", file), join(scratch, file));
};
const linksAt = (visitOfQuote) => `SELECT
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0)), 0) FROM gas_safety_records) AS records,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0)), 0) FROM service_sheets) AS sheets,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(record_id, 0)), 0) FROM warning_notices) AS notices,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(service_record_id, 0) + COALESCE(estimate_id, 0)), 0) FROM invoices) AS invoices,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(id * 7 + COALESCE(${visitOfQuote}, 0)), 0) FROM estimates) AS quotes,
  (SELECT COUNT(*) || ':' || COALESCE(SUM(version), 0) FROM service_records) AS visits`;

try {
  mkdirSync(scratch);
  writeFileSync(
    config,
    readFileSync("wrangler.toml", "utf8").replaceAll(
      'migrations_dir = "migrations"',
      `migrations_dir = ${JSON.stringify(scratch)}`,
    ),
  );
  copy(all.filter((f) => !later.includes(f)));
  wrangler(["migrations", "apply"]);
  execFileSync("node", ["scripts/seed.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
  seedScale(env);
  // The seed has visits but no quotes: one visit in twenty an accepted quote's, and one customer in
  // seven with a quote of their own, as a draft, sent or declined (at their first property, if any).
  wrangler([
    "execute",
    "--command",
    `INSERT INTO estimates (customer_id, property_id, status, title, valid_until, job_id, created_at)
       SELECT customer_id, property_id, 'accepted', 'Quote for ' || service_type, '2030-01-01', id, created_at
       FROM service_records WHERE id % 20 = 0;
     INSERT INTO estimates (customer_id, property_id, status, title, valid_until, created_at)
       SELECT c.id, (SELECT p.id FROM properties AS p WHERE p.customer_id = c.id ORDER BY p.id LIMIT 1),
         CASE c.id % 3 WHEN 0 THEN 'draft' WHEN 1 THEN 'sent' ELSE 'declined' END, 'A new boiler', '2030-01-01', c.created_at
       FROM customers AS c WHERE c.id % 7 = 0;`,
  ]);
  copy(later);
  const before = sql(linksAt("job_id"))[0];
  const [{ visits, quotes }] = sql(
    "SELECT (SELECT COUNT(*) FROM service_records) AS visits, (SELECT COUNT(*) FROM estimates) AS quotes",
  );
  const started = performance.now();
  wrangler(["migrations", "apply"]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const after = sql(linksAt("visit_id"))[0];
  const [checks] = sql(`SELECT
    (SELECT COUNT(*) FROM jobs) AS jobs,
    (SELECT COUNT(*) FROM service_records WHERE job_id IS NULL) AS without_job,
    (SELECT COUNT(*) FROM (SELECT job_id FROM service_records GROUP BY job_id HAVING COUNT(*) > 1)) AS shared_jobs,
    (SELECT COUNT(*) FROM estimates WHERE job_id IS NULL) AS quotes_without_job,
    (SELECT COUNT(*) FROM estimates AS e JOIN service_records AS v ON v.id = e.visit_id WHERE e.job_id IS NOT v.job_id) AS quotes_off_visit,
    (SELECT COUNT(*) FROM estimates AS e JOIN jobs AS j ON j.id = e.job_id WHERE e.visit_id IS NULL
      AND (j.customer_id IS NOT e.customer_id OR j.property_id IS NOT e.property_id
        OR EXISTS (SELECT 1 FROM service_records AS v WHERE v.job_id = j.id)
        OR EXISTS (SELECT 1 FROM estimates AS o WHERE o.job_id = j.id AND o.id <> e.id))) AS quotes_not_own,
    (SELECT COUNT(*) FROM estimates WHERE visit_id IS NULL) AS quotes_alone,
    (SELECT COUNT(*) FROM service_records AS v JOIN jobs AS j ON j.id = v.job_id
      WHERE j.customer_id IS NOT v.customer_id OR j.property_id IS NOT v.property_id) AS elsewhere,
    (SELECT COUNT(*) FROM invoices AS i WHERE (i.service_record_id IS NOT NULL OR i.estimate_id IS NOT NULL) AND i.job_id IS NULL
      AND COALESCE(i.service_record_id, (SELECT e.visit_id FROM estimates AS e WHERE e.id = i.estimate_id)) IS NOT NULL) AS unbilled`);
  const problems = [
    checks.jobs !== visits + checks.quotes_alone &&
      `${checks.jobs} jobs for ${visits} visits and ${checks.quotes_alone} quotes without a visit`,
    checks.quotes_without_job > 0 && `${checks.quotes_without_job} quotes without a job`,
    checks.quotes_off_visit > 0 && `${checks.quotes_off_visit} accepted quotes not on their visit's job`,
    checks.quotes_not_own > 0 && `${checks.quotes_not_own} quotes without a visit not on a job of their own at their place`,
    checks.without_job > 0 && `${checks.without_job} visits without a job`,
    checks.shared_jobs > 0 && `${checks.shared_jobs} jobs with more than one visit`,
    checks.elsewhere > 0 && `${checks.elsewhere} jobs not at their visit's customer and property`,
    checks.unbilled > 0 && `${checks.unbilled} invoices not on their visit's or quote's job`,
    JSON.stringify(before) !== JSON.stringify(after) && `links changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
  ].filter(Boolean);
  console.log(
    `${later.join(", ")} on ${visits} visits and ${quotes} quotes: ${seconds} s; ${checks.jobs} jobs; links ${JSON.stringify(after)}`,
  );
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exitCode = 1;
  } else
    console.log(
      "every visit in exactly one job, at its customer and property; every quote on one, its visit's or its own; every link as it was",
    );
} finally {
  rmSync(state, { recursive: true, force: true });
}
