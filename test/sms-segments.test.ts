import { describe, expect, it } from "vitest";
import { phoneKeyOf, textableNumber } from "../worker/services/sms/phone";
import { countSegments } from "../worker/services/sms/segments";

describe("counting a text's parts", () => {
  it("fits 160 plain characters in one part and splits 161 into two of 153", () => {
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts the GSM-7 alphabet's own accents and symbols (£, é, Ä, @) as one place", () => {
    expect(countSegments("£85 @ café Ä ß ¿ § ¥ Δ")).toMatchObject({ encoding: "GSM-7", units: 22, segments: 1 });
  });

  it("counts each extension character (€ [ ] { } ^ ~ \\ | form feed) as two places", () => {
    expect(countSegments("€").units).toBe(2);
    expect(countSegments("[]{}^~\\|\f").units).toBe(18);
    // 80 euro signs are 160 septets: one part; one more character makes two.
    expect(countSegments("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments(`${"€".repeat(80)}a`).segments).toBe(2);
  });

  it("never splits an extension character between two parts", () => {
    // Both are 306 septets, two full parts of 153, when the euro sign ends the first part; when it
    // would straddle places 153 and 154 it moves to the second part, and a third is needed.
    expect(countSegments(`${"a".repeat(151)}€${"a".repeat(153)}`).segments).toBe(2);
    expect(countSegments(`${"a".repeat(152)}€${"a".repeat(152)}`).segments).toBe(3);
  });

  it("sends the whole text as UCS-2 once one character is outside the alphabet", () => {
    expect(countSegments("Thanks \u2019")).toEqual({ encoding: "UCS-2", units: 8, segments: 1 });
    expect(countSegments("ł".repeat(70)).segments).toBe(1);
    expect(countSegments("ł".repeat(71)).segments).toBe(2);
    expect(countSegments("ł".repeat(134)).segments).toBe(2);
    expect(countSegments("ł".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as two UTF-16 units and keeps its halves in one part", () => {
    expect(countSegments("🔥").units).toBe(2);
    // 66 units then an emoji: the first part cannot take both halves at place 67.
    expect(countSegments(`${"ł".repeat(66)}🔥${"ł".repeat(66)}`).segments).toBe(3);
  });
});

describe("which numbers are texted", () => {
  it("writes a UK mobile as E.164 whichever way it was typed", () => {
    for (const typed of ["07911 123456", "+44 7911 123456", "+44 (0)7911 123456", "0044 7911 123456", "447911123456"]) {
      expect(textableNumber(typed)).toEqual({ ok: true, e164: "+447911123456" });
    }
  });

  it("never texts a landline, a reserved drama number or nothing", () => {
    expect(textableNumber("0161 496 0999")).toEqual({ ok: false, reason: "not-a-mobile" });
    expect(textableNumber("020 7946 0000")).toEqual({ ok: false, reason: "not-a-mobile" });
    expect(textableNumber("07700 900123")).toEqual({ ok: false, reason: "not-a-mobile" });
    expect(textableNumber("  ")).toEqual({ ok: false, reason: "missing" });
    expect(textableNumber(null)).toEqual({ ok: false, reason: "missing" });
  });

  it("texts only +44 numbers (a French mobile is not texted)", () => {
    expect(textableNumber("+33 6 12 34 56 78")).toEqual({ ok: false, reason: "not-uk" });
  });

  it("finds a customer's number as the duplicate check writes it (0 for +44)", () => {
    expect(phoneKeyOf("+447911123456")).toBe("07911123456");
  });
});
