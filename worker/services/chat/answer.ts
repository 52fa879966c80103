import type { AiResponse, AiResponseRequest, ChatMessage } from "../../../schema/api/chat";
import { type BusinessFacts, liveFacts } from "../../../schema/facts";
import type { Db } from "../../db/client";
import { currentFacts } from "../settings/business-facts";
import { type AiMessage, askWorkersAi, type ChatAi } from "./ai";
import { buildSystemPrompt } from "./prompt";
import { asksForPerson, builtInAnswer } from "./responder";
import { withGasSafetyFirst } from "./safety";
import { getRecentHistory } from "./storage";

/**
 * The model's input: the grounded system prompt, the session's recent history and the question.
 * The widget stores the customer's message before asking for a reply, so the history usually ends
 * with this very question; it is not sent twice.
 */
export function buildAiMessages(history: ChatMessage[], message: string, facts: BusinessFacts): AiMessage[] {
  const last = history.at(-1);
  const earlier = last?.sender === "customer" && last.message === message ? history.slice(0, -1) : history;
  return [
    { role: "system", content: buildSystemPrompt(facts) },
    ...earlier.map((m): AiMessage => ({ role: m.sender === "ai" ? "assistant" : "user", content: m.message })),
    { role: "user", content: message },
  ];
}

/**
 * Workers AI when the binding exists and answers in time; otherwise the built-in responder, so
 * the visitor always gets a useful reply. Either way a gas or carbon monoxide question starts with
 * the safety advice, and a visitor asking for a person is offered the call-back form.
 */
export async function answerChat(
  deps: { db: Db; ai?: ChatAi },
  input: AiResponseRequest,
  timeoutMs?: number,
): Promise<AiResponse> {
  // Today's facts: an offer that has ended is not offered.
  const facts = liveFacts(await currentFacts(deps.db));
  if (deps.ai) {
    try {
      const history = await getRecentHistory(deps.db, input.sessionId);
      const reply = await askWorkersAi(deps.ai, buildAiMessages(history, input.message, facts), timeoutMs);
      return { response: withGasSafetyFirst(input.message, reply), source: "ai", handover: asksForPerson(input.message) };
    } catch (error) {
      console.warn(JSON.stringify({ event: "chat.ai_fallback", sessionId: input.sessionId, error: String(error) }));
    }
  }
  return { ...builtInAnswer(input.message, facts), source: "builtin" };
}
