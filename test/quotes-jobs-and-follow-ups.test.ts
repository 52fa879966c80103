import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminQuote } from "../schema/api/quotes";
import { query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";
import { accept, admin, boilerQuote, customer, sentQuote } from "./helpers/quotes";

// Where an accepted quote's work is, the job it becomes, and the follow-ups of an unanswered one.
// Pricing and accepting are in quotes-pricing-and-acceptance.test.ts, the deposit and cancelling in
// quotes-deposits-and-cancelling.test.ts.

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("where the work is", () => {
  // The review's wrong-house case: the job of a quote made without a property went to the first
  // property in the database, another customer's.
  it("puts an accepted quote's job at its own customer's property, never another's", async () => {
    const first = await customer(); // has a home: the lower property id
    const tag = crypto.randomUUID().slice(0, 8);
    const { body: second } = await admin("POST", "/api/admin/customers", {
      firstName: "Sid",
      lastName: `Second-${tag}`,
      email: `second-${tag}@example.com`,
    });
    const created = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(second.id));
    expect(created.body.propertyId).toBeNull();
    // No property yet: the quote cannot be sent.
    const refused = await admin("POST", `/api/admin/estimates/${created.body.id}/send`);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: "propertyId", message: "Choose the property the work is at" }]);
    const { body: home } = await admin("POST", `/api/admin/customers/${second.id}/properties`, {
      address: "9 Second Street, Sale",
      postcode: "M33 2SS",
    });
    // Now the customer's only property is where the work is.
    const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${created.body.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.propertyId).toBe(home.id);
    await drainMail();
    const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1", second.email);
    const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.place).toBe("9 Second Street, Sale, M33 2SS");
    const { body: quote } = await admin<AdminQuote>("GET", `/api/admin/estimates/${created.body.id}`);
    const [job] = await query<{ customer_id: number; property_id: number }>(
      "SELECT customer_id, property_id FROM service_records WHERE id = ?1",
      quote.visitId,
    );
    expect(job).toEqual({ customer_id: second.id, property_id: home.id });
    // Nothing of the first customer's house anywhere on the second's job.
    const [firstHome] = await query<{ id: number }>("SELECT id FROM properties WHERE customer_id = ?1", first.id);
    const onJob = await query("SELECT id FROM service_records WHERE id = ?1 AND property_id = ?2", quote.visitId, firstHome!.id);
    expect(onJob).toEqual([]);
  });

  it("asks which property when the customer has several, and keeps the one chosen once sent", async () => {
    const c = await customer();
    const { body: flat } = await admin("POST", `/api/admin/customers/${c.id}/properties`, {
      address: "Flat 2, 10 Let Road, Stretford",
      postcode: "M32 0LL",
    });
    const created = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(c.id));
    expect(created.body.propertyId).toBeNull();
    expect((await admin("POST", `/api/admin/estimates/${created.body.id}/send`)).status).toBe(400);
    await admin("PATCH", `/api/admin/estimates/${created.body.id}`, { propertyId: flat.id });
    const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${created.body.id}/send`);
    expect(sent.body.propertyId).toBe(flat.id);
    const unset = await admin("PATCH", `/api/admin/estimates/${created.body.id}`, { propertyId: null });
    expect(unset.status).toBe(400);
    expect(unset.body.details[0].path).toBe("propertyId");
  });
});

describe("after acceptance and while waiting", () => {
  it("turns an accepted quote into a job to book, linked from the quote and counted on the home screen", async () => {
    const { quote, token } = await sentQuote();
    await accept(token, { optionalLineIds: ["filter"] });
    const { body: accepted } = await admin<AdminQuote>("GET", `/api/admin/estimates/${quote.id}`);
    expect(accepted.visitId).not.toBeNull();
    expect(accepted.events.map((ev) => ev.kind)).toEqual(["created", "sent", "accepted", "job"]);
    const [job] = await query<Record<string, unknown>>("SELECT * FROM service_records WHERE id = ?1", accepted.visitId);
    // The visit is on the job the quote was made with, not a job of its own.
    expect(job!.job_id).toBe(accepted.jobId);
    expect(job).toMatchObject({
      customer_id: quote.customerId,
      status: "scheduled",
      visit_start: null,
      service_type: "A new combi boiler",
      cost_pence: 287_880 + 15_599,
    });
    expect(job!.description).toContain("Magnetic filter");
    expect(job!.property_id).not.toBeNull();
    const { body: home } = await admin("GET", "/api/admin/summary");
    expect(home.quotesThisMonth.accepted).toBeGreaterThanOrEqual(1);
    expect(home.acceptedQuotes.map((q: { id: number }) => q.id)).toContain(quote.id);
  });

  it("follows an unanswered quote up once at 3 days and once at 7, and never after it is answered", async () => {
    const waiting = await sentQuote();
    const answered = await sentQuote();
    const quiet = await sentQuote();
    await admin("PATCH", `/api/admin/estimates/${quiet.quote.id}`, { followUps: false });
    await accept(answered.token);
    const sentAt = Date.parse((await admin<AdminQuote>("GET", `/api/admin/estimates/${waiting.quote.id}`)).body.events[1]!.at);
    const followUps = async (email: string) =>
      (
        await query<{ subject: string }>(
          "SELECT subject FROM outgoing_emails WHERE `to` = ?1 AND subject LIKE '%is waiting%'",
          email,
        )
      ).length;
    const { followUpQuotes } = await import("../worker/services/quotes/follow-ups");
    const { getDb } = await import("../worker/db/client");
    const run = (days: number) => followUpQuotes(env, getDb(env), sentAt + days * 86_400_000 + 60_000);
    await run(2);
    expect(await followUps(waiting.c.email)).toBe(0);
    await run(3);
    await run(3.5);
    expect(await followUps(waiting.c.email)).toBe(1);
    await run(7);
    await run(8);
    expect(await followUps(waiting.c.email)).toBe(2);
    expect(await followUps(answered.c.email)).toBe(0);
    expect(await followUps(quiet.c.email)).toBe(0);
    const { body: history } = await admin<AdminQuote>("GET", `/api/admin/estimates/${waiting.quote.id}`);
    expect(history.events.filter((ev) => ev.kind === "reminded").map((ev) => ev.detail)).toEqual(["day 3", "day 7"]);
  });
});
