// The browser tests' fake Stripe, shared by the run's build (e2e/app-server.ts writes these into
// the build's .dev.vars) and Playwright's global setup (which starts the fake on this port).
/** @param {number} appPort */
export function e2eStripe(appPort) {
  const port = appPort + 100;
  return {
    port,
    apiBase: `http://127.0.0.1:${port}`,
    secretKey: "sk_test_e2e_browser_tests",
    webhookSecret: "whsec_e2e_browser_tests",
  };
}
