import { e2eStripe } from "../scripts/e2e-stripe.mjs";
import { startFakeStripe } from "../test/fakes/stripe";
import { basePort, buildApp } from "./app-server";

/**
 * The run's one build and its fake Stripe, which plays Stripe's hosted Checkout page and delivers
 * each signed webhook to the app (worker) that made the session. Each worker then serves the build
 * with its own local state (e2e/app-server.ts, started by the `appServer` fixture).
 */
export default async function globalSetup() {
  buildApp();
  const stripe = e2eStripe(basePort());
  const server = await startFakeStripe({ port: stripe.port, webhook: { secret: stripe.webhookSecret } });
  return () => server.close();
}
