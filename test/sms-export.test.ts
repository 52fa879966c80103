import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../worker/db/client";
import { sendText } from "../worker/services/sms/texts";
import { account, signIn } from "./helpers/account";
import { createCustomer } from "./helpers/factories-admin";
import { inboundText, smsEnv, uniqueMobile } from "./helpers/sms";

// Issue 49 with the customer's right of access: the texts sent to a customer and their replies are in
// their data export, with the review requests sent them; another customer's are not.

const configured = { ...env, ...smsEnv };

async function textedCustomer(words: string) {
  const mobile = uniqueMobile();
  const customer = await createCustomer({ phone: mobile.national });
  const sent = await sendText(configured, getDb(env), {
    kind: "on-my-way",
    phone: mobile.national,
    body: `${words}: Dave is on his way, about 20 minutes.`,
    customerId: customer.id,
  });
  expect(sent.sent).toBe(true);
  return { mobile, customer };
}

describe("the customer's data export", () => {
  it("holds the texts sent to them and their replies, and none of another customer's", async () => {
    const ann = await textedCustomer("For Ann");
    const bob = await textedCustomer("For Bob");
    const reply = await inboundText(ann.mobile.e164, "Thanks, see you soon");
    expect(reply.status).toBe(200);

    const { body: exported } = await account(await signIn(ann.customer.email!), "/export");
    expect(exported.texts).toEqual([
      expect.objectContaining({
        direction: "out",
        kind: "on-my-way",
        phone: ann.mobile.e164,
        text: expect.stringContaining("For Ann"),
      }),
      expect.objectContaining({ direction: "in", phone: ann.mobile.e164, text: "Thanks, see you soon" }),
    ]);
    expect(JSON.stringify(exported.texts)).not.toContain(bob.mobile.e164);
    expect(exported.reviewRequests).toEqual([]);
  });
});
