import { describe, expect, it } from "vitest";
import { urgentReason } from "../schema/triage";
import { adminHeaders } from "./helpers/admin";
import { createEnquiry } from "./helpers/factories-admin";
import { newChatSessionId, seedChat } from "./helpers/factories-chat";
import { callAppJson, outboxMentioning, query, randomIp } from "./helpers/factories-commerce";

const admin = async (method: string, path: string, json?: unknown) =>
  callAppJson(path, { method, json, headers: await adminHeaders() });

describe("triage of words of danger", () => {
  it.each([
    ["Smell of burning from the boiler cupboard", "Smell of burning or smoke"],
    ["There's a strong smell of gas in the kitchen", "Smell of gas"],
    ["I think we have a gas leak", "Smell of gas"],
    ["Our CO alarm keeps going off", "Carbon monoxide alarm"],
    ["Carbon monoxide detector beeping", "Carbon monoxide alarm"],
    ["Water is pouring through the kitchen ceiling", "Water coming through a ceiling"],
    ["Ceiling is dripping under the bathroom", "Water coming through a ceiling"],
    ["No heating and my mum is 89 and housebound", "No heating or hot water, with a vulnerable person"],
    ["Boiler stopped working, we have a newborn baby", "No heating or hot water, with a vulnerable person"],
  ])("marks %j urgent: %s", (text, reason) => {
    expect(urgentReason(text)).toBe(reason);
  });

  it.each([
    "Quote for a new combi boiler please",
    "Annual service due next month",
    "No heating since yesterday, can you come this week?",
    "Gas Safe certificate for my rental flat",
    "Radiator in the back bedroom is cold at the top",
    null,
  ])("leaves %j as it is", (text) => {
    expect(urgentReason(text)).toBeNull();
  });
});

describe("urgent quote requests", () => {
  it("are stored with their reason, e-mailed to the owner at once as URGENT, and listed first", async () => {
    const older = await createEnquiry({ name: "Calm Caller", message: "New boiler quote please" });
    const name = `Urgent ${crypto.randomUUID().slice(0, 6)}`;
    const sent = await callAppJson("/api/quotes", {
      method: "POST",
      ip: randomIp(),
      json: {
        name,
        phone: "0161 496 0711",
        email: "urgent@example.com",
        postcode: "M32 0ZZ",
        service: "boiler-repair",
        message: "Smell of burning from the boiler cupboard",
      },
    });
    expect(sent.status).toBe(201);
    const [row] = await query<{ urgent_reason: string }>("SELECT urgent_reason FROM quotes WHERE name = ?1", name);
    expect(row?.urgent_reason).toBe("Smell of burning or smoke");
    const owner = (await outboxMentioning(name)).find((m) => m.kind === "quote" && m.subject.startsWith("URGENT"));
    expect(owner?.subject).toContain("Smell of burning or smoke");
    expect(owner?.subject).toContain("0161 496 0711");

    const list = await admin("GET", "/api/admin/quotes");
    expect(list.body[0]).toMatchObject({ name, urgentReason: "Smell of burning or smoke" });
    expect(list.body.findIndex((q: { id: number }) => q.id === older.id)).toBeGreaterThan(0);
    expect(JSON.parse(list.res.headers.get("X-Tab-Counts")!).urgent).toBeGreaterThanOrEqual(1);

    const summary = await admin("GET", "/api/admin/summary");
    expect(summary.body.urgentEnquiries).toBeGreaterThanOrEqual(1);
    expect(summary.body.urgent[0]).toMatchObject({ name, reason: "Smell of burning or smoke", phone: "0161 496 0711" });
  });

  it("are never marked replied by Reply to All", async () => {
    const urgent = await createEnquiry({ urgentReason: "Smell of gas" });
    const calm = await createEnquiry();
    const replied = await admin("POST", "/api/admin/quotes/replied", { ids: [urgent.id, calm.id] });
    expect(replied.body.ids).toEqual([calm.id]);
  });

  it("come from a chat hand-over whose conversation said it, even when the form's message does not", async () => {
    const sessionId = newChatSessionId();
    await seedChat(sessionId, [
      ["customer", "My carbon monoxide alarm is beeping"],
      ["ai", "Open the windows and leave the house now."],
    ]);
    const res = await callAppJson("/api/chat/handover", {
      method: "POST",
      ip: randomIp(),
      json: { sessionId, name: "Chat Person", contact: "07700 900712", message: "Please call me" },
    });
    expect(res.status).toBe(201);
    const [row] = await query<{ urgent_reason: string }>(
      "SELECT urgent_reason FROM quotes WHERE chat_session_id = ?1",
      sessionId,
    );
    expect(row?.urgent_reason).toBe("Carbon monoxide alarm");
  });

  it("show the visits booked from them and their customer on the card, replied or not", async () => {
    const customerEmail = `linked-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const enquiry = await createEnquiry({ email: customerEmail, repliedAt: new Date().toISOString(), isRead: true });
    const visit = await admin("POST", "/api/admin/service-records", {
      newCustomer: { firstName: "Linked", lastName: "Person", email: customerEmail },
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: "2026-12-30",
      enquiryId: enquiry.id,
    });
    expect(visit.status).toBe(201);
    const list = await admin("GET", `/api/admin/quotes?state=replied&q=${encodeURIComponent(customerEmail)}`);
    expect(list.body[0]).toMatchObject({
      id: enquiry.id,
      customerId: visit.body.customerId,
      visits: [{ id: visit.body.id, serviceType: "Boiler Repair", serviceDate: "2026-12-30", visitStart: null }],
    });
  });
});
