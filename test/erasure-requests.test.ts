import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { outgoingEmails, serviceRecords } from "../schema/db";
import { addDays, londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { ok, person, signIn } from "./helpers/erasure-person";
import { rowsOf } from "./helpers/erasure-scan";
import { callApp, callAppJson, query, randomIp } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

// Erasing an account, the other requests: an address that is part of a longer one stays, a
// landlord with more than a hundred visits is erased whole, and a refused request changes nothing.
// The whole erasure: test/erasure-everywhere.test.ts.

describe("erasing an account", () => {
  it("forgets the owner's notices about v@example.co and keeps those about anna.v@example.com", async () => {
    const notice = (email: string) =>
      callAppJson("/api/quotes", {
        method: "POST",
        ip: randomIp(),
        json: { name: "Vee", phone: "0161 496 0844", email, postcode: "M20 2QD", service: "boiler-repair", message: "Noisy" },
      });
    await ok("POST", "/api/admin/customers", { firstName: "Vee", lastName: "Short", email: "v@example.co" });
    await ok("POST", "/api/admin/customers", { firstName: "Anna", lastName: "Long", email: "anna.v@example.com" });
    expect((await notice("v@example.co")).status).toBe(201);
    expect((await notice("anna.v@example.com")).status).toBe(201);
    const cookie = await signIn("v@example.co");
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    await drainMail();
    const mentioning = (email: string) =>
      query<{ id: number; to: string }>(
        "SELECT id, `to` FROM outgoing_emails WHERE instr(lower(subject), ?1) > 0 OR instr(lower(text), ?1) > 0 OR lower(`to`) = ?1",
        email,
      );
    const anna = await mentioning("anna.v@example.com");
    const annaIds = anna.map((m) => m.id);
    // The owner's notice of her quote holds "v@example.co" inside her address.
    const containing = await mentioning("v@example.co");
    expect(containing.filter((m) => annaIds.includes(m.id)).length).toBeGreaterThanOrEqual(1);
    expect(containing.filter((m) => !annaIds.includes(m.id)).length).toBeGreaterThanOrEqual(3);

    const requests = await ok("GET", "/api/admin/erasure-requests");
    await ok(
      "POST",
      `/api/admin/erasure-requests/${requests.find((r: { email: string }) => r.email === "v@example.co").id}/erase`,
    );
    // Hers all stay; of his, only the answer, waiting to be sent to him.
    expect(await mentioning("anna.v@example.com")).toEqual(anna);
    expect((await mentioning("v@example.co")).filter((m) => !annaIds.includes(m.id))).toEqual([
      expect.objectContaining({ to: "v@example.co" }),
    ]);
    await drainMail();
    expect((await mentioning("v@example.co")).map((m) => m.id)).toEqual(
      containing.filter((m) => annaIds.includes(m.id)).map((m) => m.id),
    );
    expect(await query("SELECT email FROM quotes WHERE email = 'anna.v@example.com'")).toHaveLength(1);
    expect(await query("SELECT email FROM customers WHERE email = 'anna.v@example.com'")).toHaveLength(1);
  });

  it("erases a landlord with more than a hundred visits, photos and e-mails naming the address", async () => {
    const db = getDb(env);
    const p = person("Montgomery", "Busy", "Elder", "0161 496 0866", "M20 2QG");
    const customer = await ok("POST", "/api/admin/customers", { firstName: p.first, lastName: p.last, email: p.email });
    // Seeded a few rows a statement: D1 binds at most 100 parameters.
    const visits: { id: number }[] = [];
    for (let i = 0; i < 110; i += 15) {
      const rows = Array.from({ length: Math.min(15, 110 - i) }, (_, j) => ({
        customerId: customer.id,
        serviceType: "Annual Service",
        status: "completed" as const,
        serviceDate: addDays(londonToday(), -i - j - 1),
        notes: `Flat ${i + j} for ${p.last}`,
      }));
      visits.push(...(await db.insert(serviceRecords).values(rows).returning({ id: serviceRecords.id })));
    }
    for (const { id } of visits) await env.IMAGES.put(`visits/${id}/${crypto.randomUUID()}.png`, p.photo);
    for (let i = 0; i < 150; i += 10) {
      await db.insert(outgoingEmails).values(
        Array.from({ length: 10 }, (_, j) => ({
          kind: "quote" as const,
          to: "owner@example.com",
          subject: `Notice ${i + j}`,
          html: "<p>n</p>",
          text: `From ${p.email}.`,
          status: "sent" as const,
        })),
      );
    }
    const cookie = await signIn(p.email);
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    const request = (await ok("GET", "/api/admin/erasure-requests")).find((r: { email: string }) => r.email === p.email);
    expect((await ok("POST", `/api/admin/erasure-requests/${request.id}/erase`)).outcome).toContain("110 visit(s) deleted");
    expect(await query("SELECT id FROM service_records WHERE customer_id = ?1", customer.id)).toEqual([]);
    expect(
      (await env.IMAGES.list({ prefix: "visits/" })).objects.filter((o) =>
        visits.some((v) => o.key.startsWith(`visits/${v.id}/`)),
      ),
    ).toEqual([]);
    expect(await query("SELECT id FROM outgoing_emails WHERE instr(text, ?1) > 0", p.email)).toEqual([]);
  });

  it("answers a refused request in the owner's words and changes nothing", async () => {
    const p = person("Rosalind", "Penhaligon", "Hawthorn", "0161 496 0855", "M20 2QE");
    const customer = await ok("POST", "/api/admin/customers", {
      firstName: p.first,
      lastName: p.last,
      email: p.email,
      phone: p.phone,
    });
    const cookie = await signIn(p.email);
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    const before = await rowsOf(p);
    const request = (await ok("GET", "/api/admin/erasure-requests")).find((r: { email: string }) => r.email === p.email);
    const because = "We must keep your gas safety record until next June; we will delete the rest then.";
    expect(await ok("POST", `/api/admin/erasure-requests/${request.id}/refuse`, { outcome: because })).toMatchObject({
      status: "refused",
      email: p.email,
      outcome: because,
    });
    await drainMail();
    const [told] = await query<{ subject: string; text: string; kind: string }>(
      "SELECT subject, text, kind FROM outbox WHERE `to` = ?1 AND subject LIKE '%request to delete%'",
      p.email,
    );
    expect(told).toMatchObject({ kind: "account", subject: expect.stringContaining("your request to delete your account") });
    expect(told!.text).toContain("About your request to delete your account");
    expect(told!.text).toContain(because);
    // The address is still a customer's: the mail log keeps it, and nothing else changed.
    expect(await query("SELECT `to` FROM outgoing_emails WHERE subject = ?1", told!.subject)).toContainEqual({ to: p.email });
    const after = await rowsOf(p);
    for (const table of Object.keys(before).filter(
      (t) => !["account_erasure_requests", "outgoing_emails", "outbox"].includes(t),
    )) {
      expect(after[table], table).toEqual(before[table]);
    }
    expect(await query("SELECT email FROM customers WHERE id = ?1", customer.id)).toEqual([{ email: p.email }]);
  });
});
