import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the built app served by `vite preview` (the real Worker, real local
 * D1/R2). Each run builds once into its own folder (E2E_PORT picks the ports), and each of its
 * workers serves that build with its own fresh local state and fake Stripe on its own port
 * (e2e/app-server.ts), so workers, parallel runs and `npm start` never share data. A spec file's
 * tests run in order on one worker; the files are shared out between E2E_WORKERS workers.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const runId = `e2e-${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Three on two cores: one worker (a browser and its own server) keeps under half a core busy, as
  // measured (153 s of CPU over 345 s), most of its time waiting on pages and the server.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Each run (port) keeps its own failure artefacts, so parallel runs never delete each other's.
  outputDir: `test-results/${runId}`,
  globalSetup: "./e2e/global-setup.ts",
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
