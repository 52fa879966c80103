import { describe, expect, it } from "vitest";
import { formatPounds, formatPrice, parsePriceToPence, saving } from "../schema/format";

describe("money formatting", () => {
  it("shows pounds and pence with thousands separators", () => {
    expect(formatPrice(45.99)).toBe("£45.99");
    expect(formatPrice(0)).toBe("£0.00");
    expect(formatPrice(0.5)).toBe("£0.50");
    expect(formatPrice(1299.5)).toBe("£1,299.50");
    expect(formatPrice(1234567.89)).toBe("£1,234,567.89");
  });

  it("accepts the price texts the product accepts and leaves other text alone", () => {
    expect(formatPrice("£45.99")).toBe("£45.99");
    expect(formatPrice("45")).toBe("£45.00");
    expect(formatPrice("1,299.5")).toBe("£1,299.50");
    expect(formatPrice("call us")).toBe("call us");
  });

  it("agrees with en-GB Intl formatting for every pence value it meets", () => {
    const intl = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
    for (let pence = 0; pence < 2_000_000; pence += 37) {
      expect(formatPrice(pence / 100)).toBe(`£${intl.format(pence / 100)}`);
      expect(formatPounds(pence)).toBe(`£${whole.format(pence / 100)}`);
    }
  });

  it("rounds whole pounds and works out savings", () => {
    expect(formatPounds(189900)).toBe("£1,899");
    expect(formatPounds(149)).toBe("£1");
    expect(formatPounds(150)).toBe("£2");
    expect(saving(219900, 189900)).toEqual({ amount: "£300", percent: 14 });
  });

  it("parses price text to pence", () => {
    expect(parsePriceToPence("£1,299.00")).toBe(129900);
    expect(parsePriceToPence("45.9")).toBe(4590);
    expect(parsePriceToPence("45.999")).toBeNull();
  });
});
