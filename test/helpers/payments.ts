/** A shop cart taken to the (fake) Stripe checkout, as the card-payment tests start it. */
import { env } from "cloudflare:workers";
import { createProduct } from "./factories";
import { callAppJson, newCartSession, putInCart, query, stripeEnv } from "./factories-commerce";

export const stripeBase = () => env.STRIPE_API_BASE!;

/** Two valves at £129.99 and a fan at £50.00 in a fresh cart: £309.98. */
export async function cartWithItems() {
  const session = newCartSession();
  const valve = await createProduct({ name: "Gas Valve VK4105", brand: "Honeywell", pricePence: 12999 });
  const fan = await createProduct({ name: "Fan Assembly", brand: "Baxi", pricePence: 5000 });
  await putInCart(session, valve.id, 2);
  await putInCart(session, fan.id, 1);
  return { session, valve, fan };
}

export async function startCheckout(session: string, json: Record<string, unknown> = {}) {
  const result = await callAppJson("/api/create-checkout-session", {
    method: "POST",
    session,
    json: { amount: "309.98", productName: "3 Heating Components", quantity: 3, ...json },
    env: stripeEnv,
  });
  const [order] = await query<Record<string, any>>("SELECT * FROM orders WHERE session_id = ?1", session);
  return { ...result, order: order! };
}
