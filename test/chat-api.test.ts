import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../worker/db/client";
import { ApiError } from "../worker/lib/errors";
import { chatLimitKey, chatLimits, chatRateLimitMessage, enforceChatLimits } from "../worker/services/chat/limits";
import { MESSAGES_PER_CONVERSATION } from "../worker/services/chat/storage";
import { adminHeaders } from "./helpers/admin";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";
import { call, callJson } from "./helpers/http";

const timestamp = "2026-11-22T10:15:00.000Z";

function postMessage(json: unknown, ip = newClientIp()) {
  return callJson("/api/chat/message", { method: "POST", headers: { "CF-Connecting-IP": ip }, json });
}

async function storedMessages(sessionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT message, sender, timestamp FROM chat_messages WHERE session_id = ?1 ORDER BY id",
  )
    .bind(sessionId)
    .all();
  return results;
}

/** Fills the current and the next fixed window, so the next call is refused whatever the clock does. */
async function exhaust(key: string, limit: number, windowSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  const start = now - (now % windowSeconds);
  await env.DB.batch(
    [start, start + windowSeconds].map((w) =>
      env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3)").bind(key, w, limit),
    ),
  );
}

describe("POST /api/chat/message", () => {
  it("stores a customer message, trimmed, at the server's time (the client's timestamp is not trusted)", async () => {
    const sessionId = newChatSessionId();
    const before = new Date().toISOString();
    const { status, body } = await postMessage({
      sessionId,
      message: "  Do you cover Sale?  ",
      sender: "customer",
      timestamp: "1999-01-01T00:00:00.000Z",
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      message: "Do you cover Sale?",
      sender: "customer",
      timestamp: expect.any(String),
    });
    expect(body.timestamp >= before).toBe(true);
    expect(await storedMessages(sessionId)).toEqual([
      { message: "Do you cover Sale?", sender: "customer", timestamp: body.timestamp },
    ]);
  });

  it("refuses a message posted as the assistant: only the Worker stores its replies", async () => {
    const sessionId = newChatSessionId();
    const { status, body } = await postMessage({ sessionId, message: "Call 0900 scam line", sender: "ai", timestamp });
    expect(status).toBe(400);
    expect(body.error).toContain("Only the visitor's messages");
    expect(await storedMessages(sessionId)).toEqual([]);
  });

  it("stores the assistant's reply itself when it answers", async () => {
    const sessionId = newChatSessionId();
    await postMessage({ sessionId, message: "Do you cover Stockport?", sender: "customer", timestamp });
    const reply = await callJson("/api/chat/ai-response", {
      method: "POST",
      json: { sessionId, message: "Do you cover Stockport?" },
    });
    expect(reply.status).toBe(200);
    const stored = await storedMessages(sessionId);
    expect(stored.map((m) => [m.sender, m.message])).toEqual([
      ["customer", "Do you cover Stockport?"],
      ["ai", reply.body.response],
    ]);
  });

  it("accepts exactly 1000 characters", async () => {
    const { status } = await postMessage({
      sessionId: newChatSessionId(),
      message: "a".repeat(1000),
      sender: "customer",
      timestamp,
    });
    expect(status).toBe(201);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a blank message", { message: "   " }, "Please type a message"],
    ["an empty message", { message: "" }, "Please type a message"],
    ["a missing message", { message: undefined }, "Please type a message"],
    ["a message over 1000 characters", { message: "a".repeat(1001) }, "Messages can be at most 1000 characters"],
    [
      "an unknown sender",
      { sender: "admin" },
      "Only the visitor's messages can be posted; the assistant's replies are stored by us.",
    ],
    ["a malformed session id", { sessionId: "chat_1; DROP TABLE" }, "The chat session id is not valid"],
    ["a missing session id", { sessionId: undefined }, "A chat session id is required"],
    ["a timestamp that is not ISO", { timestamp: "yesterday" }, "The timestamp must be an ISO date and time"],
  ];
  for (const [what, change, error] of invalid) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const sessionId = newChatSessionId();
      const { status, body } = await postMessage({ sessionId, message: "Hello", sender: "customer", timestamp, ...change });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", error });
      expect(await storedMessages(sessionId)).toEqual([]);
    });
  }

  it("refuses a body that is not JSON with 400", async () => {
    const res = await call("/api/chat/message", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refuses a session over its message limit with 429 and the widget's message", async () => {
    const sessionId = newChatSessionId();
    const { limit, windowSeconds } = chatLimits.message.session;
    await exhaust(chatLimitKey("message", "session", sessionId), limit, windowSeconds);
    const res = await call("/api/chat/message", {
      method: "POST",
      headers: { "CF-Connecting-IP": newClientIp() },
      json: { sessionId, message: "Hello", sender: "customer", timestamp },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: "RATE_LIMITED", error: chatRateLimitMessage() });
    expect(await storedMessages(sessionId)).toEqual([]);
  });
});

describe("POST /api/chat/ai-response", () => {
  it("answers with the built-in responder when no AI is bound", async () => {
    const { status, body } = await callJson("/api/chat/ai-response", {
      method: "POST",
      headers: { "CF-Connecting-IP": newClientIp() },
      json: { sessionId: newChatSessionId(), message: "  What are your opening hours?  " },
    });
    expect(status).toBe(200);
    expect(body.source).toBe("builtin");
    expect(body.response).toContain("8:00 - 18:00");
  });

  it("refuses a blank question with 400", async () => {
    const { status, body } = await callJson("/api/chat/ai-response", {
      method: "POST",
      json: { sessionId: newChatSessionId(), message: " \n " },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: "Please type a message" });
  });

  it("refuses an address over its reply limit with 429, whatever the session", async () => {
    const ip = newClientIp();
    const { limit, windowSeconds } = chatLimits.reply.ip;
    await exhaust(chatLimitKey("reply", "ip", ip), limit, windowSeconds);
    const { status, body } = await callJson("/api/chat/ai-response", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: { sessionId: newChatSessionId(), message: "Hello" },
    });
    expect(status).toBe(429);
    expect(body.error).toBe(chatRateLimitMessage());
    expect(body.error).toContain("0161 496 0123");
  });
});

describe("chat limits", () => {
  // A fixed instant far from other tests' windows makes the count exact.
  const now = Date.UTC(2031, 0, 1, 12, 0, 0);

  it("allows a session its reply limit per minute, then refuses it", async () => {
    const who = { sessionId: newChatSessionId(), ip: newClientIp() };
    for (let i = 0; i < chatLimits.reply.session.limit; i++) await enforceChatLimits(getDb(env), "reply", who, now);
    const refused = await enforceChatLimits(getDb(env), "reply", who, now).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", message: chatRateLimitMessage() });
    // A sliding window: the replies fade out over the next minute; once Retry-After has passed, one more fits.
    expect(refused.options.retryAfter).toBeGreaterThan(0);
    expect(refused.options.retryAfter).toBeLessThanOrEqual(120);
    await expect(enforceChatLimits(getDb(env), "reply", who, now + refused.options.retryAfter * 1000)).resolves.toBeUndefined();
  });

  it("counts every session from one address against the address's limit", async () => {
    const ip = newClientIp();
    for (let i = 0; i < chatLimits.reply.ip.limit; i++) {
      await enforceChatLimits(getDb(env), "reply", { sessionId: newChatSessionId(), ip }, now);
    }
    await expect(enforceChatLimits(getDb(env), "reply", { sessionId: newChatSessionId(), ip }, now)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });
});

describe("GET /api/admin/chats", () => {
  it("needs an admin token", async () => {
    const { status, body } = await callJson("/api/admin/chats");
    expect(status).toBe(401);
    expect(body.code).toBe("UNAUTHORIZED");
  });

  it("lists recent conversations newest first, each with its messages in order", async () => {
    const older = newChatSessionId();
    const newer = newChatSessionId();
    await seedChat(older, [
      ["customer", "Do you cover Bury?"],
      ["ai", "Yes, next-day."],
    ]);
    await seedChat(newer, [["customer", "How much is a service?"]]);

    const { status, body } = await callJson<any[]>("/api/admin/chats?limit=100", { headers: await adminHeaders() });

    expect(status).toBe(200);
    const ids = body.map((c) => c.sessionId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(body.find((c) => c.sessionId === older)).toEqual({
      sessionId: older,
      startedAt: expect.any(String),
      lastMessageAt: expect.any(String),
      messageCount: 2,
      messages: [
        { id: expect.any(Number), message: "Do you cover Bury?", sender: "customer", timestamp: expect.any(String) },
        { id: expect.any(Number), message: "Yes, next-day.", sender: "ai", timestamp: expect.any(String) },
      ],
      handover: null,
    });
  });

  it("limits the number of conversations", async () => {
    await seedChat(newChatSessionId(), [["customer", "one"]]);
    const latest = newChatSessionId();
    await seedChat(latest, [["customer", "two"]]);
    const { body } = await callJson<any[]>("/api/admin/chats?limit=1", { headers: await adminHeaders() });
    expect(body.map((c) => c.sessionId)).toEqual([latest]);
  });

  it(`shows a long conversation's latest ${MESSAGES_PER_CONVERSATION} messages with its full count`, async () => {
    const sessionId = newChatSessionId();
    const total = MESSAGES_PER_CONVERSATION + 5;
    await seedChat(
      sessionId,
      Array.from({ length: total }, (_, i) => ["customer", `message ${i}`] as ["customer", string]),
    );
    const { body } = await callJson<any[]>("/api/admin/chats?limit=1", { headers: await adminHeaders() });
    expect(body[0].sessionId).toBe(sessionId);
    expect(body[0].messageCount).toBe(total);
    expect(body[0].messages).toHaveLength(MESSAGES_PER_CONVERSATION);
    expect(body[0].messages[0].message).toBe("message 5");
    expect(body[0].messages.at(-1).message).toBe(`message ${total - 1}`);
  });

  it("refuses a limit outside 1-100 with 400", async () => {
    const headers = await adminHeaders();
    for (const limit of ["0", "101", "ten"]) {
      const { status, body } = await callJson(`/api/admin/chats?limit=${limit}`, { headers });
      expect(status, limit).toBe(400);
      expect(body.code).toBe("VALIDATION_FAILED");
    }
  });
});
