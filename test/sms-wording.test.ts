import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settings } from "../schema/settings";
import { countSegments } from "../worker/services/sms/segments";
import { smsWording, visitWhen } from "../worker/services/sms/wording";
import { manageUrl } from "../worker/services/visits/book";

const what = "boiler installation and power flush";
const start = "2026-12-02T10:00:00.000Z";

describe("the words of each text", () => {
  it("names the day and time in London time", () => {
    expect(visitWhen("2026-12-02T10:00:00.000Z")).toBe("Wed 2 Dec at 10:00");
    expect(visitWhen("2026-07-01T08:30:00.000Z")).toBe("Wed 1 Jul at 09:30");
  });

  it("keeps every text in plain GSM-7 and within the owner's limit of parts, with a long visit name", async () => {
    const link = await manageUrl({ ...env, PUBLIC_SITE_URL: "https://www.example-heating.co.uk" }, "BK-7KQ2MX", 12);
    const texts = [
      smsWording.visitReminder(what, start),
      smsWording.visitReminder(what, start, "today"),
      smsWording.bookingConfirmed(what, start),
      smsWording.visitMoved(what, start),
      smsWording.visitCancelled(what, start),
      smsWording.confirmed(start),
      smsWording.manageLink(link),
      smsWording.callToMove(),
      smsWording.optedOut(),
      smsWording.optedIn(),
    ];
    for (const text of texts) {
      expect(countSegments(text), text).toMatchObject({ encoding: "GSM-7" });
      expect(countSegments(text).segments, text).toBeLessThanOrEqual(settings.sms.maxSegments);
    }
  });

  it("signs the service texts with the firm's name and its 24/7 line", () => {
    expect(smsWording.visitReminder(what, start)).toMatch(/ Northside Heating, 24\/7 line 0161 496 0999$/);
    expect(smsWording.optedOut()).toBe("Northside Heating: you will get no more texts from us. Reply START to have them again.");
  });
});
