import type { ReactNode } from "react";
import { gasEmergency } from "../../../schema/business";

// UK numbers as the assistant writes them: "0161 496 0123", "0800 111 999".
const PHONE = /\b0\d{3} \d{3} \d{3,4}\b/g;

const telHref = (phone: string) => `tel:+44${phone.replace(/\s/g, "").slice(1)}`;

/** A message's text with its phone numbers as call links (one tap on a phone), never wrapped. */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(PHONE)) {
    parts.push(text.slice(from, match.index));
    parts.push(
      <a key={match.index} className="chat-message__phone" href={telHref(match[0])}>
        {match[0]}
      </a>,
    );
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

export const isGasAdvice = (text: string) => text.startsWith(gasEmergency.advice);
