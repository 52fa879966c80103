import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settings } from "../schema/settings";
import worker from "../worker/index";
import { guardedEnv } from "./helpers/d1-guard";
import { newChatSessionId } from "./helpers/factories-chat";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-23T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "*/5 * * * *" }), guardedEnv(env), ctx);
  await waitOnExecutionContext(ctx);
}

const count = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n");

describe("what the cron deletes (periods from schema/settings.ts, as the privacy page states them)", () => {
  it("deletes chat conversations 12 months after their last message, and keeps newer ones whole", async () => {
    expect(settings.retention.chatMonths).toBe(12);
    const old = newChatSessionId();
    const recent = newChatSessionId();
    const insert = (session: string, at: number) =>
      env.DB.prepare(
        "INSERT INTO chat_messages (session_id, message, sender, timestamp, created_at) VALUES (?1, 'hi', 'customer', ?2, ?2)",
      ).bind(session, iso(at));
    await env.DB.batch([
      insert(old, NOW - 400 * DAY),
      insert(old, NOW - 370 * DAY),
      // Started long ago, but its last message is recent: the whole conversation stays.
      insert(recent, NOW - 400 * DAY),
      insert(recent, NOW - 10 * DAY),
    ]);
    await runCron();
    expect(await count("SELECT COUNT(*) AS n FROM chat_messages WHERE session_id = ?1", old)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM chat_messages WHERE session_id = ?1", recent)).toBe(2);
  });

  it("deletes outbox copies and stored e-mails that are done after 90 days", async () => {
    expect(settings.retention.outboxDays).toBe(90);
    const tag = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO outbox (kind, `to`, subject, html, text, created_at) VALUES ('order', ?1, 'old', '', '', ?2), ('order', ?1, 'new', '', '', ?3)",
      ).bind(`${tag}@example.com`, iso(NOW - 91 * DAY), iso(NOW - 89 * DAY)),
      env.DB.prepare(
        "INSERT INTO outgoing_emails (kind, `to`, subject, html, text, status, created_at) VALUES ('order', ?1, 'old sent', '', '', 'sent', ?2), ('order', ?1, 'old queued', '', '', 'queued', ?2)",
      ).bind(`${tag}@example.com`, iso(NOW - 91 * DAY)),
    ]);
    await runCron();
    const subjects = await env.DB.prepare("SELECT subject FROM outbox WHERE `to` = ?1").bind(`${tag}@example.com`).all();
    expect(subjects.results.map((r) => r.subject)).toEqual(["new"]);
    // An e-mail still waiting to go is never thrown away.
    const stored = await env.DB.prepare("SELECT subject FROM outgoing_emails WHERE `to` = ?1").bind(`${tag}@example.com`).all();
    expect(stored.results.map((r) => r.subject)).toEqual(["old queued"]);
  });

  it("forgets sign-ups nobody confirmed within 30 days, and sign-in records after 180 days", async () => {
    const stale = `stale-${crypto.randomUUID()}@example.com`;
    const fresh = `fresh-${crypto.randomUUID()}@example.com`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO email_subscribers (email, status, signed_up_at) VALUES (?1, 'pending', ?2)").bind(
        stale,
        iso(NOW - 31 * DAY),
      ),
      env.DB.prepare("INSERT INTO email_subscribers (email, status, signed_up_at) VALUES (?1, 'pending', ?2)").bind(
        fresh,
        iso(NOW - 2 * DAY),
      ),
      env.DB.prepare(
        "INSERT INTO admin_sign_ins (username, address, outcome, created_at) VALUES ('admin', '192.0.2.250', 'success', ?1)",
      ).bind(iso(NOW - 181 * DAY)),
    ]);
    await runCron();
    expect(await count("SELECT COUNT(*) AS n FROM email_subscribers WHERE email IN (?1, ?2)", stale, fresh)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM admin_sign_ins WHERE address = '192.0.2.250'")).toBe(0);
  });

  it("empties over 1,000 stale carts in one run, and keeps a cart touched within 30 days", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const product = (await env.DB.prepare(
      "INSERT INTO products (name, description, price_pence, image, brand, category) VALUES ('Purge Part', 'd', 100, '/x.svg', 'Ideal', 'Valves') RETURNING id",
    ).first<number>("id"))!;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
       INSERT INTO cart_items (session_id, product_id, quantity, created_at, updated_at)
       SELECT 'session_stale_' || ?1 || '_' || i, ?2, 1, ?3, ?3 FROM n`,
    )
      .bind(tag, product, iso(NOW - 31 * DAY))
      .run();
    await env.DB.prepare(
      "INSERT INTO cart_items (session_id, product_id, quantity, created_at, updated_at) VALUES (?1, ?2, 1, ?3, ?3)",
    )
      .bind(`session_fresh_${tag}`, product, iso(NOW - 29 * DAY))
      .run();
    await runCron();
    expect(await count("SELECT COUNT(*) AS n FROM cart_items WHERE session_id LIKE ?1", `session_stale_${tag}_%`)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM cart_items WHERE session_id = ?1", `session_fresh_${tag}`)).toBe(1);
  });
});
