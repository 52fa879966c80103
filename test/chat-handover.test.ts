import { describe, expect, it } from "vitest";
import { company } from "../schema/business";
import { builtInAnswer, detectIntents } from "../worker/services/chat/responder";
import { adminHeaders } from "./helpers/admin";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";
import { callAppJson, outboxTo, query } from "./helpers/factories-commerce";

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function ask(sessionId: string, message: string) {
  const { status, body } = await callAppJson("/api/chat/ai-response", {
    method: "POST",
    ip: newClientIp(),
    json: { sessionId, message },
  });
  expect(status).toBe(200);
  return body as { response: string; source: string; handover: boolean };
}

const handOver = (json: Record<string, unknown>, ip = newClientIp()) =>
  callAppJson("/api/chat/handover", { method: "POST", ip, json });

const adminChats = async (query: string) => callAppJson<any[]>(`/api/admin/chats?${query}`, { headers: await adminHeaders() });

describe("the built-in responder answers every question in a message", () => {
  it("answers a service price and an area in one message", () => {
    expect(detectIntents("How much is a service and do you cover Sale?")).toEqual(["service", "areas"]);
    const { response, handover } = builtInAnswer("How much is a service and do you cover Sale?");
    expect(response).toContain("£80");
    expect(response).toContain("we cover Sale");
    // The booking line is said once, at the end.
    expect(response.split(company.phone)).toHaveLength(2);
    expect(response.endsWith(`Call us on ${company.phone} to book.`)).toBe(true);
    expect(handover).toBe(false);
  });

  it("answers separate sentences, and ignores the greeting when there is a question", () => {
    expect(detectIntents("Hi! Are you open on Saturday? Also, do you sell thermostats?")).toEqual(["hours", "store"]);
    expect(detectIntents("Hello")).toEqual(["greeting"]);
  });

  it("offers a person when asked, or when it cannot answer", async () => {
    const sessionId = newChatSessionId();
    const asked = await ask(sessionId, "Can I speak to a real person please?");
    expect(asked.handover).toBe(true);
    expect(asked.response).toContain("Leave your name and a phone number or e-mail below");
    const lost = await ask(sessionId, "Can you recommend a good restaurant?");
    expect(lost.handover).toBe(true);
    const answered = await ask(sessionId, "What are your opening hours?");
    expect(answered.handover).toBe(false);
  });
});

describe("POST /api/chat/handover", () => {
  it("turns the form into a 'Call back' quote request with the transcript, tells the owner and thanks the visitor", async () => {
    const sessionId = newChatSessionId();
    await seedChat(sessionId, [
      ["customer", "My boiler shows error F28, is that bad?"],
      ["ai", "I can't answer that one here, but our team can."],
    ]);
    const email = unique("handover");
    const { status, body } = await handOver({ sessionId, name: "Alex Morgan", contact: email, message: "F28 on a Baxi 600" });
    expect(status).toBe(201);
    expect(body.message).toBe(
      `Thanks, Alex. We'll reply to ${email} within ${company.enquiryResponseHours} hours during opening hours.`,
    );

    const [enquiry] = await query<Record<string, unknown>>("SELECT * FROM quotes WHERE chat_session_id = ?1", sessionId);
    expect(enquiry).toMatchObject({
      name: "Alex Morgan",
      email,
      phone: "",
      postcode: "",
      service: "call-back",
      message: "F28 on a Baxi 600",
      is_read: 0,
    });

    const [ack] = await outboxTo(email);
    expect(ack!.subject).toBe(`${company.shortName}: we've got your message`);
    expect(ack!.text).toContain("Thank you for asking us to get back to you.");
    const owner = await query<{ subject: string }>(
      "SELECT subject FROM outbox WHERE subject = ?1",
      "New quote request: Call back (from the chat) from Alex Morgan",
    );
    expect(owner.length).toBeGreaterThanOrEqual(1);

    // The owner sees it among the quotes, and the transcript with the hand-over marked.
    const enquiries = await callAppJson<any[]>("/api/admin/quotes?q=Alex%20Morgan&state=new", { headers: await adminHeaders() });
    expect(enquiries.body.find((q) => q.chatSessionId === sessionId)).toMatchObject({ service: "call-back", isRead: "false" });
    const chats = await adminChats(`session=${sessionId}`);
    expect(chats.status).toBe(200);
    expect(chats.body).toHaveLength(1);
    expect(chats.body[0].handover).toMatchObject({ name: "Alex Morgan", email, phone: "", message: "F28 on a Baxi 600" });
    expect(chats.body[0].messages.map((m: any) => m.message)).toContain("My boiler shows error F28, is that bad?");
  });

  it("takes a phone number instead, and sends no e-mail to the visitor", async () => {
    const sessionId = newChatSessionId();
    const { status, body } = await handOver({ sessionId, name: "Jo", contact: "07700 900456" });
    expect(status).toBe(201);
    expect(body.message).toMatch(/^Thanks, Jo\. (We'll call you within|Our office is closed now)/);
    const [enquiry] = await query<Record<string, unknown>>(
      "SELECT phone, email, message FROM quotes WHERE chat_session_id = ?1",
      sessionId,
    );
    expect(enquiry).toEqual({ phone: "07700 900456", email: "", message: null });
  });

  it("refuses a missing name, an unusable contact or a long message with a clear error, storing nothing", async () => {
    const sessionId = newChatSessionId();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sessionId, name: " ", contact: "07700 900456" }, "name", "Please tell us your name"],
      [{ sessionId, name: "Jo", contact: "call me maybe" }, "contact", "Please enter a valid phone number or e-mail address"],
      [{ sessionId, name: "Jo", contact: "" }, "contact", "Please give a phone number or an e-mail address"],
      [
        { sessionId, name: "Jo", contact: "jo@example.com", message: "x".repeat(301) },
        "message",
        "Please keep it to one line (300 characters)",
      ],
      [{ sessionId: "nope", name: "Jo", contact: "jo@example.com" }, "sessionId", "The chat session id is not valid"],
    ];
    for (const [json, path, message] of cases) {
      const { status, body } = await handOver(json);
      expect(status, path).toBe(400);
      expect(body.details).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await query("SELECT id FROM quotes WHERE chat_session_id = ?1", sessionId)).toHaveLength(0);
  });

  it("shares the quote form's per-address limit", async () => {
    const ip = newClientIp();
    for (let i = 0; i < 10; i++) {
      expect((await handOver({ sessionId: newChatSessionId(), name: "Flood", contact: "07700 900000" }, ip)).status).toBe(201);
    }
    const { status, body } = await handOver({ sessionId: newChatSessionId(), name: "Flood", contact: "07700 900000" }, ip);
    expect(status).toBe(429);
    expect(body.code).toBe("RATE_LIMITED");
  });
});

describe("GET /api/admin/chats: search, hand-overs, paging", () => {
  it("finds conversations by what was said or by who asked for a call back, with the count", async () => {
    const word = `Zebrawood${crypto.randomUUID().slice(0, 6)}`;
    const said = newChatSessionId();
    await seedChat(said, [["customer", `Do you fit ${word} radiators?`]]);
    const handed = newChatSessionId();
    await seedChat(handed, [["customer", "Please ring me"]]);
    const name = `Quinn ${word}`;
    expect((await handOver({ sessionId: handed, name, contact: "07700 900789" })).status).toBe(201);
    await seedChat(newChatSessionId(), [["customer", "Something else entirely"]]);

    const found = await adminChats(`q=${word}`);
    expect(found.body.map((c) => c.sessionId).sort()).toEqual([said, handed].sort());
    expect(found.res.headers.get("X-Total-Count")).toBe("2");

    const onlyHandovers = await adminChats(`q=${word}&handover=1`);
    expect(onlyHandovers.body.map((c) => c.sessionId)).toEqual([handed]);
    expect(onlyHandovers.body[0].handover.name).toBe(name);

    const firstPage = await adminChats(`q=${word}&limit=1`);
    const secondPage = await adminChats(`q=${word}&limit=1&offset=1`);
    expect([...firstPage.body, ...secondPage.body].map((c) => c.sessionId)).toEqual([handed, said]);
    const pastTheEnd = await adminChats(`q=${word}&limit=1&offset=5`);
    expect(pastTheEnd.body).toEqual([]);
    expect(pastTheEnd.res.headers.get("X-Total-Count")).toBe("2");
  });

  it("refuses a bad filter with 400", async () => {
    expect((await adminChats("handover=yes")).status).toBe(400);
    expect((await adminChats("offset=-1")).status).toBe(400);
  });
});
