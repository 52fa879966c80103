import { describe, expect, it } from "vitest";
import { callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";

const deliver = async (event: unknown) =>
  callAppJson<{ error: string; code: string; details?: { path: string; message: string }[] }>("/api/stripe/webhook", {
    method: "POST",
    ...(await signedWebhook(event)),
    env: stripeEnv,
  });

describe("a correctly signed Stripe event the webhook cannot read", () => {
  it("is a 400 naming what is missing, for an event whose data has a null object or no data at all, recording nothing", async () => {
    const nullObject = stripeEvent("checkout.session.completed", null);
    const { data: _, ...noData } = stripeEvent("checkout.session.completed", {});
    const cases = [
      [nullObject, "data.object", "Its data has no object"],
      [{ ...stripeEvent("checkout.session.expired", {}), data: { object: [] } }, "data.object", "Its data has no object"],
      [noData, "data", "It has no data"],
      [{ ...stripeEvent("checkout.session.completed", {}), data: null }, "data", "It has no data"],
      [{ ...stripeEvent("checkout.session.completed", {}), id: undefined }, "id", "It has no id"],
      [{ ...stripeEvent("checkout.session.completed", {}), type: 7 }, "type", "It has no type"],
      [null, "", "The body is not an object"],
    ] as const;
    for (const [event, path, message] of cases) {
      const { status, body } = await deliver(event);
      expect(status, JSON.stringify(event)).toBe(400);
      expect(body).toMatchObject({
        code: "VALIDATION_FAILED",
        error: `This Stripe event cannot be used. ${message}.`,
        details: [{ path, message }],
      });
    }
    expect(await query("SELECT id FROM stripe_events WHERE id = ?1", nullObject.id)).toEqual([]);
  });

  it("still takes a well-formed event it has no use for", async () => {
    const { status, body } = await deliver(stripeEvent("customer.created", { id: "cus_test_1", object: "customer" }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ received: true, ignored: true });
  });
});
