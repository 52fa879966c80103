import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { visitEngineers } from "../schema/db";
import { getDb } from "../worker/db/client";
import { admin, teamHeaders } from "./helpers/admin";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { callAppJson } from "./helpers/factories-commerce";
import { smsEnv, smsRows, textsSentTo, uniqueMobile } from "./helpers/sms";

/** A visit today of a customer who chose texts, with an engineer on it. */
async function visitToday(channel: "text" | "email" = "text", phone?: string) {
  const mobile = uniqueMobile();
  const customer = await createCustomer({ phone: phone ?? mobile.national, contactChannel: channel });
  const start = new Date(Date.now() + 3_600_000);
  const visit = await createServiceRecord({
    customerId: customer.id,
    status: "scheduled",
    serviceDate: start.toISOString().slice(0, 10),
    visitStart: start.toISOString(),
    visitEnd: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  const engineer = await teamHeaders("engineer", { name: "Priya Shah" });
  await getDb(env).insert(visitEngineers).values({ serviceRecordId: visit.id, userId: engineer.id });
  return { mobile, customer, visit, engineer };
}

const tap = (visitId: number, minutes: unknown, headers: Record<string, string>, bindings = smsEnv) =>
  callAppJson(`/api/admin/visits/${visitId}/on-my-way`, { method: "POST", json: { minutes }, headers, env: bindings });

describe("On my way", () => {
  it("texts the customer once per tap, with the engineer's name and the arrival the engineer set", async () => {
    const { mobile, visit, engineer } = await visitToday();
    const first = await tap(visit.id, 20, engineer.headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: "queued",
      sentTo: mobile.national,
      arrivesAround: expect.stringMatching(/^\d\d:\d\d$/),
    });
    await tap(visit.id, 35, engineer.headers);
    const texts = await textsSentTo(mobile.e164);
    expect(texts.map((t) => t.body)).toEqual([
      expect.stringMatching(
        /^Priya is on the way to you and should arrive in about 20 minutes \(around \d\d:\d\d\)\. Northside Heating, 24\/7 line /,
      ),
      expect.stringContaining("in about 35 minutes"),
    ]);
    expect((await smsRows(mobile.e164)).map((r) => [r.kind, r.visit_id])).toEqual([
      ["on-my-way", visit.id],
      ["on-my-way", visit.id],
    ]);
  });

  it("is refused, saying why, for another engineer's visit, a customer who chose e-mail, or a landline", async () => {
    const theirs = await visitToday();
    const other = await teamHeaders("engineer", { name: "Other Engineer" });
    expect((await tap(theirs.visit.id, 20, other.headers)).status).toBe(403);
    const byEmail = await visitToday("email");
    const refused = await tap(byEmail.visit.id, 20, byEmail.engineer.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("This customer chose e-mail, not texts: call them instead.");
    const landline = await visitToday("text", "0161 496 0777");
    expect((await tap(landline.visit.id, 20, landline.engineer.headers)).body.error).toBe(
      "The number on file is not a mobile: call them instead.",
    );
    expect(await textsSentTo(theirs.mobile.e164)).toEqual([]);
  });

  it("checks the minutes, and answers 503 without Twilio's settings", async () => {
    const { visit, engineer } = await visitToday();
    const bad = await tap(visit.id, 0, engineer.headers);
    expect(bad.status).toBe(400);
    expect((await tap(visit.id, "soon", engineer.headers)).status).toBe(400);
    expect((await tap(visit.id, 20, engineer.headers, {} as typeof smsEnv)).status).toBe(503);
    expect((await admin("POST", "/api/admin/visits/999999/on-my-way", { minutes: 20 })).status).toBe(503);
  });
});
