import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX_LENGTH } from "../schema/api/chat";
import { company, gasEmergency } from "../schema/business";
import { builtInReply, detectIntent, type Intent } from "../worker/services/chat/responder";
import { newChatSessionId, newClientIp } from "./helpers/factories-chat";
import { callJson } from "./helpers/http";

/** Asks the API with no AI binding (as in local development): the built-in responder answers. */
async function ask(message: string) {
  const { status, body } = await callJson("/api/chat/ai-response", {
    method: "POST",
    headers: { "CF-Connecting-IP": newClientIp() },
    json: { sessionId: newChatSessionId(), message },
  });
  expect(status).toBe(200);
  expect(body.source).toBe("builtin");
  return body.response as string;
}

const cases: { intent: Intent; message: string; facts: string[] }[] = [
  { intent: "gas", message: "I can smell gas in the kitchen", facts: [gasEmergency.number, company.emergencyPhone] },
  { intent: "gas", message: "My carbon monoxide alarm keeps going off", facts: [gasEmergency.number] },
  {
    intent: "emergency",
    message: "I have a heating emergency and need urgent help",
    facts: [company.emergencyPhone, "24/7", "within 2 hours"],
  },
  {
    intent: "quote",
    message: "I'd like a quote for a new boiler installation",
    facts: ["within 2 hours", company.phone, "£1,899", "£2,499", "£3,299"],
  },
  {
    intent: "service",
    message: "I'd like to book a boiler service",
    facts: ["£80", "£85", company.phone],
  },
  { intent: "repair", message: "My boiler needs repairing", facts: ["£45-85", "£120-250", "£300+", company.phone] },
  {
    intent: "new-boiler",
    message: "How much is a new boiler?",
    facts: ["£1,899", "£2,499", "£3,299", "was £2,199", "10-year warranty", company.phone],
  },
  { intent: "plumbing", message: "What do you charge for plumbing work?", facts: ["£85-£150", "£200-£400", "£500+"] },
  {
    intent: "hours",
    message: "What are your opening hours?",
    facts: ["Monday - Friday 8:00 - 18:00", "Saturday 8:00 - 16:00", "Sunday emergency only", company.emergencyPhone],
  },
  { intent: "areas", message: "Do you cover Stockport?", facts: ["Stockport", "next-day"] },
  { intent: "areas", message: "Can you come out to Salford?", facts: ["Salford", "same-day"] },
  { intent: "areas", message: "Do you work in Wigan?", facts: ["Wigan", "limited availability"] },
  { intent: "areas", message: "Do you cover Sale?", facts: ["we cover Sale", company.phone] },
  {
    intent: "areas",
    message: "Which areas do you cover?",
    facts: ["Manchester", "Altrincham", "Urmston", "Same-day service", "Next-day service: Stockport, Bolton"],
  },
  { intent: "store", message: "Do you sell boiler parts?", facts: ["/store", "Gas Valves", "Vaillant", "manufacturer warranty"] },
  {
    intent: "delivery",
    message: "How much is delivery?",
    facts: ["Free delivery within Greater Manchester", "Delivery charges may apply outside Manchester"],
  },
  { intent: "payment", message: "Can I pay by card?", facts: ["by card", company.phone] },
  { intent: "warranty", message: "Is there a warranty on your work?", facts: ["12-month warranty", "5, 7 or 10 years"] },
  { intent: "services", message: "What services do you offer?", facts: ["Boiler Installation", "Central Heating", "plumbing"] },
  { intent: "services", message: "Are you Gas Safe registered?", facts: ["Gas Safe registered", "15+ years"] },
  { intent: "greeting", message: "Hello", facts: ["Hello!"] },
  { intent: "thanks", message: "Thanks very much", facts: ["You're welcome", company.phone] },
  { intent: "other", message: "Can you recommend a good restaurant?", facts: [company.phone, "8:00 - 18:00"] },
];

describe("built-in chat responder (no AI)", () => {
  for (const { intent, message, facts } of cases) {
    it(`answers "${message}" as ${intent}, with the facts`, async () => {
      expect(detectIntent(message)).toBe(intent);
      const response = await ask(message);
      for (const fact of facts) expect(response).toContain(fact);
      expect(response.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_LENGTH);
    });
  }

  it("starts every gas smell or carbon monoxide answer with the gas emergency advice", async () => {
    for (const message of [
      "I think there's a gas leak",
      "there is a strong smell of gas upstairs",
      "smells like gas near the boiler",
      "CO alarm beeping, what do I do? also how much is a service",
      "Worried about carbon monoxide from my boiler",
    ]) {
      expect(await ask(message), message).toMatch(new RegExp(`^${gasEmergency.advice.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
  });

  it("answers the question, not the greeting, when a greeting comes first", () => {
    expect(detectIntent("Hello, what time do you open on Saturday?")).toBe("hours");
    expect(builtInReply("Hello, what time do you open on Saturday?")).toContain("Saturday 8:00 - 16:00");
  });

  it("does not read 'for sale' as the town of Sale", () => {
    expect(detectIntent("do you have gas valves for sale")).toBe("store");
  });

  it("does not give a gas warning for ordinary gas questions", () => {
    expect(detectIntent("Do you install gas boilers?")).not.toBe("gas");
    expect(builtInReply("Can you help with my gas and electricity tariff?")).not.toContain(gasEmergency.advice);
  });
});
