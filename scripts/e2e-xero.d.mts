/** The browser tests' fake Xero: its port (beside the app's and the fake Stripe's) and the Xero app's settings the app is given. */
export function e2eXero(appPort: number): { port: number; apiBase: string; clientId: string; clientSecret: string };
