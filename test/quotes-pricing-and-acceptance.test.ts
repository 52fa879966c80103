import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminQuote, PublicQuote, QuoteListItem } from "../schema/api/quotes";
import { addDays, londonToday } from "../schema/london-time";
import { lineAmounts, sumLines } from "../schema/money";
import { TEST_SIGNATURE } from "./fixtures/gas-safety-record";
import { adminHeaders } from "./helpers/admin";
import { callApp, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";
import { accept, admin, boilerQuote, customer, customerCall, sentQuote } from "./helpers/quotes";

// A quote's money, and a priced quote from draft to the customer's acceptance. The job it becomes
// and the follow-ups are in quotes-jobs-and-follow-ups.test.ts, the deposit and cancelling in
// quotes-deposits-and-cancelling.test.ts.

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("money", () => {
  it("rounds each line half-up to the penny and sums the lines", () => {
    expect(lineAmounts(1.5, 33_333, 20)).toEqual({ netPence: 50_000, vatPence: 10_000, grossPence: 60_000 }); // 49,999.5 → 50,000
    expect(lineAmounts(1, 1_0025, 5)).toEqual({ netPence: 10_025, vatPence: 501, grossPence: 10_526 }); // 501.25 → 501
    expect(lineAmounts(1, 1_0030, 5)).toEqual({ netPence: 10_030, vatPence: 502, grossPence: 10_532 }); // 501.5 → 502
    expect(lineAmounts(1.15, 100, 20).netPence).toBe(115);
    expect(
      sumLines([
        { quantity: 1, unitPence: 1_0025, vatRate: 5 },
        { quantity: 1, unitPence: 1_0025, vatRate: 5 },
      ]).vatPence,
    ).toBe(1002); // per line, not on the sum (1002.5 would be 1003)
  });
});

describe("priced quotes", () => {
  it("computes every option's totals on the server, ignoring any total sent, with VAT only when registered", async () => {
    const c = await customer();
    const { status, body } = await admin<AdminQuote>("POST", "/api/admin/estimates", {
      ...boilerQuote(c.id),
      totals: { good: { grossPence: 1 } },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "draft", number: null, vatRegistered: false, validUntil: addDays(londonToday(), 30) });
    expect(body.terms).toMatch(/Payment of the balance is due on completion/);
    // Not VAT-registered: no VAT on any line; the optional filter not counted until chosen.
    expect(body.totals.good).toMatchObject({ netPence: 239_900, vatPence: 0, grossPence: 239_900, depositPence: 23_990 });
    await admin("PATCH", "/api/admin/settings/billing", { vatRegistered: true, vatNumber: "GB 123 4567 89" });
    const { body: registered } = await admin<AdminQuote>("GET", `/api/admin/estimates/${body.id}`);
    expect(registered.totals.good).toMatchObject({
      netPence: 239_900,
      vatPence: 47_980,
      grossPence: 287_880,
      vatByRate: { "20": 47_980 },
    });
    expect(registered.totals.best).toMatchObject({ grossPence: 395_880 });
  });

  it("numbers a quote Q-0001… when first sent, e-mails the link, and lists it with search and status", async () => {
    const { c, quote } = await sentQuote();
    expect(quote.number).toMatch(/^Q-\d{4,}$/);
    expect(quote.status).toBe("sent");
    expect(quote.events.map((ev) => ev.kind)).toEqual(["created", "sent"]);
    const res = await callApp(`/api/admin/estimates?q=${encodeURIComponent(`Buyer-${c.tag}`)}&status=sent`, {
      headers: await adminHeaders(),
    });
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const [item] = (await res.json()) as QuoteListItem[];
    expect(item).toMatchObject({ id: quote.id, number: quote.number, status: "sent", fromPence: 287_880, toPence: 395_880 });
    const byNumber = await admin<QuoteListItem[]>("GET", `/api/admin/estimates?q=${quote.number}`);
    expect(byNumber.body.map((i) => i.id)).toEqual([quote.id]);
    expect((await admin("GET", "/api/admin/estimates?status=lost")).status).toBe(400);
  });

  it("shows the customer their version, marks it viewed once, and accepts one option with its evidence", async () => {
    const { c, quote, token } = await sentQuote();
    const viewed = await customerCall<PublicQuote>("GET", `/api/estimates/${token}`);
    expect(viewed.status).toBe(200);
    expect(viewed.res.headers.get("Cache-Control")).toBe("no-store");
    expect(viewed.body).toMatchObject({
      number: quote.number,
      status: "viewed",
      replaced: false,
      customerName: `Bea Buyer-${c.tag}`,
    });
    await customerCall("GET", `/api/estimates/${token}`);
    const { body: seen } = await admin<AdminQuote>("GET", `/api/admin/estimates/${quote.id}`);
    expect(seen.events.filter((ev) => ev.kind === "viewed")).toHaveLength(1);

    const { status, body } = await accept(token, { optionalLineIds: ["filter"], totals: { grossPence: 1 } });
    expect(status).toBe(200);
    expect(body.status).toBe("accepted");
    const [evidence] = await query<Record<string, unknown>>(
      "SELECT * FROM estimate_acceptances WHERE estimate_id = ?1",
      quote.id,
    );
    expect(evidence).toMatchObject({
      option_id: "good",
      optional_line_ids: '["filter"]',
      name: "Bea Buyer",
      start_early: 1,
      gross_pence: 287_880 + 15_599, // the filter: 129.99 + 26.00 VAT (25.998 → 26.00)
      deposit_pence: 30_348, // 10 % of 3,034.79, half-up
      notice_version: "2026-11",
    });
    expect(evidence!.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence!.ip_address).toBeTruthy();

    await drainMail();
    const [confirmation] = await query<{ text: string }>(
      "SELECT text FROM outbox WHERE `to` = ?1 AND subject LIKE '%accepted%'",
      c.email,
    );
    expect(confirmation!.text).toContain("Model cancellation form");
    expect(confirmation!.text).toContain("Magnetic filter");
    // The accepted quote goes with it as a PDF, and opens from the customer's own link.
    const [attached] = await query<{ attachments: string }>(
      "SELECT attachments FROM outbox WHERE `to` = ?1 AND subject LIKE '%accepted%'",
      c.email,
    );
    expect(JSON.parse(attached!.attachments)[0]).toMatchObject({ name: `${quote.number}.pdf`, contentType: "application/pdf" });
    const pdf = await callApp(`/api/documents/estimate/${token}`);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const words of [
      quote.number!,
      "OPTION ACCEPTED",
      "Good",
      "Worcester Greenstar 4000 25kW",
      "Magnetic filter",
      "Your right to cancel",
      "Model cancellation form",
      "£3,034.79",
    ])
      expect(text.replace(/\s+/g, " ")).toContain(words);
    // Accepted: fixed.
    expect((await admin("PATCH", `/api/admin/estimates/${quote.id}`, { title: "Changed" })).status).toBe(409);
    const twice = await accept(token);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This quote has already been accepted.");
  });

  it("checks an acceptance's drawn signature as the job sheets do: one that cannot be drawn is refused, a real one kept", async () => {
    const { quote, token } = await sentQuote();
    // The right shape for a data URL, but not a PNG: the accepted quote's PDF could not draw it.
    const forged = await accept(token, { signature: "data:image/png;base64,AAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(forged.status).toBe(400);
    expect((forged.body as unknown as { details: unknown }).details).toEqual([
      { path: "signature", message: "The signature could not be read; please clear it and sign again" },
    ]);
    expect((await admin<AdminQuote>("GET", `/api/admin/estimates/${quote.id}`)).body.status).toBe("sent");
    const signed = await accept(token, { signature: TEST_SIGNATURE });
    expect(signed.status).toBe(200);
    const [row] = await query<{ signature: string }>(
      "SELECT signature FROM estimate_acceptances WHERE estimate_id = ?1",
      quote.id,
    );
    expect(row!.signature).toBe(TEST_SIGNATURE);
  });

  it("lets only one of two acceptances at once through", async () => {
    const { token } = await sentQuote();
    const answers = await Promise.all([accept(token), accept(token, { optionId: "best" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await query(
      "SELECT id FROM estimate_acceptances WHERE estimate_id = (SELECT id FROM estimates WHERE status = 'accepted' ORDER BY updated_at DESC LIMIT 1)",
    );
    expect(rows).toHaveLength(1);
  });

  it("refuses an old version once a new one is sent, an expired quote, and an accept after a decline", async () => {
    const { quote, token } = await sentQuote();
    // A change to a sent quote makes version 2; the customer's link still works until it is sent.
    const { body: edited } = await admin<AdminQuote>("PATCH", `/api/admin/estimates/${quote.id}`, {
      title: "A new combi boiler (revised)",
    });
    expect(edited).toMatchObject({ version: 2, sentVersion: 1, unsentChanges: true });
    expect((await customerCall<PublicQuote>("GET", `/api/estimates/${token}`)).body.title).toBe("A new combi boiler");
    await admin("POST", `/api/admin/estimates/${quote.id}/send`);
    const old = await customerCall<PublicQuote>("GET", `/api/estimates/${token}`);
    expect(old.body).toMatchObject({ replaced: true, title: "A new combi boiler" });
    const stale = await accept(token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/replaced by a newer version/);

    const second = await sentQuote();
    await query("UPDATE estimates SET valid_until = ?1 WHERE id = ?2", addDays(londonToday(), -1), second.quote.id);
    const expired = await accept(second.token);
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatch(/expired/);

    const third = await sentQuote();
    const declined = await customerCall<PublicQuote>("POST", `/api/estimates/${third.token}/decline`, { reason: "Too dear" });
    expect(declined.body.status).toBe("declined");
    expect((await accept(third.token)).status).toBe(409);
    const { body: history } = await admin<AdminQuote>("GET", `/api/admin/estimates/${third.quote.id}`);
    expect(history.events.at(-1)).toMatchObject({ kind: "declined", detail: "Too dear" });
  });

  it("answers 404 to a tampered or unknown link and never shows one customer another's quote", async () => {
    const a = await sentQuote();
    const b = await sentQuote();
    const tampered = `${a.token.slice(0, -2)}${a.token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await customerCall("GET", `/api/estimates/${tampered}`)).status).toBe(404);
    expect((await customerCall("GET", "/api/estimates/not-a-token")).status).toBe(404);
    expect((await customerCall<PublicQuote>("GET", `/api/estimates/${a.token}`)).body.customerName).toBe(`Bea Buyer-${a.c.tag}`);
    expect((await customerCall<PublicQuote>("GET", `/api/estimates/${b.token}`)).body.customerName).toBe(`Bea Buyer-${b.c.tag}`);
    // A draft's version has no link, even a correctly signed one.
    const draft = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(a.c.id));
    expect(draft.body.status).toBe("draft");
  });

  it("checks what is sent: options, lines, VAT rates, deposit, the customer and their property", async () => {
    const c = await customer();
    const bad = await admin("POST", "/api/admin/estimates", {
      customerId: c.id,
      title: "",
      options: [{ name: "Only", lines: [{ description: "x", quantity: 1.234, unitPence: 10.5, vatRate: 17.5 }] }],
      deposit: { kind: "percent", percent: 150 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining([
        "title",
        "options.0.lines.0.quantity",
        "options.0.lines.0.unitPence",
        "options.0.lines.0.vatRate",
        "deposit.percent",
      ]),
    );
    expect((await admin("POST", "/api/admin/estimates", { ...boilerQuote(999_999) })).status).toBe(404);
    const other = await customer();
    const [theirs] = await query<{ id: number }>("SELECT id FROM properties WHERE customer_id = ?1", other.id);
    const wrongPlace = await admin("POST", "/api/admin/estimates", { ...boilerQuote(c.id), propertyId: theirs!.id });
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.body.details[0].path).toBe("propertyId");
    expect((await callApp("/api/admin/estimates")).status).toBe(401);
  });
});
