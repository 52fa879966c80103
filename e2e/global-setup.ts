import { e2eStripe } from "../scripts/e2e-stripe.mjs";
import { startFakeStripe } from "../test/fakes/stripe";

/**
 * The browser tests' Stripe: the same fake the Worker tests use, playing Stripe's hosted Checkout
 * page and delivering signed webhooks to the app under test (whose .dev.vars, written by
 * scripts/e2e-server.mjs, point its Stripe client here with the same secrets).
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 8788);
  const stripe = e2eStripe(port);
  const server = await startFakeStripe({
    port: stripe.port,
    webhook: { url: `http://localhost:${port}/api/stripe/webhook`, secret: stripe.webhookSecret },
  });
  return () => server.close();
}
