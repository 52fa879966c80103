export const CHAT_MODEL = "@cf/meta/llama-3.1-8b-instruct-fp8";
export const AI_TIMEOUT_MS = 5000;

export type AiMessage = { role: "system" | "user" | "assistant"; content: string };

/** Only the part of the Workers AI binding the chat uses, so tests can pass a fake. */
export type ChatAi = { run(model: string, input: object, options?: { signal?: AbortSignal }): Promise<unknown> };

/**
 * One Workers AI call that gives up after `timeoutMs`: the signal asks the binding to stop and the
 * race makes sure a binding that ignores it cannot hold the visitor's reply. Throws on a failure,
 * a timeout or an empty answer, so the caller falls back to the built-in responder.
 */
export async function askWorkersAi(ai: ChatAi, messages: AiMessage[], timeoutMs = AI_TIMEOUT_MS): Promise<string> {
  const controller = new AbortController();
  let timedOut: (error: Error) => void = () => {};
  const timeout = new Promise<never>((_, reject) => {
    timedOut = reject;
  });
  const timer = setTimeout(() => {
    controller.abort();
    timedOut(new Error(`Workers AI did not answer within ${timeoutMs} ms`));
  }, timeoutMs);
  try {
    const output = await Promise.race([
      ai.run(CHAT_MODEL, { messages, max_tokens: 256, temperature: 0.2 }, { signal: controller.signal }),
      timeout,
    ]);
    const text = (output as { response?: unknown } | null)?.response;
    if (typeof text !== "string" || !text.trim()) throw new Error("Workers AI gave an empty answer");
    return text.trim();
  } finally {
    clearTimeout(timer);
  }
}
