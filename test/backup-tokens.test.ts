import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { issueAdminToken } from "../worker/lib/admin-token";
import { createBookingToken } from "../worker/lib/booking-token";
import { issueDeviceToken } from "../worker/lib/device-token";
import { readCalendarAndFeed } from "../worker/services/visits/calendar";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query, randomIp } from "./helpers/factories-commerce";

// Item 5 of the third review: "raw sign-in tokens sit in the backup". Every kind of token that opens
// something without a password is made here through the product's own flows, then the owner's
// "Download everything" is searched for each: none may be in it, whether its table is left out
// (sessions, devices), it is stored only as a hash (sign-in links, account sessions), it is signed
// from a stored key (the calendar feed), or it sits in an e-mail the mail log keeps to send.

const admin = async <T = any>(method: string, path: string, json?: unknown) =>
  callAppJson<T>(path, { method, json, headers: await adminHeaders() });

function nextWednesday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "wednesday") date = addDays(date, 1);
  return date;
}

/** The e-mails stored for an address, as the mail log holds them (before any backup strips them). */
const mailLog = async (to: string) =>
  (
    await query<{ all: string }>(
      'SELECT html || text || headers || attachments AS "all" FROM outgoing_emails WHERE `to` = ?1',
      to,
    )
  )
    .map((m) => m.all)
    .join("\n");

describe("the backup holds no token that opens anything", () => {
  it("has none of the sign-in links, sessions, device tokens, booking, quote, invoice, sign-up and calendar links made here", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `tokens-${tag}@example.com`;
    const tokens: [kind: string, token: string][] = [];

    const { body: customer } = await admin("POST", "/api/admin/customers", {
      firstName: "Tess",
      lastName: `Token-${tag}`,
      email,
      address: "3 Key Street, Sale",
      postcode: "M33 7XX",
    });

    // Two sign-in links: one used for a session, one left waiting (valid for its 15 minutes).
    for (const ip of ["10.77.0.1", "10.77.0.2"]) {
      expect((await callApp("/api/account/sign-in", { method: "POST", json: { email }, ip })).status).toBe(202);
    }
    const links = [...(await mailLog(email)).matchAll(/\/account\/sign-in#([\w-]{43})/g)].map((m) => m[1]!);
    expect(new Set(links).size).toBe(2);
    for (const link of links) tokens.push(["account sign-in link", link]);
    const session = await callApp("/api/account/session", { method: "POST", json: { token: links[0] } });
    expect(session.status).toBe(200);
    tokens.push(["account session", /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")![1]!]);

    tokens.push(["admin session", await issueAdminToken(env, "admin")]);
    tokens.push(["admin device", await issueDeviceToken(env, getDb(env), "admin", null)]);

    // A booking online: its confirmation carries the manage link.
    const { body: slots } = await callAppJson<{ start: string }[]>(
      `/api/availability?service=annual-service&from=${nextWednesday()}&days=1`,
    );
    const start =
      slots.find((s) => s.start === londonToUtc(nextWednesday(), "15:30").toISOString())?.start ?? slots.at(-1)!.start;
    const booked = await callAppJson("/api/bookings", {
      method: "POST",
      ip: randomIp(),
      json: {
        service: "annual-service",
        name: "Tess Token",
        email,
        phone: "07700 900654",
        postcode: "M33 7XX",
        address: "3 Key Street, Sale",
        start,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    tokens.push(["booking manage link", await createBookingToken(env, booked.body.reference, 1)]);

    // A quote sent, and an invoice issued: each e-mailed with its own link.
    const { body: quote } = await admin("POST", "/api/admin/estimates", {
      customerId: customer.id,
      title: "A new valve",
      options: [
        { id: "only", name: "Valve", lines: [{ id: "v", description: "Valve", quantity: 1, unitPence: 9_000, vatRate: 20 }] },
      ],
    });
    const sent = await admin("POST", `/api/admin/estimates/${quote.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    tokens.push(["quote link", /\/quote\/([A-Za-z0-9._-]+)/.exec(await mailLog(email))![1]!]);
    const { body: invoice } = await admin("POST", "/api/admin/invoices", {
      customerId: customer.id,
      lines: [{ description: "Valve", quantity: 1, unitPence: 9_000, vatRate: 20 }],
    });
    const issued = await admin("POST", `/api/admin/invoices/${invoice.id}/issue`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    tokens.push(["invoice link", /\/invoice\/([A-Za-z0-9._-]+)/.exec(await mailLog(email))![1]!]);

    // A sign-up (another address: one address gets only so many e-mails an hour): its confirmation link.
    const subscriber = `signup-${tag}@example.com`;
    expect(
      (await callApp("/api/email-signups", { method: "POST", json: { email: subscriber }, ip: randomIp() })).status,
    ).toBeLessThan(300);
    tokens.push(["sign-up confirmation", /\/confirm-subscription\?token=([^"\s&]+)/.exec(await mailLog(subscriber))![1]!]);

    tokens.push(["calendar feed", (await readCalendarAndFeed(env, getDb(env))).secret]);

    // The mail log holds the e-mailed ones as sent: the backup had them to strip.
    const log = (await mailLog(email)) + (await mailLog(subscriber));
    for (const [kind, token] of tokens.filter(([kind]) => /link|confirmation/.test(kind))) {
      expect(log.includes(token), `${kind} in the mail log`).toBe(true);
    }

    const res = await callApp("/api/admin/backup", { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    const text = await res.text();
    const backup = JSON.parse(text) as { tables: Record<string, Record<string, unknown>[]> };
    for (const [kind, token] of tokens) expect(text.includes(token), `${kind} ${token} in the backup`).toBe(false);
    // The e-mails themselves are kept, their links without the secret.
    const kept = backup.tables.outgoing_emails!.filter((m) => m.to === email);
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.map((m) => m.text).join("\n")).toContain("/account/sign-in#removed-from-backup");
  });
});
