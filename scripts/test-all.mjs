// npm test: every suite in order — lockfile completeness, lint, binding types up to date (`wrangler types --check`),
// typecheck, the offline deploy dry-run, Worker tests in the
// Workers runtime, browser tests — then one line "N passed, M failed" summing them all.
// Lint, the types check, typecheck and the dry run count as one check each; the test runners count their tests.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync("test-results", { recursive: true });
const totals = { passed: 0, failed: 0 };
const summary = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function check(name, cmd, args) {
  const { ok, seconds } = run(name, cmd, args);
  totals[ok ? "passed" : "failed"] += 1;
  summary.push(`${name}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

check("lockfile", "node", ["scripts/lock-platforms.mjs", "--check"]);
check("lint", "npx", ["biome", "check", "."]);
check("binding types", "npx", ["wrangler", "types", "--env-interface", "Env", "worker-configuration.d.ts", "--check"]);
check("typecheck", "npx", ["tsc", "-b"]);
check("deploy dry-run", "node", ["scripts/deploy.mjs", "--dry-run"]);

{
  const file = "test-results/vitest.json";
  rmSync(file, { force: true });
  const { ok, seconds } = run("worker tests", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${file}`,
  ]);
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (ok || report?.numFailedTests ? 0 : 1);
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`worker tests: ${passed} passed, ${failed} failed (${seconds}s)`);
}

{
  const file = "test-results/e2e.json";
  rmSync(file, { force: true });
  const { ok, seconds } = run("browser tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const stats = readJson(file)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (ok || stats?.unexpected ? 0 : 1);
  totals.passed += passed;
  totals.failed += failed;
  summary.push(
    `browser tests: ${passed} passed, ${failed} failed${stats?.skipped ? `, ${stats.skipped} skipped` : ""} (${seconds}s)`,
  );
}

console.log(`\n${summary.join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
