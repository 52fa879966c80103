import { e2eStripe } from "../scripts/e2e-stripe.mjs";
import { e2eXero } from "../scripts/e2e-xero.mjs";
import { startFakeStripe } from "../test/fakes/stripe";
import { startFakeXero } from "../test/fakes/xero";
import { basePort, buildApp } from "./app-server";

/**
 * The run's one build, its fake Stripe, which plays Stripe's hosted Checkout page and delivers each
 * signed webhook to the app (worker) that made the session, and its fake Xero (consent, tokens and
 * the Accounting API; each worker's app connects an organisation of its own). Each worker then serves
 * the build with its own local state (e2e/app-server.ts, started by the `appServer` fixture).
 */
export default async function globalSetup() {
  buildApp();
  const stripe = e2eStripe(basePort());
  const [server, xero] = await Promise.all([
    startFakeStripe({ port: stripe.port, webhook: { secret: stripe.webhookSecret } }),
    startFakeXero(e2eXero(basePort()).port),
  ]);
  return () => Promise.all([server.close(), xero.close()]);
}
