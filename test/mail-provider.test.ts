import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getMailer, MailError, type MailMessage } from "../worker/services/mail";
import { postmarkMailer } from "../worker/services/mail/provider";
import { uniqueAddress } from "./helpers/factories-campaigns";
import { fakeRequests } from "./helpers/http";

/** The token the fake Postmark (test/fakes/mail-provider.ts) accepts. */
const TOKEN = "fake-postmark-server-token";
const base = env.MAIL_API_BASE!;
const mailer = postmarkMailer({ apiKey: TOKEN, from: "deals@example-heating.co.uk", baseUrl: base });

const campaignMail = (to: string): MailMessage => ({
  kind: "campaign",
  to,
  subject: "Winter Service Offer",
  html: "<p>Hello</p>",
  text: "Hello",
  headers: {
    "List-Unsubscribe": "<https://www.example-heating.co.uk/api/unsubscribe?token=abc>, <mailto:hello@example-heating.co.uk>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

async function sendError(to: string, using = mailer): Promise<MailError> {
  try {
    await using.send(campaignMail(to));
  } catch (error) {
    if (error instanceof MailError) return error;
    throw error;
  }
  throw new Error("expected the send to fail");
}

describe("Postmark mail adapter", () => {
  it("posts the message to /email with the server token, the broadcast stream and the List-Unsubscribe headers", async () => {
    const to = uniqueAddress();
    const { id } = await mailer.send(campaignMail(to));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const request = (await fakeRequests(base)).find((r) => r.body.includes(to))!;
    expect(request).toMatchObject({ method: "POST", path: "/email" });
    expect(request.headers["x-postmark-server-token"]).toBe(TOKEN);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      From: "Northside Heating <deals@example-heating.co.uk>",
      To: to,
      Subject: "Winter Service Offer",
      HtmlBody: "<p>Hello</p>",
      TextBody: "Hello",
      MessageStream: "broadcast",
      Tag: "campaign",
      Headers: [
        {
          Name: "List-Unsubscribe",
          Value: "<https://www.example-heating.co.uk/api/unsubscribe?token=abc>, <mailto:hello@example-heating.co.uk>",
        },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ],
    });
  });

  it("sends other mail through the transactional stream", async () => {
    const to = uniqueAddress("order");
    await mailer.send({ ...campaignMail(to), kind: "order", headers: undefined });
    const request = (await fakeRequests(base)).find((r) => r.body.includes(to))!;
    expect(JSON.parse(request.body)).toMatchObject({ MessageStream: "outbound", Headers: [] });
  });

  it("treats a wrong server token as a permanent failure", async () => {
    const error = await sendError(
      uniqueAddress(),
      postmarkMailer({ apiKey: "wrong", from: "deals@example-heating.co.uk", baseUrl: base }),
    );
    expect(error).toMatchObject({ transient: false, status: 401 });
    expect(error.message).toContain("Bad or missing API token");
  });

  it("treats rate limiting, server errors and maintenance as transient", async () => {
    for (const [prefix, status] of [
      ["fail-429", 429],
      ["fail-500", 500],
      ["fail-503", 503],
    ] as const) {
      expect(await sendError(uniqueAddress(prefix))).toMatchObject({ transient: true, status });
    }
  });

  it("treats a refused recipient (422) as permanent", async () => {
    const error = await sendError(uniqueAddress("fail-422"));
    expect(error).toMatchObject({ transient: false, status: 422 });
    expect(error.message).toContain("ErrorCode 406");
  });

  it("treats an unreachable provider as transient", async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused.
    const unreachable = postmarkMailer({ apiKey: TOKEN, from: "deals@example-heating.co.uk", baseUrl: "http://127.0.0.1:9" });
    expect(await sendError(uniqueAddress(), unreachable)).toMatchObject({ transient: true, status: undefined });
  });

  it("is chosen by getMailer only when both the key and the from address are set", async () => {
    const to = uniqueAddress("choice");
    await getMailer({ ...env, MAIL_API_KEY: TOKEN, MAIL_FROM: "deals@example-heating.co.uk" }).send(campaignMail(to));
    expect((await fakeRequests(base)).some((r) => r.body.includes(to))).toBe(true);

    const local = uniqueAddress("local");
    const { id } = await getMailer({ ...env, MAIL_API_KEY: TOKEN, MAIL_FROM: undefined }).send(campaignMail(local));
    expect(id).toMatch(/^outbox-\d+$/);
    expect((await fakeRequests(base)).some((r) => r.body.includes(local))).toBe(false);
  });
});
