import { env } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice, InvoiceListItem, PublicInvoice } from "../schema/api/invoices";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { chaseInvoices } from "../worker/services/invoices/chasing";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";
import { drainMail } from "./helpers/mail";

async function admin<T = any>(method: string, path: string, json?: unknown) {
  return callAppJson<T>(path, { method, json, headers: await adminHeaders() });
}

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

async function customer() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `payer-${tag}@example.com`;
  const { body } = await admin("POST", "/api/admin/customers", {
    firstName: "Pat",
    lastName: `Payer-${tag}`,
    email,
    address: "9 Oak Road, Sale",
    postcode: "M33 2AB",
  });
  return { id: body.id as number, email, tag };
}

const lines = [
  { id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 },
  { id: "valve", description: "Diverter valve", quantity: 2, unitPence: 4_333, vatRate: 20 },
  { id: "saving", description: "Loft insulation advice", quantity: 1, unitPence: 1_000, vatRate: 5 },
];

const registered = () => admin("PATCH", "/api/admin/settings/billing", { vatRegistered: true, vatNumber: "GB123456789" });

async function draft(customerId: number, extra: object = {}) {
  const { status, body } = await admin<AdminInvoice>("POST", "/api/admin/invoices", { customerId, lines, ...extra });
  expect(status).toBe(201);
  return body;
}

async function issued(vat = true) {
  if (vat) await registered();
  const c = await customer();
  const d = await draft(c.id);
  const { status, body } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${d.id}/issue`);
  expect(status).toBe(200);
  const token = body.payLink!.split("/").pop()!;
  return { c, invoice: body, token };
}

const pdfText = async (res: Response) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
  return text.replace(/\s+/g, " ");
};

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

  it("takes payments up to the balance, credits lines, and refuses payment on a void invoice", async () => {
    const { invoice } = await issued();
    const pay = (amountPence: number, method = "bank") =>
      admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/payments`, { amountPence, method, paidOn: londonToday() });
    const part = await pay(10_000);
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ state: "part-paid", paidPence: 10_000, balancePence: 11_649 });
    const over = await pay(11_650);
    expect(over.status).toBe(409);
    expect((over.body as unknown as { error: string }).error).toBe("That is more than the £116.49 left to pay.");
    expect((await pay(100, "bitcoin")).status).toBe(400);
    expect(
      (
        await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
          amountPence: 1,
          method: "cash",
          paidOn: addDays(londonToday(), 1),
        })
      ).status,
    ).toBe(400);

    // One valve of two credited: 43.33 + 8.67 VAT.
    const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "valve", quantity: 1 }],
      reason: "One valve was not needed",
    });
    expect(credited.status).toBe(201);
    expect(credited.body).toMatchObject({ creditedPence: 5_200, balancePence: 6_449 });
    expect(credited.body.creditNotes[0]!.number).toMatch(/^CN-\d{4,}$/);
    const tooMuch = await admin("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, { reason: "All of it again" });
    expect(tooMuch.status).toBe(409);
    const note = await callApp(`/api/admin/credit-notes/${credited.body.creditNotes[0]!.id}/pdf`, {
      headers: await adminHeaders(),
    });
    expect(note.headers.get("Content-Type")).toBe("application/pdf");
    const noteText = await pdfText(note);
    for (const words of [
      credited.body.creditNotes[0]!.number,
      invoice.number!,
      "One valve was not needed",
      "Diverter valve",
      "£52.00",
    ])
      expect(noteText).toContain(words);

    const paid = await pay(6_449, "cash");
    expect(paid.body).toMatchObject({ state: "paid", balancePence: 0 });
    const list = await admin<InvoiceListItem[]>("GET", `/api/admin/invoices?status=paid&q=${invoice.number}`);
    expect(list.body.map((x) => x.id)).toEqual([invoice.id]);
    expect(list.res.headers.get("X-Total-Count")).toBe("1");
    // Paid: it cannot be voided; an unpaid one can, and then takes nothing.
    expect((await admin("POST", `/api/admin/invoices/${invoice.id}/void`, { reason: "Mistake" })).status).toBe(409);
    const other = await issued();
    const voided = await admin<AdminInvoice>("POST", `/api/admin/invoices/${other.invoice.id}/void`, {
      reason: "Sent to the wrong customer",
    });
    expect(voided.body).toMatchObject({ state: "void", number: other.invoice.number });
    const refused = await admin("POST", `/api/admin/invoices/${other.invoice.id}/payments`, {
      amountPence: 100,
      method: "cash",
      paidOn: londonToday(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("This invoice is void: it takes no payments.");
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

  it("e-mails the invoice with its PDF and a link to pay; paid by card through the webhook once, with a receipt", async () => {
    const { c, invoice, token } = await issued();
    await drainMail();
    const [sent] = await query<{ attachments: string; text: string }>(
      "SELECT attachments, text FROM outbox WHERE `to` = ?1 AND subject LIKE '%invoice%'",
      c.email,
    );
    expect(JSON.parse(sent!.attachments)[0]).toMatchObject({ name: `${invoice.number}.pdf`, contentType: "application/pdf" });
    expect(sent!.text).toContain(`/invoice/${token}`);

    const view = await callAppJson<PublicInvoice>(`/api/invoices/${token}`);
    expect(view.status).toBe(200);
    expect(view.res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(view.body).toMatchObject({ number: invoice.number, balancePence: 21_649, state: "issued" });
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await callAppJson(`/api/invoices/${tampered}`)).status).toBe(404);

    const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    expect(started.status).toBe(200);
    const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
    const session = (await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
    ).json()) as {
      amount_total: number;
    };
    expect(session.amount_total).toBe(21_649);
    const webhook = async (id?: string) =>
      callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session, id))),
        env: stripeEnv,
      });
    expect((await webhook(`evt_invoice_${invoice.id}`)).status).toBe(200);
    expect((await webhook(`evt_invoice_${invoice.id}`)).status).toBe(200);
    expect((await webhook()).status).toBe(200);
    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
    expect(body).toMatchObject({ state: "paid", paidPence: 21_649, balancePence: 0 });
    expect(body.payments).toEqual([expect.objectContaining({ method: "card", amountPence: 21_649 })]);
    expect(body.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["issued", "sent", "viewed", "paid"]));
    await drainMail();
    const receipts = await query("SELECT id FROM outbox WHERE `to` = ?1 AND subject LIKE '%receipt%'", c.email);
    expect(receipts).toHaveLength(1);
    const again = await callAppJson(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    expect(again.status).toBe(409);
  });

  describe("card checkouts: only the latest can be paid", () => {
    const stripeAdmin = async <T = any>(path: string, json: unknown) =>
      callAppJson<T>(path, { method: "POST", json, headers: await adminHeaders(), env: stripeEnv });
    const start = (token: string) =>
      callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    const sessionOf = (url: string) => /cs_test_\w+/.exec(url)![0];
    const atStripe = async (id: string) =>
      (await (
        await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${id}`, {
          headers: { Authorization: "Bearer sk_test_fake_key" },
        })
      ).json()) as {
        status: string;
        amount_total: number;
      };
    const pay = async (id: string) =>
      (await (await fetch(`${env.STRIPE_API_BASE}/__sessions/${id}/pay`, { method: "POST", body: "{}" })).json()) as object;

    it("a second start expires the first, and a payment, credit note or void in the office expires the open one", async () => {
      const { invoice, token } = await issued();
      const first = sessionOf((await start(token)).body.checkoutUrl);
      const second = sessionOf((await start(token)).body.checkoutUrl);
      expect(second).not.toBe(first);
      expect(await atStripe(first)).toMatchObject({ status: "expired" });
      expect(await atStripe(second)).toMatchObject({ status: "open", amount_total: 21_649 });

      // £49 by bank transfer: the open page asked for the whole balance, so it is closed, and the
      // next one asks for what is left.
      const paid = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${invoice.id}/payments`, {
        amountPence: 4_900,
        method: "bank",
        paidOn: londonToday(),
      });
      expect(paid.status).toBe(201);
      expect(await atStripe(second)).toMatchObject({ status: "expired" });
      const third = sessionOf((await start(token)).body.checkoutUrl);
      expect(await atStripe(third)).toMatchObject({ status: "open", amount_total: 21_649 - 4_900 });

      // The 5% line credited (£10 + 50p VAT).
      const credited = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${invoice.id}/credit-notes`, {
        lines: [{ lineId: "saving" }],
        reason: "Goodwill",
      });
      expect(credited.status).toBe(201);
      expect(await atStripe(third)).toMatchObject({ status: "expired" });
      const fourth = sessionOf((await start(token)).body.checkoutUrl);
      expect(await atStripe(fourth)).toMatchObject({ status: "open", amount_total: 21_649 - 4_900 - 1_050 });

      const other = await issued();
      const open = sessionOf((await start(other.token)).body.checkoutUrl);
      const voided = await stripeAdmin<AdminInvoice>(`/api/admin/invoices/${other.invoice.id}/void`, { reason: "Raised twice" });
      expect(voided.status).toBe(200);
      expect(await atStripe(open)).toMatchObject({ status: "expired" });
      expect((await start(other.token)).status).toBe(409);
    });

    it("a page paid just before another start is recorded then, and nothing more is asked for", async () => {
      const { invoice, token } = await issued();
      const first = sessionOf((await start(token)).body.checkoutUrl);
      // Paid at Stripe; its webhook has not arrived yet.
      await pay(first);
      const again = await start(token);
      expect(again).toMatchObject({ status: 409, body: { error: "This invoice is paid in full. Thank you!" } });
      const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
      expect(body).toMatchObject({ state: "paid", balancePence: 0 });
      expect(body.payments).toEqual([expect.objectContaining({ method: "card", amountPence: 21_649, reference: first })]);
      // The webhook, when it comes, records nothing more.
      const webhook = await callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", await atStripe(first)))),
        env: stripeEnv,
      });
      expect(webhook.status).toBe(200);
      expect((await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`)).body.payments).toHaveLength(1);
    });

    it("money beyond what is owed (Stripe unreachable when the office took a payment) is recorded and given back to the card", async () => {
      const { invoice, token } = await issued();
      const open = sessionOf((await start(token)).body.checkoutUrl);
      // Recorded without Stripe's keys: the open page cannot be closed, and stays payable.
      expect(
        (
          await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
            amountPence: 6_649,
            method: "cash",
            paidOn: londonToday(),
          })
        ).status,
      ).toBe(201);
      const session = (await pay(open)) as { payment_intent: string };
      const event = stripeEvent("checkout.session.completed", session);
      const webhook = async () =>
        callApp("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(event)), env: stripeEnv });
      expect((await webhook()).status).toBe(200);
      expect((await webhook()).status).toBe(200); // a replay
      const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
      // £216.49 by card recorded, the £66.49 beyond what was owed back on the card: paid in full, nothing over.
      expect(body).toMatchObject({ state: "paid", paidPence: 21_649, balancePence: 0 });
      expect(body.payments.map((p) => [p.method, p.amountPence])).toEqual([
        ["cash", 6_649],
        ["card", 21_649],
      ]);
      expect(body.refunds).toEqual([expect.objectContaining({ amountPence: 6_649, method: "card" })]);
      expect(body.events.filter((e) => e.kind === "paid" || e.kind === "refunded").map((e) => e.detail)).toEqual([
        "£66.49 by cash",
        "£216.49 by card",
        "£66.49 to the card: More than was still owed",
      ]);
      const refunds = (await fakeRequests(env.STRIPE_API_BASE!)).filter(
        (r) => r.path === "/v1/refunds" && decodeURIComponent(r.body).includes(`payment_intent=${session.payment_intent}`),
      );
      expect(refunds).toHaveLength(1);
      expect(decodeURIComponent(refunds[0]!.body)).toContain("amount=6649");
    });
  });

  describe("refunds: only what was paid beyond what is owed", () => {
    const refundsAt = async (intent: string) =>
      (await fakeRequests(env.STRIPE_API_BASE!)).filter(
        (r) => r.path === "/v1/refunds" && decodeURIComponent(r.body).includes(`payment_intent=${intent}`),
      );
    const refund = async (id: number, json: object, extra = {}) =>
      callAppJson<AdminInvoice>(`/api/admin/invoices/${id}/refunds`, {
        method: "POST",
        json: { refundedOn: londonToday(), ...json },
        headers: await adminHeaders(),
        env: extra,
      });

    it("gives what a credit note left paid over back to the card it came from, once, whatever is repeated", async () => {
      const { invoice, token } = await issued();
      const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, {
        method: "POST",
        env: stripeEnv,
      });
      const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
      const session = (await (
        await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
      ).json()) as {
        payment_intent: string;
      };
      await callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session))),
        env: stripeEnv,
      });
      // Paid in full by card; then a valve (£52.00 with VAT: 866.6p VAT rounds up) credited, which leaves that much paid over.
      const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
        lines: [{ lineId: "valve", quantity: 1 }],
        reason: "One valve was not needed",
      });
      expect(credited.body.balancePence).toBe(-5_200);
      const headers = await adminHeaders();
      const send = (json: object) => refund(invoice.id, json, stripeEnv);

      const tooMuch = await send({ amountPence: 5_201, method: "card" });
      expect(tooMuch).toMatchObject({ status: 409, body: { error: expect.stringContaining("At most £52.00 was paid beyond") } });
      const done = await send({ amountPence: 5_200, method: "card" });
      expect(done.status).toBe(201);
      expect(done.body).toMatchObject({ state: "paid", paidPence: 21_649 - 5_200, balancePence: 0 });
      expect(done.body.refunds).toEqual([
        expect.objectContaining({ amountPence: 5_200, method: "card", reference: expect.stringMatching(/^re_/) }),
      ]);
      expect(done.body.events.filter((e) => e.kind === "refunded").map((e) => e.detail)).toEqual(["£52.00 by card"]);
      const made = await refundsAt(session.payment_intent);
      expect(made).toHaveLength(1);
      expect(decodeURIComponent(made[0]!.body)).toContain("amount=5200");

      // Again (a second tap): nothing is left to give back, and Stripe is not asked.
      const again = await send({ amountPence: 5_200, method: "card" });
      expect(again).toMatchObject({
        status: 409,
        body: { error: expect.stringContaining("Nothing was paid beyond what is owed") },
      });
      expect(await refundsAt(session.payment_intent)).toHaveLength(1);

      // The accountant's payments file has it as money going back.
      const csv = await callApp(`/api/admin/export/payments.csv?from=${londonToday()}&to=${londonToday()}`, { headers });
      expect(await csv.text()).toMatch(new RegExp(`${invoice.number},[^\\n]*,-52,card refund,re_`));
    });

    it("after a credit note, gives back what it left paid over by bank transfer; never for work still owed", async () => {
      const { invoice } = await issued();
      const send = (json: object) => refund(invoice.id, json);
      expect(await send({ amountPence: 100, method: "bank" })).toMatchObject({
        status: 409,
        body: { error: expect.stringContaining("add a credit note first") },
      });
      await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
        amountPence: 21_649,
        method: "bank",
        paidOn: londonToday(),
      });
      // The 5% line credited after it was paid: £10.50 paid over.
      const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
        lines: [{ lineId: "saving" }],
        reason: "Not done",
      });
      expect(credited.body.balancePence).toBe(-1_050);
      // No card payment to send it back to.
      expect((await send({ amountPence: 1_050, method: "card" })).status).toBe(409);
      expect((await send({ amountPence: 1_050, method: "bank", refundedOn: addDays(londonToday(), 1) })).status).toBe(400);
      const back = await send({ amountPence: 1_050, method: "bank", reference: "BACS 123" });
      expect(back.status).toBe(201);
      expect(back.body).toMatchObject({ state: "paid", paidPence: 20_599, creditedPence: 1_050, balancePence: 0 });
      expect(back.body.refunds).toEqual([expect.objectContaining({ amountPence: 1_050, method: "bank", reference: "BACS 123" })]);
    });
  });

  it("chases an unpaid invoice 3 days before, on, and 7 and 14 days after its due date, once each, and never once paid", async () => {
    const { c, invoice } = await issued();
    const other = await issued();
    const db = getDb(env);
    const at = (date: string) => londonToUtc(date, "10:00").getTime();
    const reminders = async (email: string) =>
      (await query("SELECT id FROM outgoing_emails WHERE `to` = ?1 AND kind = 'reminder'", email)).length;
    const due = invoice.dueDate!;
    // Paid in full before it fell due: no reminders at all.
    await admin("POST", `/api/admin/invoices/${other.invoice.id}/payments`, {
      amountPence: other.invoice.balancePence,
      method: "bank",
      paidOn: londonToday(),
    });
    await chaseInvoices(env, db, at(addDays(due, -4)));
    expect(await reminders(c.email)).toBe(0);
    for (const [day, expected] of [
      [-3, 1],
      [-2, 1],
      [0, 2],
      [0, 2],
      [7, 3],
      [8, 3],
      [14, 4],
      [30, 4],
    ] as const) {
      await chaseInvoices(env, db, at(addDays(due, day)));
      expect(await reminders(c.email), `day ${day}`).toBe(expected);
    }
    expect(await reminders(other.c.email)).toBe(0);
    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
    expect(body.events.filter((e) => e.kind === "reminded").map((e) => e.detail)).toEqual([
      "day -3",
      "day 0",
      "day +7",
      "day +14",
    ]);
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

  it("exports invoices and credit notes, and payments, for a date range, in the columns an accounts import takes", async () => {
    const { c, invoice } = await issued();
    await admin("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "saving" }],
      reason: "Advice was free",
    });
    await admin("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountPence: 5_000,
      method: "cheque",
      paidOn: londonToday(),
      reference: "=HYPERLINK(1)",
    });
    const today = londonToday();
    const uk = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const res = await callApp(`/api/admin/export/invoices.csv?from=${today}&to=${today}`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header!.split(",").slice(0, 9)).toEqual([
      "*ContactName",
      "EmailAddress",
      "POAddressLine1",
      "POPostalCode",
      "*InvoiceNumber",
      "Reference",
      "*InvoiceDate",
      "*DueDate",
      "*Description",
    ]);
    const mine = rows.filter((r) => r.includes(`Pat Payer-${c.tag}`));
    expect(mine).toHaveLength(4); // three lines, and the credit note's one
    const valve = mine.find((r) => r.includes("Diverter valve"))!;
    expect(valve).toContain(`${invoice.number},,${uk},`);
    expect(valve).toContain(",2,43.33,200,20% (VAT on Income),17.33,GBP,Invoice,181.66,34.33,0.50,0.00,216.49,50.00,155.99");
    const credit = mine.find((r) => r.includes("Credit note"))!;
    expect(credit).toMatch(/CN-\d{4,},Against INV-\d{4,}/);
    expect(credit).toContain(",-1,10.00,200,5% (VAT on Income),-0.5,GBP,Credit note,-10,0.00,-0.5,0.00,-10.5");
    const payments = await callApp(`/api/admin/export/payments.csv?from=${today}&to=${today}`, { headers: await adminHeaders() });
    const paymentRows = (await payments.text()).split("\r\n").filter((r) => r.includes(invoice.number!));
    expect(paymentRows).toEqual([`${uk},${invoice.number},Pat Payer-${c.tag},50.00,cheque,"'=HYPERLINK(1)",GBP`]);
    const bad = await admin("GET", `/api/admin/export/invoices.csv?from=${today}&to=2000-01-01`);
    expect(bad.status).toBe(400);

    const home = await admin("GET", "/api/admin/summary");
    expect(home.body.invoices.owedPence).toBeGreaterThanOrEqual(15_649);
  });
});
