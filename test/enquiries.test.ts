import { describe, expect, it } from "vitest";
import { enquiryServiceValues, QUOTE_REQUIRED_MESSAGE } from "../schema/api/enquiries";
import { company } from "../schema/business";
import { enquiryServices } from "../schema/db";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { callApp, callAppJson, outboxMentioning, query } from "./helpers/factories-commerce";

let counter = 0;
/** A valid quote request with a unique name, so each test finds its own row. */
const enquiry = (overrides: Record<string, unknown> = {}) => ({
  name: `Quote Tester ${Date.now()}-${++counter}`,
  phone: "07700 900123",
  email: "Tester@Example.com",
  postcode: "m32 0zz",
  service: "boiler-repair",
  message: "The boiler shows fault F28.",
  ...overrides,
});

const enquiriesNamed = (name: unknown) => query<Record<string, any>>("SELECT * FROM quotes WHERE name = ?1", String(name));

describe("POST /api/quotes", () => {
  it("stores the request unread, with the e-mail and postcode tidied", async () => {
    const body = enquiry();
    const res = await callAppJson("/api/quotes", { method: "POST", json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      createdAt: expect.stringMatching(/^\d{4}-/),
      message: "Quote Request Submitted Successfully! We'll contact you within 2 hours during business hours.",
    });
    const [row] = await enquiriesNamed(body.name);
    expect(row).toMatchObject({
      phone: "07700 900123",
      email: "tester@example.com",
      postcode: "M32 0ZZ",
      service: "boiler-repair",
      message: "The boiler shows fault F28.",
      is_read: 0,
      replied_at: null,
    });
  });

  it("accepts a request without a message", async () => {
    const body = enquiry({ message: undefined });
    expect((await callApp("/api/quotes", { method: "POST", json: body })).status).toBe(201);
    expect((await enquiriesNamed(body.name))[0]!.message).toBeNull();
  });

  it("accepts each of the five services", async () => {
    expect(enquiryServiceValues).toEqual(enquiryServices.filter((s) => s !== "call-back"));
    for (const service of enquiryServiceValues) {
      expect((await callApp("/api/quotes", { method: "POST", json: enquiry({ service }) })).status).toBe(201);
    }
  });

  it("keeps 'call back' to the chat's hand-over: the form cannot ask for it", async () => {
    expect((await callApp("/api/quotes", { method: "POST", json: enquiry({ service: "call-back" as never }) })).status).toBe(400);
  });

  it.each(["SW1A 1AA", "EC1A 1BB", "W1A 0AX", "B33 8TH", "CR2 6XH", "DN55 1PT", "M1 1AE", "sk4 1aa", "GIR 0AA"])(
    "accepts the UK postcode %s",
    async (postcode) => {
      expect((await callApp("/api/quotes", { method: "POST", json: enquiry({ postcode }) })).status).toBe(201);
    },
  );

  it("e-mails the owner the request", async () => {
    const body = enquiry({ name: "Amy <img src=x>" });
    await callApp("/api/quotes", { method: "POST", json: body });
    const [mail] = await outboxMentioning("Amy <img src=x>");
    expect(mail).toMatchObject({ kind: "quote", to: company.email });
    expect(mail!.subject).toBe("New quote request: Boiler Repair from Amy <img src=x> (M32 0ZZ)");
    expect(mail!.html).toContain("Amy &lt;img src=x&gt;");
    expect(mail!.text).toContain("Phone: 07700 900123");
  });

  it.each([
    [{ name: "" }, QUOTE_REQUIRED_MESSAGE],
    [{ name: "   " }, QUOTE_REQUIRED_MESSAGE],
    [{ name: undefined }, QUOTE_REQUIRED_MESSAGE],
    [{ phone: undefined }, QUOTE_REQUIRED_MESSAGE],
    [{ email: "" }, QUOTE_REQUIRED_MESSAGE],
    [{ postcode: undefined }, QUOTE_REQUIRED_MESSAGE],
    [{ service: "" }, QUOTE_REQUIRED_MESSAGE],
    [{ service: undefined }, QUOTE_REQUIRED_MESSAGE],
    [{ name: 7 }, QUOTE_REQUIRED_MESSAGE],
    [{ name: "x".repeat(101) }, "Please keep your name under 100 characters"],
    [{ phone: "123" }, "Please enter a valid phone number"],
    [{ phone: "call me maybe" }, "Please enter a valid phone number"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ postcode: "12345" }, "Please enter a valid UK postcode, for example M32 0ZZ"],
    [{ postcode: "M32 0" }, "Please enter a valid UK postcode, for example M32 0ZZ"],
    [{ postcode: "QQ1 1AA" }, "Please enter a valid UK postcode, for example M32 0ZZ"],
    [{ service: "roof-repair" }, "Please choose one of the listed services"],
    [{ message: "x".repeat(2001) }, "Please keep your message under 2000 characters"],
    [{ message: 5 }, "Your message must be text"],
  ])("refuses %j with 400 %s and stores nothing", async (change, message) => {
    const body = enquiry(change);
    const { status, body: error } = await callAppJson("/api/quotes", { method: "POST", json: body });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", error: message });
    expect(await enquiriesNamed(body.name)).toEqual([]);
  });

  it("answers an empty body with the required-fields message for every missing field", async () => {
    const { status, body } = await callAppJson("/api/quotes", { method: "POST", json: {} });
    expect(status).toBe(400);
    expect(body.error).toBe(QUOTE_REQUIRED_MESSAGE);
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(["email", "name", "phone", "postcode", "service"]);
  });

  it("answers malformed JSON with 400 and an oversized body with 413, storing nothing", async () => {
    const body = enquiry();
    const malformed = await callApp("/api/quotes", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body).slice(0, -2),
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "The request body is not valid JSON." });
    const oversized = await callApp("/api/quotes", {
      method: "POST",
      json: { ...body, message: "x".repeat(API_BODY_LIMIT_BYTES) },
    });
    expect(oversized.status).toBe(413);
    expect(await enquiriesNamed(body.name)).toEqual([]);
  });
});
