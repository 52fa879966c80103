import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { addDays, londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { admin, customer, draft, issued, lines, pdfText, registered } from "./helpers/invoices";

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("invoices", () => {
  it("prices every line on the server by the one rule, ignoring totals sent, and refuses bad lines beside them", async () => {
    await registered();
    const c = await customer();
    const d = await draft(c.id, { totals: { grossPence: 1 } });
    // 85.00 + 86.66 + 10.00 net; VAT 17.00 + 17.33 (17.332) + 0.50.
    expect(d.totals).toEqual({ netPence: 18_166, vatByRate: { "20": 3_433, "5": 50 }, vatPence: 3_483, grossPence: 21_649 });
    expect(d).toMatchObject({ state: "draft", number: null, balancePence: 21_649, vatRegistered: true });
    const bad = await admin("POST", "/api/admin/invoices", {
      customerId: c.id,
      lines: [{ description: "", quantity: 0, unitPence: 1.5, vatRate: 17 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((x: { path: string }) => x.path).sort()).toEqual([
      "lines.0.description",
      "lines.0.quantity",
      "lines.0.unitPence",
      "lines.0.vatRate",
    ]);
    expect((await admin("POST", "/api/admin/invoices", { lines })).body.details).toEqual([
      { path: "customerId", message: "Choose the customer" },
    ]);
  });

  it("numbers invoices at issue, 20 at once consecutive, a deleted draft leaving no gap, and fixes them", async () => {
    const c = await customer();
    const drafts = await Promise.all(Array.from({ length: 21 }, () => draft(c.id)));
    expect((await admin("DELETE", `/api/admin/invoices/${drafts[20]!.id}`)).status).toBe(200);
    const results = await Promise.all(
      drafts.slice(0, 20).map((d) => admin<AdminInvoice>("POST", `/api/admin/invoices/${d.id}/issue`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => Number(r.body.number!.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    const [{ last }] = (await query<{ last: number }>("SELECT last FROM number_series WHERE series = 'invoice'")) as [
      { last: number },
    ];
    expect(last).toBe(numbers.at(-1));
    const one = results[0]!.body;
    expect(one.number).toMatch(/^INV-\d{4,}$/);
    expect(one).toMatchObject({ state: "issued", issueDate: londonToday(), dueDate: addDays(londonToday(), 14) });
    expect((await admin("PATCH", `/api/admin/invoices/${one.id}`, { notes: "changed" })).status).toBe(409);
    expect((await admin("POST", `/api/admin/invoices/${one.id}/issue`)).status).toBe(409);
    expect((await admin("DELETE", `/api/admin/invoices/${one.id}`)).status).toBe(409);
  });

  it("issues a VAT invoice with every item a VAT invoice needs, and shows no VAT at all when not registered", async () => {
    await admin("PATCH", "/api/admin/settings/billing", {
      bankAccountName: "Northside Heating",
      bankSortCode: "12-34-56",
      bankAccountNumber: "12345678",
    });
    const vat = await issued(true);
    const vatText = await pdfText(await callApp(`/api/admin/invoices/${vat.invoice.id}/pdf`, { headers: await adminHeaders() }));
    for (const words of [
      "VAT Invoice",
      vat.invoice.number!,
      "DATE OF ISSUE",
      "TIME OF SUPPLY",
      "GB123456789",
      `Pat Payer-${vat.c.tag}`,
      "9 Oak Road, Sale, M33 2AB",
      "Diverter valve",
      "£43.33",
      "20 %",
      "5 %",
      "£86.66",
      "Total net",
      "£181.66",
      "VAT at 20 %",
      "£34.33",
      "VAT at 5 %",
      "£0.50",
      "£216.49",
      "12-34-56",
    ])
      expect(vatText).toContain(words);

    await query("DELETE FROM settings WHERE key = 'billing'");
    const plain = await issued(false);
    expect(plain.invoice.totals).toMatchObject({ vatPence: 0, grossPence: 18_166 });
    const plainText = await pdfText(
      await callApp(`/api/admin/invoices/${plain.invoice.id}/pdf`, { headers: await adminHeaders() }),
    );
    for (const words of [
      "Invoice",
      plain.invoice.number!,
      `Pat Payer-${plain.c.tag}`,
      "Diverter valve",
      "£181.66",
      "DATE OF THE WORK",
    ])
      expect(plainText).toContain(words);
    expect(plainText).not.toMatch(/VAT/i);
  });

  it("is made from a completed visit, and from an accepted quote less the deposit paid, once each", async () => {
    const c = await customer();
    const visit = await admin("POST", "/api/admin/service-records", {
      customerId: c.id,
      serviceType: "Boiler Repair",
      status: "completed",
      serviceDate: londonToday(),
      cost: "120.00",
      workCompleted: "Replaced the diverter valve",
      partsUsed: "Diverter valve",
    });
    expect(visit.status).toBe(201);
    const fromVisit = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromServiceRecordId: visit.body.id });
    expect(fromVisit.status).toBe(201);
    expect(fromVisit.body).toMatchObject({
      customerId: c.id,
      serviceRecordId: visit.body.id,
      notes: "Parts used: Diverter valve",
      lines: [expect.objectContaining({ description: "Boiler Repair: Replaced the diverter valve", unitPence: 12_000 })],
    });
    const twice = await admin("POST", "/api/admin/invoices", { fromServiceRecordId: visit.body.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This visit already has a draft invoice.");

    const quote = await admin("POST", "/api/admin/estimates", {
      customerId: c.id,
      title: "New radiator",
      options: [
        {
          id: "one",
          name: "Fitted",
          lines: [{ id: "rad", description: "Radiator fitted", quantity: 1, unitPence: 30_000, vatRate: 20 }],
        },
      ],
      deposit: { kind: "fixed", pence: 5_000 },
    });
    const sent = await admin("POST", `/api/admin/estimates/${quote.body.id}/send`);
    const token = sent.body.customerUrl.split("/").pop();
    expect(
      (
        await callAppJson(`/api/estimates/${token}/accept`, {
          method: "POST",
          json: { optionId: "one", name: "Pat Payer", startEarly: false },
        })
      ).status,
    ).toBe(200);
    // The deposit paid by bank transfer, recorded by the office.
    const deposit = await admin("POST", `/api/admin/estimates/${quote.body.id}/deposit-payments`, {
      amountPence: 5_000,
      method: "bank",
      paidOn: londonToday(),
      reference: "PAT DEPOSIT",
    });
    expect(deposit.status).toBe(201);
    const fromQuote = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromQuoteId: quote.body.id });
    expect(fromQuote.status).toBe(201);
    expect(fromQuote.body).toMatchObject({ quoteId: quote.body.id, depositPence: 5_000, balancePence: 25_000 });
    const issuedQuote = await admin<AdminInvoice>("POST", `/api/admin/invoices/${fromQuote.body.id}/issue`);
    const text = await pdfText(
      await callApp(`/api/admin/invoices/${issuedQuote.body.id}/pdf`, { headers: await adminHeaders() }),
    );
    expect(text).toContain(`Less deposit paid on quote ${sent.body.number}`);
    expect(text).toContain("£250.00");
  });
});
