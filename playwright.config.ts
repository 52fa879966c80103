import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the built app served by `vite preview` (the real Worker, real local
 * D1/R2). Each run builds into its own folder with its own fresh local state (E2E_PORT picks the
 * port), so parallel runs and `npm start` never share data.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const runId = `e2e-${port}`;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Each run (port) keeps its own failure artefacts, so parallel runs never delete each other's.
  outputDir: `test-results/${runId}`,
  globalSetup: "./e2e/global-setup.ts",
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    baseURL,
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
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { BUILD_DIR: `.e2e/${runId}/dist`, STATE_DIR: `.e2e/${runId}/state` },
  },
});
