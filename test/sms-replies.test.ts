import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bookings } from "../schema/db";
import { getDb } from "../worker/db/client";
import { sendText } from "../worker/services/sms/texts";
import { admin } from "./helpers/admin";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { inboundText, postTwilioWebhook, smsEnv, smsRows, textsSentTo, uniqueMobile } from "./helpers/sms";

const configured = { ...env, ...smsEnv };
const DAY = 86_400_000;

/** A customer with a mobile, a visit tomorrow at 10:00, and its reminder texted to them. */
async function remindedCustomer(options: { booked?: boolean } = {}) {
  const mobile = uniqueMobile();
  const customer = await createCustomer({ phone: mobile.national });
  const start = new Date(Date.now() + DAY);
  start.setUTCHours(10, 0, 0, 0);
  const visit = await createServiceRecord({
    customerId: customer.id,
    status: "scheduled",
    serviceDate: start.toISOString().slice(0, 10),
    visitStart: start.toISOString(),
    visitEnd: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  if (options.booked) {
    await getDb(env)
      .insert(bookings)
      .values({
        reference: `BK-${String(visit.id).padStart(6, "2").slice(-6)}`,
        service: "annual-service",
        startsAt: visit.visitStart!,
        endsAt: visit.visitEnd!,
        customerId: customer.id,
        serviceRecordId: visit.id,
        name: "Sam Customer",
        email: customer.email,
        phone: mobile.national,
        postcode: "M20 2QA",
        address: "1 Test Street",
      });
  }
  const reminder = await sendText(configured, getDb(env), {
    kind: "visit-reminder",
    phone: mobile.national,
    body: "Reminder: your visit is tomorrow. Reply C to confirm or R to move it.",
    customerId: customer.id,
    visitId: visit.id,
  });
  expect(reminder.sent).toBe(true);
  return { mobile, customer, visit };
}

const sentBodies = async (e164: string) => (await textsSentTo(e164)).map((t) => t.body);

describe("a customer's reply C", () => {
  it("confirms the visit the reminder was about, and says so once", async () => {
    const { mobile, visit } = await remindedCustomer();
    expect((await inboundText(mobile.e164, "c")).status).toBe(200);
    expect(await query("SELECT visit_id FROM visit_confirmations WHERE visit_id = ?", visit.id)).toHaveLength(1);
    await inboundText(mobile.e164, "C.");
    const bodies = await sentBodies(mobile.e164);
    expect(bodies.filter((b) => b.startsWith("Thank you, your visit on"))).toHaveLength(1);
    expect(bodies.at(-1)).toMatch(/Northside Heating, 24\/7 line /);
  });

  it("shows the visit as confirmed in the diary, and another customer's visit that day as not", async () => {
    const { mobile, visit } = await remindedCustomer();
    const other = await remindedCustomer();
    await inboundText(mobile.e164, "C");
    const { status, body } = await admin("GET", `/api/admin/bookings?from=${visit.serviceDate}&days=1`);
    expect(status).toBe(200);
    const entry = (id: number) => body.find((e: { serviceRecordId: number }) => e.serviceRecordId === id);
    expect(entry(visit.id).confirmedAt).toEqual(expect.any(String));
    expect(entry(other.visit.id).confirmedAt).toBeNull();
  });
});

describe("a customer's reply R", () => {
  it("answers with the booking's manage link", async () => {
    const { mobile } = await remindedCustomer({ booked: true });
    await inboundText(mobile.e164, "R");
    const last = (await sentBodies(mobile.e164)).at(-1)!;
    expect(last).toMatch(new RegExp(`^To move or cancel your visit: ${env.PUBLIC_SITE_URL}/book/manage\\?token=\\S+ `));
  });

  it("gives the number to call for a visit booked without a link", async () => {
    const { mobile } = await remindedCustomer();
    await inboundText(mobile.e164, "r");
    expect((await sentBodies(mobile.e164)).at(-1)).toMatch(/^To move your visit please call us on /);
  });
});

describe("STOP and START", () => {
  it("opts the number out of every text at once, confirming it once", async () => {
    const { mobile, customer } = await remindedCustomer();
    await inboundText(mobile.e164, "Stop");
    await inboundText(mobile.e164, "UNSUBSCRIBE");
    const bodies = await sentBodies(mobile.e164);
    expect(bodies.filter((b) => b.includes("you will get no more texts"))).toHaveLength(1);
    const later = await sendText(configured, getDb(env), {
      kind: "booking-confirmed",
      phone: mobile.national,
      body: "Booked",
      customerId: customer.id,
    });
    expect(later).toEqual({ sent: false, reason: "opted-out" });
    expect(await sentBodies(mobile.e164)).toEqual(bodies);
  });

  it.each(["STOPALL", "cancel", "End", "QUIT"])("treats %s as STOP", async (word) => {
    const { mobile } = await remindedCustomer();
    await inboundText(mobile.e164, word);
    expect(await query("SELECT phone FROM sms_opt_outs WHERE phone = ?", mobile.e164)).toHaveLength(1);
  });

  it("opts the number back in with START", async () => {
    const { mobile } = await remindedCustomer();
    await inboundText(mobile.e164, "STOP");
    await inboundText(mobile.e164, "start");
    expect(await query("SELECT phone FROM sms_opt_outs WHERE phone = ?", mobile.e164)).toEqual([]);
    expect((await sentBodies(mobile.e164)).at(-1)).toContain("you will get our texts again");
    const again = await sendText(configured, getDb(env), { kind: "booking-confirmed", phone: mobile.national, body: "Booked" });
    expect(again.sent).toBe(true);
  });
});

describe("any other reply", () => {
  it("goes to the owner by e-mail and onto the customer's timeline", async () => {
    const { mobile, customer } = await remindedCustomer();
    const words = `Can the engineer use the side gate? ${mobile.e164}`;
    await inboundText(mobile.e164, words);
    const [mail] = await query<{ subject: string; text: string }>(
      "SELECT subject, text FROM outgoing_emails WHERE subject = ?",
      `Text from Sam ${customer.lastName}`,
    );
    expect(mail!.text).toContain(words);
    expect(mail!.text).toContain(`/admin/customers/${customer.id}`);
    const timeline = await admin("GET", `/api/admin/customers/${customer.id}/timeline`);
    expect(timeline.body).toContainEqual(
      expect.objectContaining({ kind: "text", title: "Text from the customer", detail: words, status: "received" }),
    );
    // Nothing is texted back.
    expect(await sentBodies(mobile.e164)).toHaveLength(1);
  });

  it("treats C as a message when no visit is to come", async () => {
    const mobile = uniqueMobile();
    const customer = await createCustomer({ phone: mobile.national });
    await inboundText(mobile.e164, "C");
    expect(await query("SELECT id FROM outgoing_emails WHERE subject = ?", `Text from Sam ${customer.lastName}`)).toHaveLength(1);
    expect(await sentBodies(mobile.e164)).toEqual([]);
  });
});

describe("Twilio retrying an inbound webhook", () => {
  it("stores and answers a MessageSid once", async () => {
    const { mobile } = await remindedCustomer();
    const sid = `SMreplay${Date.now()}`;
    expect((await inboundText(mobile.e164, "STOP", sid)).status).toBe(200);
    await query("DELETE FROM sms_opt_outs WHERE phone = ?", mobile.e164);
    expect((await inboundText(mobile.e164, "STOP", sid)).status).toBe(200);
    expect((await smsRows(mobile.e164)).filter((r) => r.direction === "in")).toHaveLength(1);
    // The replay did not opt the number out again, nor send a second confirmation.
    expect(await query("SELECT phone FROM sms_opt_outs WHERE phone = ?", mobile.e164)).toEqual([]);
    expect((await sentBodies(mobile.e164)).filter((b) => b.includes("no more texts"))).toHaveLength(1);
  });

  it("refuses an unsigned inbound text with 403", async () => {
    const mobile = uniqueMobile();
    const res = await postTwilioWebhook(
      "/api/sms/inbound",
      { MessageSid: "SMx1", From: mobile.e164, Body: "STOP" },
      { signature: null },
    );
    expect(res.status).toBe(403);
    expect(await query("SELECT phone FROM sms_opt_outs WHERE phone = ?", mobile.e164)).toEqual([]);
  });
});
