import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async ({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // The Worker's database (as wrangler.toml binds it) and an empty one the restore rehearsal
        // loads a backup into (test/backup-restore.test.ts).
        d1Databases: { DB: "00000000-0000-0000-0000-000000000000", RESTORE_DB: "restore-rehearsal" },
        bindings: {
          // The same SQL files `wrangler d1 migrations apply` uses, applied by test/apply-migrations.ts.
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          // Fakes of outside services started by test/global-setup.ts. No keys are bound here:
          // a test that needs "configured" behaviour passes its own env to app.fetch.
          STRIPE_API_BASE: inject("stripeApiBase"),
          MAIL_API_BASE: inject("mailApiBase"),
          // One fake serves Xero's three hosts (login, identity, API): test/fakes/xero.ts.
          XERO_LOGIN_BASE: inject("xeroApiBase"),
          XERO_IDENTITY_BASE: inject("xeroApiBase"),
          XERO_API_BASE: inject("xeroApiBase"),
          TWILIO_API_BASE: inject("smsApiBase"),
        },
      },
    })),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // sql-gate-setup.ts reads every statement the tests make D1 run and fails the test that sent a
    // correlated subquery with an unqualified outer column (decision 013, test/helpers/sql-gate.ts).
    setupFiles: ["./test/apply-migrations.ts", "./test/sql-gate-setup.ts", "./test/console-guard.ts"],
    testTimeout: 20_000,
    // One file per core, not Vitest's default of one fewer: the tests run in workerd processes of
    // their own, so the runner's process is mostly idle, and on a 2-core machine the default ran the
    // files one at a time (worker suite 379 s → 250 s on these machines).
    maxWorkers: availableParallelism(),
  },
});
