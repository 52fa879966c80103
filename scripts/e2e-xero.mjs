// The browser tests' fake Xero (test/fakes/xero.ts), shared by the run's build (e2e/app-server.ts
// writes these into the build's .dev.vars) and Playwright's global setup (which starts the fake on
// this port). Xero sends the browser back to the redirect URL the app names (PUBLIC_SITE_URL's
// /admin/settings): e2e/xero-settings.spec.ts carries it on to its worker's own port.
/** @param {number} appPort */
export function e2eXero(appPort) {
  const port = appPort + 101;
  return {
    port,
    apiBase: `http://127.0.0.1:${port}`,
    clientId: "e2e-browser-tests",
    clientSecret: "e2e-browser-tests-secret",
  };
}
