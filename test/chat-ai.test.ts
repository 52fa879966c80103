import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { company, gasEmergency } from "../schema/business";
import app from "../worker/app";
import { getDb } from "../worker/db/client";
import { AI_TIMEOUT_MS, CHAT_MODEL, type ChatAi } from "../worker/services/chat/ai";
import { answerChat } from "../worker/services/chat/answer";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";

type Call = { model: string; input: { messages: { role: string; content: string }[] }; signal?: AbortSignal };

/** A stand-in for the Workers AI binding that records what it was asked and answers as told. */
function fakeAi(answer: (call: Call) => Promise<unknown>) {
  const calls: Call[] = [];
  const ai: ChatAi = {
    run(model, input, options) {
      const call = { model, input: input as Call["input"], signal: options?.signal };
      calls.push(call);
      return answer(call);
    },
  };
  return { ai, calls };
}

/** POST /api/chat/ai-response through the app with the fake bound as env.AI. */
async function askWithAi(ai: ChatAi, sessionId: string, message: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request("http://localhost/api/chat/ai-response", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientIp() },
      body: JSON.stringify({ sessionId, message }),
    }),
    { ...env, AI: ai as unknown as Ai },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { response: string; source: string } };
}

const startsWithAdvice = (text: string) => text.startsWith(gasEmergency.advice);

describe("chat with the Workers AI binding", () => {
  // A fallback is logged for the operator; the tests check the log instead of printing it.
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it("sends the grounded system prompt, the session's history and the question to the model", async () => {
    const sessionId = newChatSessionId();
    await seedChat(sessionId, [
      ["customer", "Do you fit boilers?"],
      ["ai", "Yes, we install new boilers."],
      ["customer", "How much is the Standard package?"],
    ]);
    const { ai, calls } = fakeAi(async () => ({ response: "The Standard package is £2,499. Call 0161 496 0123 to book." }));

    const { status, body } = await askWithAi(ai, sessionId, "How much is the Standard package?");

    expect(status).toBe(200);
    expect(body).toEqual({
      response: "The Standard package is £2,499. Call 0161 496 0123 to book.",
      source: "ai",
      handover: false,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(CHAT_MODEL);
    const [system, ...rest] = calls[0]!.input.messages;
    expect(system!.role).toBe("system");
    for (const fact of [
      "British English",
      company.phone,
      company.emergencyPhone,
      "£1,899",
      "£2,499",
      "£3,299",
      "£80",
      "£85",
      "£85-£150",
      "£45-85",
      "Monday - Friday 8:00 - 18:00",
      "Next-day service: Stockport",
      "12-month warranty",
      "within 2 hours",
      "Free delivery within Greater Manchester",
      gasEmergency.advice,
      "Never invent prices",
    ]) {
      expect(system!.content).toContain(fact);
    }
    // The summer offer of the defaults ended on 31 August: the model is not told of it.
    expect(system!.content).not.toContain("Summer Sale");
    // The stored question is the last history line: it is sent once, as the final user turn.
    expect(rest).toEqual([
      { role: "user", content: "Do you fit boilers?" },
      { role: "assistant", content: "Yes, we install new boilers." },
      { role: "user", content: "How much is the Standard package?" },
    ]);
  });

  it("sends at most the last 10 stored messages of the session, and no other session's", async () => {
    const sessionId = newChatSessionId();
    await seedChat(newChatSessionId(), [["customer", "someone else's question"]]);
    await seedChat(
      sessionId,
      Array.from({ length: 14 }, (_, i) => [i % 2 ? "ai" : "customer", `line ${i}`] as ["customer" | "ai", string]),
    );
    const { ai, calls } = fakeAi(async () => ({ response: "Our hours are Monday - Friday 8:00 - 18:00." }));

    await askWithAi(ai, sessionId, "What are your hours?");

    const turns = calls[0]!.input.messages.slice(1).map((m) => m.content);
    expect(turns).toEqual([...Array.from({ length: 10 }, (_, i) => `line ${i + 4}`), "What are your hours?"]);
  });

  it("puts the gas emergency advice first when the model leaves it out", async () => {
    const { ai } = fakeAi(async () => ({ response: "Please call our emergency line." }));
    const { body } = await askWithAi(ai, newChatSessionId(), "I can smell gas in the hallway");
    expect(body.source).toBe("ai");
    expect(startsWithAdvice(body.response)).toBe(true);
    expect(body.response).toContain("Please call our emergency line.");
  });

  it("does not repeat the gas emergency advice when the model already starts with it", async () => {
    const { ai } = fakeAi(async () => ({ response: `${gasEmergency.advice} Then call us.` }));
    const { body } = await askWithAi(ai, newChatSessionId(), "Is carbon monoxide dangerous?");
    expect(startsWithAdvice(body.response)).toBe(true);
    expect(body.response.split(gasEmergency.number)).toHaveLength(2);
  });

  it("falls back to the built-in responder when the model fails", async () => {
    const { ai } = fakeAi(async () => {
      throw new Error("InferenceUpstreamError: 5007");
    });
    const { status, body } = await askWithAi(ai, newChatSessionId(), "How much is a new boiler?");
    expect(status).toBe(200);
    expect(body.source).toBe("builtin");
    expect(body.response).toContain("£1,899");
    expect(String(warn.mock.calls[0]?.[0])).toContain("chat.ai_fallback");
  });

  it("falls back to the built-in responder when the model answers with nothing", async () => {
    const { ai } = fakeAi(async () => ({ response: "   " }));
    const { body } = await askWithAi(ai, newChatSessionId(), "Do you cover Stockport?");
    expect(body.source).toBe("builtin");
    expect(body.response).toContain("next-day");
  });

  it("keeps the gas safety rule when the model fails", async () => {
    const { ai } = fakeAi(async () => {
      throw new Error("down");
    });
    const { body } = await askWithAi(ai, newChatSessionId(), "there's a smell of gas in my flat");
    expect(body.source).toBe("builtin");
    expect(startsWithAdvice(body.response)).toBe(true);
  });

  it("gives up on the model after a short timeout, aborting the call", async () => {
    const { ai, calls } = fakeAi(() => new Promise(() => {}));
    const answer = await answerChat(
      { db: getDb(env), ai },
      { sessionId: newChatSessionId(), message: "What are your opening hours?" },
      50,
    );
    expect(answer.source).toBe("builtin");
    expect(answer.response).toContain("8:00 - 18:00");
    expect(calls[0]!.signal?.aborted).toBe(true);
  });

  it(`answers from the built-in responder after ${AI_TIMEOUT_MS / 1000} s when the model hangs`, async () => {
    const { ai } = fakeAi(() => new Promise(() => {}));
    const started = Date.now();
    const { status, body } = await askWithAi(ai, newChatSessionId(), "My boiler needs repairing");
    const elapsed = Date.now() - started;
    expect(status).toBe(200);
    expect(body.source).toBe("builtin");
    expect(body.response).toContain("£45-85");
    expect(elapsed).toBeGreaterThanOrEqual(AI_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(AI_TIMEOUT_MS + 3000);
  });

  it("cuts a long model answer to fit a chat message", async () => {
    const { ai } = fakeAi(async () => ({ response: "We can help with that. ".repeat(80) }));
    const { body } = await askWithAi(ai, newChatSessionId(), "Tell me everything");
    expect(body.response.length).toBeLessThanOrEqual(1000);
    expect(body.response.endsWith(".")).toBe(true);
  });
});
