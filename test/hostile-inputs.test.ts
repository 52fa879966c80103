import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cleanStrings, cleanText, oneLine } from "../schema/clean-text";
import { getDb } from "../worker/db/client";
import { createBookingToken } from "../worker/lib/booking-token";
import { addressLimits, NETWORK_FACTOR } from "../worker/middleware/rate-limit";
import { readCalendarAndFeed } from "../worker/services/visits/calendar";
import { adminHeaders } from "./helpers/admin";
import { callApp, outboxMentioning, outboxTo, query, randomIp } from "./helpers/factories-commerce";

// Issue 28: what a second hostile review sent, answered with a 4xx and a sentence, never a 500.

const farDates = ["0000-01-01", "0001-01-01", "0099-12-31", "0500-06-15", "9999-12-31"];

const expectRefused = async (res: Response, what: string) => {
  expect(res.status, what).toBe(400);
  const body = (await res.json()) as { code: string; error: string };
  expect(body.code, what).toBe("VALIDATION_FAILED");
  expect(body.error, what).not.toMatch(/at .*\.(ts|js):\d+/);
};

describe("far dates", () => {
  it("are refused with 400 by the availability, a booking, a move and the diary", async () => {
    const auth = await adminHeaders();
    const token = await createBookingToken(env, "BK-NONE22", 1);
    for (const day of farDates) {
      await expectRefused(await callApp(`/api/availability?service=annual-service&from=${day}`, {}), `availability ${day}`);
      await expectRefused(await callApp(`/api/admin/bookings?from=${day}`, { headers: auth }), `diary ${day}`);
      const start = `${day}T00:00:00Z`;
      await expectRefused(
        await callApp("/api/bookings", {
          method: "POST",
          ip: randomIp(),
          json: {
            service: "annual-service",
            start,
            name: "Far Future",
            email: "far@example.com",
            phone: "0161 496 0000",
            postcode: "M32 0ZZ",
            address: "1 Time Street",
          },
        }),
        `booking ${start}`,
      );
      await expectRefused(
        await callApp("/api/bookings/manage/move", { method: "POST", ip: randomIp(), json: { token, start } }),
        `move ${start}`,
      );
    }
  });
});

describe("control characters", () => {
  it("are taken out of text, names become one line, and line breaks in other text stay", () => {
    expect(cleanText("Bob\u0000 \u001b[31mred\u007f")).toBe("Bob [31mred");
    expect(cleanText("gpj\u202e.exe")).toBe("gpj.exe");
    expect(cleanText("line one\r\nline two\rthree")).toBe("line one\nline two\nthree");
    expect(oneLine("Bob\r\nBcc: all@example.com")).toBe("Bob Bcc: all@example.com");
    expect(
      cleanStrings({ name: "Bob\r\nBcc: x", message: "Hi\r\nthere\u0007", items: [{ customerName: "A\nB" }], n: 3 }),
    ).toEqual({ name: "Bob Bcc: x", message: "Hi\nthere", items: [{ customerName: "A B" }], n: 3 });
  });

  it("never reach the database or an e-mail subject from a public form", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await callApp("/api/quotes", {
      method: "POST",
      ip: randomIp(),
      json: {
        name: `Bob\r\nBcc: victim@example.com ${tag}`,
        phone: "0161 496 0123",
        email: `cc-${tag}@example.com`,
        postcode: "M32 0ZZ",
        service: "boiler-repair",
        message: `First line\r\nSecond line\u0000\u001b ${tag}`,
      },
    });
    expect(res.status).toBe(201);
    const [row] = await query<{ name: string; message: string }>(
      "SELECT name, message FROM quotes WHERE email = ?1",
      `cc-${tag}@example.com`,
    );
    expect(row).toEqual({ name: `Bob Bcc: victim@example.com ${tag}`, message: `First line\nSecond line ${tag}` });
    const mails = await outboxMentioning(tag);
    expect(mails.length).toBeGreaterThan(0);
    const controls = (text: string) => [...text].filter((ch) => ch.charCodeAt(0) < 32);
    for (const m of mails) expect(controls(m.subject)).toEqual([]);
  });
});

describe("the calendar feed", () => {
  it("is never stored by a cache, so a new address ends the old one at once", async () => {
    const feed = (await readCalendarAndFeed(env, getDb(env))).secret;
    const res = await callApp(`/api/calendar/${feed}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("mail to an address typed into a form", () => {
  it("goes at most once in five minutes to one address, whoever sends the form and from wherever", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `victim-${tag}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await callApp("/api/quotes", {
        method: "POST",
        ip: randomIp(),
        json: { name: `Sender ${i} ${tag}`, phone: "0161 496 0123", email, postcode: "M32 0ZZ", service: "boiler-repair" },
      });
      // The request itself is fine: it is stored and answered as usual.
      expect(res.status).toBe(201);
    }
    expect(await query("SELECT id FROM quotes WHERE email = ?1", email)).toHaveLength(3);
    const toVictim = await outboxTo(email);
    expect(toVictim).toHaveLength(1);
    // The owner still hears of every request.
    expect((await outboxMentioning(tag)).filter((m) => m.to !== email)).toHaveLength(3);
  });
});

describe("an IPv6 /48", () => {
  it("cannot multiply a limit by moving from /64 to /64", async () => {
    const site = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const { limit } = addressLimits.quote;
    const send = (i: number) =>
      callApp("/api/quotes", {
        method: "POST",
        ip: `${site}:${i.toString(16)}::1`,
        json: {
          name: `Net ${i}`,
          phone: "0161 496 0123",
          email: `net-${i}-${site.replaceAll(":", "")}@example.com`,
          postcode: "M32 0ZZ",
          service: "boiler-repair",
        },
      });
    for (let i = 0; i < limit * NETWORK_FACTOR; i++) expect((await send(i)).status, `request ${i}`).toBe(201);
    expect((await send(limit * NETWORK_FACTOR)).status).toBe(429);
    // Another site is not affected.
    expect((await callApp("/api/quotes", { method: "POST", ip: "2001:db8:ffff:1::1", json: {} })).status).toBe(400);
  });
});
