import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import { createBookingToken } from "../worker/lib/booking-token";
import { textBookingNotice } from "../worker/services/sms/visit-texts";
import { visitWhen } from "../worker/services/sms/wording";
import { adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callAppJson, randomIp } from "./helpers/factories-commerce";
import { smsEnv, textsSentTo, uniqueMobile } from "./helpers/sms";

const configured = { ...env, ...smsEnv } as AppEnv;

/** A Wednesday at least two days away (London): a working day the default rules allow. */
function nextWednesday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "wednesday") date = addDays(date, 1);
  return date;
}
const day = nextWednesday();
const nineAm = londonToUtc(londonToday(), "09:00").getTime();
let slot = 0;
const nextStart = () =>
  londonToUtc(addDays(day, 7 * Math.floor(slot / 7)), `${String(9 + (slot++ % 7)).padStart(2, "0")}:30`).toISOString();

/** A known customer who chose `channel`, booking online with their own details. */
async function booking(channel: "email" | "text" | "both", bindings: Partial<AppEnv> = {}) {
  const mobile = uniqueMobile();
  const customer = await createCustomer({ phone: mobile.national, contactChannel: channel, postcode: "M33 7XX" });
  const res = await callAppJson("/api/bookings", {
    method: "POST",
    ip: randomIp(),
    env: bindings,
    json: {
      service: "annual-service",
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phone: mobile.national,
      postcode: "M33 7XX",
      address: "14 Park Road, Sale",
      start: nextStart(),
    },
  });
  expect(res.status).toBe(201);
  return { mobile, customer, reference: res.body.reference as string, start: res.body.start as string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("booking texts", () => {
  it("texts the booking's confirmation to a customer who chose texts, with the firm's name and 24/7 line", async () => {
    const b = await booking("text");
    const outcome = await textBookingNotice(configured, getDb(env), b.reference, "booking-confirmed", nineAm);
    expect(outcome?.sent).toBe(true);
    const [text] = await textsSentTo(b.mobile.e164);
    expect(text!.body).toMatch(
      /^Booked: your annual boiler service visit on Wed \d{1,2} \w{3} at \d\d:30\. Reply R to move it\. Northside Heating, 24\/7 line /,
    );
  });

  it("texts nothing to a customer who chose e-mail, nor at 22:00", async () => {
    const byEmail = await booking("email");
    expect(await textBookingNotice(configured, getDb(env), byEmail.reference, "booking-confirmed", nineAm)).toBeNull();
    const late = await booking("both");
    const tenPm = londonToUtc(londonToday(), "22:00").getTime();
    expect(await textBookingNotice(configured, getDb(env), late.reference, "booking-confirmed", tenPm)).toBeNull();
    expect(await textsSentTo(byEmail.mobile.e164)).toEqual([]);
    expect(await textsSentTo(late.mobile.e164)).toEqual([]);
  });

  it("texts the booking as it is made, moved and cancelled through the site", async () => {
    // The route texts only between 08:00 and 21:00 London time: the clock is set to 09:00 today.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(nineAm);
    const b = await booking("both", smsEnv);
    const token = await createBookingToken(env, b.reference, 1);
    const moveTo = nextStart();
    const moved = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      ip: randomIp(),
      env: smsEnv,
      json: { token, start: moveTo },
    });
    expect(moved.status).toBe(200);
    const cancelled = await callAppJson("/api/bookings/manage/cancel", {
      method: "POST",
      ip: randomIp(),
      env: smsEnv,
      json: { token },
    });
    expect(cancelled.status).toBe(200);
    const bodies = (await textsSentTo(b.mobile.e164)).map((t) => t.body);
    expect(bodies.map((body) => body.split(":")[0])).toEqual(["Booked", "Moved", "Cancelled"]);
    expect(bodies[1]).toContain(`${visitWhen(moveTo)}.`);
  });

  it("texts a visit the owner books, then moves, from the back office", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(nineAm);
    const mobile = uniqueMobile();
    const customer = await createCustomer({
      phone: mobile.national,
      contactChannel: "both",
      postcode: "M33 7XX",
      address: "3 Oak Road",
    });
    const start = nextStart();
    const end = new Date(Date.parse(start) + 3_600_000).toISOString();
    const headers = await adminHeaders();
    const created = await callAppJson("/api/admin/service-records", {
      method: "POST",
      headers,
      env: smsEnv,
      json: {
        customerId: customer.id,
        serviceType: "Boiler Repair",
        status: "scheduled",
        serviceDate: day,
        visitStart: start,
        visitEnd: end,
      },
    });
    expect(created.status).toBe(201);
    // The owner moves it a minute later (a booking changed since it was written reads as moved).
    vi.setSystemTime(nineAm + 60_000);
    const later = new Date(Date.parse(start) + 2 * 3_600_000).toISOString();
    const moved = await callAppJson(`/api/admin/service-records/${created.body.id}`, {
      method: "PATCH",
      headers,
      env: smsEnv,
      json: { visitStart: later, visitEnd: new Date(Date.parse(later) + 3_600_000).toISOString() },
    });
    expect(moved.status).toBe(200);
    const bodies = (await textsSentTo(mobile.e164)).map((t) => t.body);
    expect(bodies).toEqual([
      expect.stringMatching(/^Booked: your boiler repair visit on /),
      expect.stringContaining(`Moved: your boiler repair visit is now on ${visitWhen(later)}.`),
    ]);
  });
});
