import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice, InvoiceListItem } from "../schema/api/invoices";
import { addDays, londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";
import { admin, issued, pdfText } from "./helpers/invoices";

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("invoices", () => {
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
      expect(await csv.text()).toMatch(
        new RegExp(`,-52\\.00,[^\\n]*,Refund on ${invoice.number} by card \\(re_[^)]*\\),${invoice.number}`),
      );
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
});
