import { gasEmergency } from "../../../schema/business";
import { type BusinessFacts, defaultFacts, liveFacts } from "../../../schema/facts";
import {
  boilerPackagePricesText,
  boilerPackagesText,
  boilerServiceText,
  companyText,
  coverageText,
  deliveryText,
  emergencyText,
  enquiryText,
  findPlace,
  hoursText,
  paymentText,
  plumbingPricesText,
  repairPricesText,
  servicesText,
  storeText,
  warrantyText,
} from "./facts";
import { clampAnswer, isGasDanger, withGasSafetyFirst } from "./safety";

export type Intent =
  | "gas"
  | "person"
  | "emergency"
  | "quote"
  | "service"
  | "repair"
  | "new-boiler"
  | "plumbing"
  | "hours"
  | "store"
  | "delivery"
  | "payment"
  | "warranty"
  | "areas"
  | "services"
  | "greeting"
  | "thanks"
  | "other";

const callUs = (f: BusinessFacts) => `Call us on ${f.phone} to book.`;

/** The visitor asks for a person: the widget offers the call-back form with this answer. */
const PERSON =
  /\b(speak|talk|chat)\s+(to|with)\s+(a |an |the )?(someone|somebody|person|human|real|agent|advis[eo]r|engineer|owner|staff|team|manager)|\breal person\b|\bhuman\b|call (me )?back|ring me|phone me|call me\b|get in touch with (someone|a person)/i;

/**
 * The built-in responder's intents, tried in order: the first match answers. Specific requests
 * (a quote, a service) come before the price lists they mention, and greetings and thanks come
 * last so "hello, what are your hours?" is answered as a question about hours.
 */
const intents: { intent: Intent; matches: (text: string) => boolean; answer: (text: string, f: BusinessFacts) => string }[] = [
  {
    intent: "person",
    matches: (t) => PERSON.test(t),
    answer: (_, f) =>
      `Of course. Leave your name and a phone number or e-mail below and one of the team will get back to you, or call us on ${f.phone}.`,
  },
  {
    intent: "emergency",
    matches: (t) => /emergenc|urgent|\basap\b|no (heat|heating|hot water)|burst|flood|broken down|breakdown|cold house/i.test(t),
    answer: (_, f) =>
      `${emergencyText(f)} If you can smell gas, leave the property first and call the National Gas Emergency Service on ${gasEmergency.number}.`,
  },
  {
    intent: "quote",
    matches: (t) => /quot(e|es|ation)|estimate/i.test(t),
    answer: (t, f) => (/boiler|install/i.test(t) ? `${enquiryText(f)} ${boilerPackagePricesText(f)}` : enquiryText(f)),
  },
  {
    intent: "service",
    matches: (t) => /\bservic(e|ing)\b|annual (check|plan)|safety check/i.test(t),
    answer: (_, f) => `${boilerServiceText(f)} ${callUs(f)}`,
  },
  {
    intent: "repair",
    matches: (t) =>
      /repair|\bfix(es|ing)?\b|broken|not working|stopped working|fault|error code|pressure|boiler (problem|issue)/i.test(t),
    answer: (_, f) => `Our Gas Safe registered engineers can repair it. ${repairPricesText(f)} ${callUs(f)}`,
  },
  {
    intent: "new-boiler",
    matches: (t) =>
      /new boiler|boiler (price|cost|install|replace)|replac\w* (my |the |a )?boiler|install\w* (a |my |the )?boiler|package/i.test(
        t,
      ),
    answer: (_, f) => `${boilerPackagesText(f)} ${callUs(f)}`,
  },
  {
    intent: "plumbing",
    matches: (t) => /plumb|leak|drip|tap|toilet|sink|pipe|radiator|bathroom|shower/i.test(t),
    answer: (_, f) => `${plumbingPricesText()} ${callUs(f)}`,
  },
  {
    intent: "hours",
    matches: (t) => /hours|open|clos(e|ed|ing)|what time|weekend|saturday|sunday|bank holiday/i.test(t),
    answer: (_, f) => hoursText(f),
  },
  {
    intent: "delivery",
    matches: (t) => /deliver|shipping|postage|dispatch|courier/i.test(t),
    answer: () => deliveryText(),
  },
  {
    intent: "store",
    matches: (t) => /\bparts?\b|spares?|store|shop|\bbuy|in stock|valve|pcb|\bfan\b|thermostat|component/i.test(t),
    answer: () => `${storeText()} All parts come with a manufacturer warranty.`,
  },
  {
    intent: "payment",
    matches: (t) => /\bpay|\bcards?\b|\bcash\b|checkout|invoice/i.test(t),
    answer: (_, f) => paymentText(f),
  },
  {
    intent: "warranty",
    matches: (t) => /warrant|guarantee/i.test(t),
    answer: () => warrantyText(),
  },
  {
    intent: "areas",
    matches: (t) => findPlace(t) !== null || /\barea|cover|where|postcode|near me|travel|come out to|locat/i.test(t),
    answer: (t, f) => {
      const found = findPlace(t);
      if (!found) return `${coverageText()} Elsewhere? Call us on ${f.phone} and we'll check.`;
      const coverage = found.label ? ` (${found.label.toLowerCase()})` : "";
      return `Yes, we cover ${found.place}${coverage}. ${callUs(f)}`;
    },
  },
  {
    intent: "services",
    matches: (t) => /what (services|do you do|work)|services|gas safe|registered|qualified|experience|reviews/i.test(t),
    answer: (_, f) => `${companyText(f)} ${servicesText()} ${callUs(f)}`,
  },
  {
    intent: "greeting",
    matches: (t) => /^\s*(hi|hello|hey|hiya|good (morning|afternoon|evening))\b/i.test(t),
    answer: () =>
      "Hello! Ask me about boiler prices, servicing, repairs, emergencies, our opening hours, the areas we cover or parts in our store.",
  },
  {
    intent: "thanks",
    matches: (t) => /thank|cheers|\bta\b/i.test(t),
    answer: (_, f) => `You're welcome! If you need anything else, call us on ${f.phone}.`,
  },
];

/**
 * A message's separate questions: split at sentence ends, and at "and", "also" or "plus" when a new
 * question follows ("How much is a service and do you cover Sale?" is two).
 */
export function questionsOf(message: string): string[] {
  return message
    .split(
      /[?!;\n]+|\.(?=\s|$)|,?\s+(?:and|also|plus)\s+(?=(?:do|does|can|could|is|are|will|would|what|when|where|which|who|how|have|has)\b)/i,
    )
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Every intent a message has, in the order asked, each once: a greeting or thanks only when there
 * is nothing else. "gas" alone whenever it is about a gas smell or carbon monoxide.
 */
export function detectIntents(message: string): Intent[] {
  if (isGasDanger(message)) return ["gas"];
  const found = [...new Set(questionsOf(message).flatMap((question) => intents.find((i) => i.matches(question))?.intent ?? []))];
  const questions = found.filter((intent) => intent !== "greeting" && intent !== "thanks");
  if (questions.length > 0) return questions;
  if (found.length > 0) return found;
  return [intents.find((i) => i.matches(message))?.intent ?? "other"];
}

/** The main intent of a message (the first one asked). */
export const detectIntent = (message: string): Intent => detectIntents(message)[0] ?? "other";

export type BuiltInAnswer = {
  response: string;
  /** The visitor asked for a person, or nothing here answers them: the widget offers a call back. */
  handover: boolean;
};

/**
 * The offline answer: every question of the message answered, from the same facts as the AI prompt,
 * and never without a way to reach a person. The booking line is said once, at the end.
 */
export function builtInAnswer(message: string, f: BusinessFacts = liveFacts(defaultFacts)): BuiltInAnswer {
  if (isGasDanger(message)) {
    return {
      response: withGasSafetyFirst(
        message,
        `Once everyone is safe, call our ${f.emergencyPhone} emergency line and a Gas Safe engineer will help.`,
      ),
      handover: false,
    };
  }
  const found = detectIntents(message);
  if (found[0] === "other") {
    return {
      response: `I can't answer that one here, but our team can: call us on ${f.phone}. ${hoursText(f)}`,
      handover: true,
    };
  }
  const questions = questionsOf(message);
  const answers = found.map((intent) => {
    const entry = intents.find((i) => i.intent === intent)!;
    // The answer reads the question it came from (a quote for a boiler, the place asked about).
    const question = questions.find((q) => entry.matches(q)) ?? message;
    return entry.answer(question, f);
  });
  const saysCallUs = answers.length > 1 && answers.some((a) => a.includes(callUs(f)));
  const body = saysCallUs ? [...answers.map((a) => a.replace(callUs(f), "").trim()), callUs(f)] : answers;
  return { response: clampAnswer(body.join(" ")), handover: found.includes("person") };
}

/** The built-in answer's text. */
export const builtInReply = (message: string, f?: BusinessFacts): string => builtInAnswer(message, f).response;

/** Whether a message asks for a person, whichever path answers it. */
export const asksForPerson = (message: string) => PERSON.test(message);
