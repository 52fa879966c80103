/** The browser tests' fake Stripe: its port (beside the app's) and the secrets the app is given. */
export function e2eStripe(appPort: number): { port: number; apiBase: string; secretKey: string; webhookSecret: string };
