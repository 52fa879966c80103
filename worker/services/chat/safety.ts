import { CHAT_MESSAGE_MAX_LENGTH } from "../../../schema/api/chat";
import { gasEmergency } from "../../../schema/business";

const GAS_DANGER = [
  /carbon\s*monoxide/i,
  /\bmonoxide\b/i,
  /\bco\s*(alarm|detector|poisoning|leak|warning)/i,
  /\bgas\b[^.?!]{0,40}\b(smell|smells|smelling|smelt|smelled|odou?r|leak|leaks|leaking|escape|escaping)\b/i,
  /\b(smell|smells|smelling|smelt|smelled|odou?r|whiff|leak|leaking)\b[^.?!]{0,40}\bgas\b/i,
];

/** A gas smell, gas leak or carbon monoxide: errs on the side of giving the advice. */
export const isGasDanger = (message: string) => GAS_DANGER.some((re) => re.test(message));

/**
 * Safety first (issue 7): an answer about gas or carbon monoxide always starts with the UK gas
 * emergency advice, whichever path wrote it. The advice is never cut by the length cap.
 */
export function withGasSafetyFirst(message: string, answer: string): string {
  if (!isGasDanger(message) || answer.startsWith(gasEmergency.advice)) return clampAnswer(answer);
  const rest = answer.trim();
  const room = CHAT_MESSAGE_MAX_LENGTH - gasEmergency.advice.length - 2;
  return rest ? `${gasEmergency.advice}\n\n${clampAnswer(rest, room)}` : gasEmergency.advice;
}

/**
 * Replies are posted back by the widget as chat messages (max 1000 characters), so a long model
 * answer is cut at the last sentence end that fits.
 */
export function clampAnswer(answer: string, max = CHAT_MESSAGE_MAX_LENGTH): string {
  const text = answer.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "), cut.lastIndexOf("\n"));
  return end > max / 2 ? cut.slice(0, end + 1).trim() : `${cut.slice(0, max - 1).trimEnd()}…`;
}
