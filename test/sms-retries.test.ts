import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import { retryTexts } from "../worker/services/sms/retries";
import { sendText } from "../worker/services/sms/texts";
import { countingD1 } from "./helpers/d1-counter";
import { fakeRequests } from "./helpers/http";
import {
  failTextsTo,
  heldAnswersTo,
  holdAnswersTo,
  inboundText,
  smsEnv,
  smsRows,
  textsSentTo,
  uniqueMobile,
} from "./helpers/sms";

// A text Twilio could not take for a passing reason (its 5xx or 429, or not reached at all) is tried
// again by the cron with growing waits and a cap, never one refused for good, never twice
// (worker/services/sms/retries.ts), against the fake Twilio.

const configured = { ...env, ...smsEnv } as AppEnv;
const day = addDays(londonToday(), 1);
const at = (time: string, date = day) => londonToUtc(date, time).getTime();
const db = () => getDb(env);

/** The cron's share at `time`. */
const runAt = (time: string, date = day) => retryTexts(configured, db(), at(time, date));

const askedFor = async (e164: string) =>
  (await fakeRequests(env.TWILIO_API_BASE!)).filter((r) => r.body.includes(encodeURIComponent(e164))).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a text Twilio could not take", () => {
  it("is tried again once its wait is over, and sent once", async () => {
    const mobile = uniqueMobile();
    await failTextsTo(mobile.e164, 500, 20500, 1);
    vi.setSystemTime(at("10:00"));
    const outcome = await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    expect(outcome).toMatchObject({ sent: false, reason: "refused", retrying: true });
    expect(await smsRows(mobile.e164)).toEqual([
      expect.objectContaining({
        status: "queued",
        error_code: "20500",
        attempts: 1,
        retry_at: new Date(at("10:05")).toISOString(),
        provider_sid: null,
      }),
    ]);

    expect(await runAt("10:04")).toBe(0);
    expect(await textsSentTo(mobile.e164)).toEqual([]);
    expect(await runAt("10:05")).toBe(1);
    const [sent] = await textsSentTo(mobile.e164);
    expect(sent!.body).toBe("Booked.");
    expect(await smsRows(mobile.e164)).toEqual([
      expect.objectContaining({ status: "queued", provider_sid: sent!.sid, attempts: 2, retry_at: null, error_code: null }),
    ]);
    // Never twice: later runs find nothing of it.
    expect(await runAt("10:30")).toBe(0);
    expect(await runAt("12:00")).toBe(0);
    expect(await textsSentTo(mobile.e164)).toHaveLength(1);
    expect(await askedFor(mobile.e164)).toBe(2);
  });

  it("waits longer each time when Twilio stays busy (429), and has failed after its last attempt", async () => {
    const mobile = uniqueMobile();
    await failTextsTo(mobile.e164, 429, 20429, 10);
    vi.setSystemTime(at("10:00"));
    await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    const retryAt = async () => (await smsRows(mobile.e164))[0]!.retry_at;
    expect(await retryAt()).toBe(new Date(at("10:05")).toISOString());
    await runAt("10:05");
    expect(await retryAt()).toBe(new Date(at("10:20")).toISOString());
    await runAt("10:15");
    expect(await askedFor(mobile.e164)).toBe(2);
    await runAt("10:20");
    expect(await retryAt()).toBe(new Date(at("11:05")).toISOString());
    await runAt("11:05");
    expect(await smsRows(mobile.e164)).toEqual([
      expect.objectContaining({ status: "failed", error_code: "20429", attempts: 4, retry_at: null }),
    ]);
    await runAt("13:00");
    expect(await askedFor(mobile.e164)).toBe(4);
    expect(await textsSentTo(mobile.e164)).toEqual([]);
  });

  it("is tried again when the connection to Twilio dropped unanswered", async () => {
    const mobile = uniqueMobile();
    await failTextsTo(mobile.e164, 0, 0, 1);
    vi.setSystemTime(at("10:00"));
    const outcome = await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    expect(outcome).toMatchObject({ sent: false, retrying: true });
    expect((await smsRows(mobile.e164))[0]).toMatchObject({ status: "queued", error_code: "unreachable" });
    await runAt("10:05");
    expect(await textsSentTo(mobile.e164)).toHaveLength(1);
  });

  it("is recorded as not answered, and never tried again, when Twilio took it but did not answer in time", async () => {
    const mobile = uniqueMobile();
    await holdAnswersTo(mobile.e164, 1);
    vi.setSystemTime(at("10:00"));
    // The adapter's wait, short here (10 s in a deploy): the fake holds its answer past it.
    const impatient = { ...configured, TWILIO_TIMEOUT_MS: "300" } as AppEnv;
    const outcome = await sendText(impatient, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    expect(outcome).toMatchObject({ sent: false, reason: "refused", retrying: false });
    // Twilio may well have taken it (the fake did): the row says it was not answered, with no sid and no next attempt.
    const [taken] = await textsSentTo(mobile.e164);
    expect(taken!.body).toBe("Booked.");
    expect(await smsRows(mobile.e164)).toEqual([
      expect.objectContaining({ status: "failed", error_code: "no-answer", provider_sid: null, retry_at: null, attempts: 1 }),
    ]);
    await vi.waitFor(async () =>
      expect(await heldAnswersTo(mobile.e164)).toEqual([{ sid: taken!.sid, to: mobile.e164, callerGaveUp: true }]),
    );

    // The retries cron, at each of its waits and after, finds nothing of it: it was handed over once.
    for (const time of ["10:05", "10:20", "11:05", "13:00"]) expect(await runAt(time)).toBe(0);
    expect(await askedFor(mobile.e164)).toBe(1);
    expect(await textsSentTo(mobile.e164)).toHaveLength(1);
  });

  it("is never tried again when Twilio refused it for good: a number opted out at Twilio, or not a mobile", async () => {
    for (const code of [21610, 21614]) {
      const mobile = uniqueMobile();
      await failTextsTo(mobile.e164, 400, code, 1);
      vi.setSystemTime(at("10:00"));
      const outcome = await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
      expect(outcome).toMatchObject({ sent: false, reason: "refused", retrying: false });
      expect(await smsRows(mobile.e164)).toEqual([
        expect.objectContaining({ status: "failed", error_code: String(code), retry_at: null }),
      ]);
      await runAt("10:05");
      await runAt("11:00");
      expect(await askedFor(mobile.e164)).toBe(1);
      expect(await textsSentTo(mobile.e164)).toEqual([]);
    }
  });

  it("is not sent to a number that said STOP meanwhile", async () => {
    const mobile = uniqueMobile();
    await failTextsTo(mobile.e164, 503, 20503, 1);
    vi.setSystemTime(at("10:00"));
    await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    await inboundText(mobile.e164, "STOP");
    await runAt("10:05");
    expect((await textsSentTo(mobile.e164)).map((t) => t.body)).toEqual([expect.stringContaining("no more texts")]);
    expect((await smsRows(mobile.e164)).find((r) => r.kind === "booking-confirmed")).toMatchObject({
      status: "failed",
      error_code: "20503",
      retry_at: null,
    });
  });

  it("is given up rather than sent late: On my way within 15 minutes, and never outside the texting hours", async () => {
    const soon = uniqueMobile();
    await failTextsTo(soon.e164, 500, 20500, 5);
    vi.setSystemTime(at("10:00"));
    await sendText(configured, db(), { kind: "on-my-way", phone: soon.national, body: "On my way." });
    await runAt("10:05");
    // The next wait (15 minutes) would end after 10:15: failed now.
    expect((await smsRows(soon.e164))[0]).toMatchObject({ status: "failed", attempts: 2, retry_at: null });

    const evening = uniqueMobile();
    await failTextsTo(evening.e164, 500, 20500, 1);
    vi.setSystemTime(at("20:58"));
    await sendText(configured, db(), { kind: "on-my-way", phone: evening.national, body: "On my way." });
    expect(await runAt("21:05")).toBe(0);
    expect(await runAt("08:00", addDays(day, 1))).toBe(0);
    expect(await textsSentTo(evening.e164)).toEqual([]);
    expect((await smsRows(evening.e164))[0]).toMatchObject({ status: "failed", error_code: "20500", retry_at: null });
  });

  it("is handed over once when two runs take their share at the same moment", async () => {
    const mobile = uniqueMobile();
    await failTextsTo(mobile.e164, 500, 20500, 1);
    vi.setSystemTime(at("10:00"));
    await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    const sent = await Promise.all([runAt("10:05"), runAt("10:05")]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await textsSentTo(mobile.e164)).toHaveLength(1);
  });

  it("is tried again a share a run, in two D1 queries whatever the share", async () => {
    const numbers = Array.from({ length: 12 }, () => uniqueMobile());
    vi.setSystemTime(at("10:00"));
    for (const mobile of numbers) {
      await failTextsTo(mobile.e164, 500, 20500, mobile === numbers[0] ? 2 : 1);
      await sendText(configured, db(), { kind: "booking-confirmed", phone: mobile.national, body: "Booked." });
    }
    const counted = countingD1(env.DB);
    const sent = await retryTexts(configured, getDb({ ...configured, DB: counted.db }), at("10:05"));
    expect(counted.trips.flat().length).toBeLessThanOrEqual(2);
    // The oldest due first: the first failed again (waits 15 minutes more), nine went, two wait for the next run.
    expect(sent).toBe(9);
    expect((await smsRows(numbers[0]!.e164))[0]).toMatchObject({ status: "queued", attempts: 2, error_code: "20500" });
    expect(await retryTexts(configured, db(), at("10:10"))).toBe(2);
    for (const mobile of numbers.slice(1)) expect(await textsSentTo(mobile.e164)).toHaveLength(1);
  });
});
