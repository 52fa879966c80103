import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { adminHeaders } from "./helpers/admin";
import { addSubscriber, outboxFor, recipientRows, sampleCampaign } from "./helpers/factories-campaigns";
import { call, callJson } from "./helpers/http";

/** The real local Queue delivers to the Worker's own consumer a moment later. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it("sends a campaign through the real Queue: one outbox e-mail per active subscriber, each with a working unsubscribe link", async () => {
  const active = [await addSubscriber(), await addSubscriber(), await addSubscriber()];
  const unsubscribed = await addSubscriber(undefined, false);

  const { status, body } = await callJson("/api/admin/send-campaign", {
    method: "POST",
    headers: await adminHeaders(),
    json: { emails: [...active, unsubscribed], campaign: sampleCampaign },
  });
  expect(status).toBe(202);
  expect(body).toMatchObject({ successCount: 3, skipped: [unsubscribed] });

  const rows = await waitFor(
    () => recipientRows(body.campaignId),
    (r) => r.every((row) => row.status === "sent"),
  );
  expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  for (const email of active) expect(await outboxFor(email)).toHaveLength(1);
  expect(await outboxFor(unsubscribed)).toHaveLength(0);

  const { body: history } = await callJson("/api/admin/campaigns", { headers: await adminHeaders() });
  const campaign = history.find((c: { id: number }) => c.id === body.campaignId);
  expect(campaign).toMatchObject({ status: "sent", counts: { total: 3, queued: 0, sent: 3, failed: 0 } });

  // Follow the first e-mail's visible link, confirm, and check the one-click header target too.
  const [mail] = await outboxFor(active[0]!);
  const pageLink = /href="(http:\/\/localhost:8787\/unsubscribe\?token=[^"]+)"/.exec(mail!.html)![1]!;
  const page = await call(new URL(pageLink).pathname + new URL(pageLink).search);
  expect(page.status).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
  const confirm = await call("/api/unsubscribe", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(await confirm.text()).toContain("You're unsubscribed");

  const [secondMail] = await outboxFor(active[1]!);
  const oneClick = /^<([^>]+)>/.exec(JSON.parse(secondMail!.headers)["List-Unsubscribe"])![1]!;
  const oneClickRes = await call(new URL(oneClick).pathname + new URL(oneClick).search, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClickRes.status).toBe(200);

  const { results } = await env.DB.prepare("SELECT email, status FROM email_subscribers WHERE email IN (?1, ?2, ?3) ORDER BY id")
    .bind(...active)
    .all();
  expect(results.map((r) => r.status)).toEqual(["unsubscribed", "unsubscribed", "active"]);

  // The next campaign skips the two who left.
  const next = await callJson("/api/admin/send-campaign", {
    method: "POST",
    headers: await adminHeaders(),
    json: { emails: active, campaign: { ...sampleCampaign, subject: "Emergency Repair Priority" } },
  });
  expect(next.body).toMatchObject({ successCount: 1, skipped: [active[0], active[1]] });
  await waitFor(
    () => outboxFor(active[2]!),
    (mails) => mails.length === 2,
  );
  expect((await outboxFor(active[0]!)).length).toBe(1);
});
