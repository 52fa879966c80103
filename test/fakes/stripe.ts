import { type FakeServer, sendJson, startFakeServer } from "./server";

/** Placeholder until the payments work implements Stripe's Checkout Session API here. */
export function startFakeStripe(): Promise<FakeServer> {
  return startFakeServer((_req, _body, res) => sendJson(res, 501, { error: { message: "not implemented in the fake" } }));
}
