import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { formatFullDate } from "../schema/london-time-text";
import { callApp, callAppJson, query, signedWebhook, stripeEnv, stripeEvent } from "./helpers/factories-commerce";
import { admin, issued, pdfText } from "./helpers/invoices";
import { drainMail } from "./helpers/mail";

/** Every payment, credit note and refund on an invoice is e-mailed to its customer (worker/services/invoices/receipts.ts). */
afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

type Sent = { subject: string; text: string; attachments: string; kind: string };
const mailsTo = async (email: string) => {
  await drainMail();
  return query<Sent>("SELECT subject, text, attachments, kind FROM outbox WHERE `to` = ?1 ORDER BY id", email);
};
const receiptsTo = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.includes("receipt"));
const pay = (id: number, amountPence: number, method: string) =>
  admin<AdminInvoice>("POST", `/api/admin/invoices/${id}/payments`, { amountPence, method, paidOn: londonToday() });

describe("the money on an invoice, e-mailed", () => {
  it("sends a receipt for every payment the office records, part payments included, and the last says paid in full", async () => {
    const { c, invoice } = await issued();
    expect(await receiptsTo(c.email)).toEqual([]);

    expect((await pay(invoice.id, 10_000, "bank")).status).toBe(201);
    const [first] = await receiptsTo(c.email);
    expect(first).toMatchObject({ kind: "receipt" });
    expect(first!.subject).toContain(`receipt for £100.00, invoice ${invoice.number}`);
    for (const words of [invoice.number!, "£100.00", "Bank transfer", formatFullDate(londonToday()), "Left to pay", "£116.49"])
      expect(first!.text).toContain(words);
    expect(first!.text).not.toContain("paid in full");

    expect((await pay(invoice.id, 11_649, "cash")).status).toBe(201);
    const receipts = await receiptsTo(c.email);
    expect(receipts).toHaveLength(2);
    for (const words of [invoice.number!, "£116.49", "Cash", "paid in full"]) expect(receipts[1]!.text).toContain(words);

    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${invoice.id}`);
    expect(body.events.filter((e) => e.kind === "sent").map((e) => e.detail)).toEqual(
      expect.arrayContaining(["receipt for £100.00", "receipt for £116.49"]),
    );
  });

  it("a card payment through Stripe after a part payment gets one receipt of its own, not two", async () => {
    const { c, invoice, token } = await issued();
    expect((await pay(invoice.id, 1_649, "cheque")).status).toBe(201);
    const started = await callAppJson<{ checkoutUrl: string }>(`/api/invoices/${token}/pay`, { method: "POST", env: stripeEnv });
    expect(started.status).toBe(200);
    const sessionId = /cs_test_\w+/.exec(started.body.checkoutUrl)![0];
    const session = await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${sessionId}/pay`, { method: "POST", body: "{}" })
    ).json();
    const webhook = async () =>
      callApp("/api/stripe/webhook", {
        method: "POST",
        ...(await signedWebhook(stripeEvent("checkout.session.completed", session, `evt_receipt_${invoice.id}`))),
        env: stripeEnv,
      });
    expect((await webhook()).status).toBe(200);
    expect((await webhook()).status).toBe(200);
    const receipts = await receiptsTo(c.email);
    expect(receipts.map((m) => m.subject)).toEqual([
      expect.stringContaining("receipt for £16.49"),
      expect.stringContaining("receipt for £200.00"),
    ]);
    expect(receipts[0]!.text).toContain("Cheque");
    for (const words of ["Card", "paid in full"]) expect(receipts[1]!.text).toContain(words);
  });

  it("e-mails an issued credit note with its PDF attached and linked, and a refund the office records", async () => {
    const { c, invoice } = await issued();
    expect((await pay(invoice.id, 21_649, "bank")).status).toBe(201);
    const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "valve", quantity: 1 }],
      reason: "One valve was not needed",
    });
    expect(credited.status).toBe(201);
    const note = credited.body.creditNotes[0]!;
    const mail = (await mailsTo(c.email)).find((m) => m.subject.includes("credit note"));
    expect(mail).toMatchObject({ kind: "document" });
    expect(mail!.subject).toContain(`credit note ${note.number} for invoice ${invoice.number}`);
    for (const words of [note.number, invoice.number!, "£52.00", "One valve was not needed", "Paid over"])
      expect(mail!.text).toContain(words);
    expect(JSON.parse(mail!.attachments)).toEqual([
      expect.objectContaining({ name: `${note.number}.pdf`, contentType: "application/pdf" }),
    ]);
    // The link in the e-mail opens the credit note's PDF.
    const link = /https?:\/\/[^\s]+\/api\/documents\/credit-note\/[\w.-]+/.exec(mail!.text)![0];
    const pdf = await callApp(new URL(link).pathname);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf)).toContain(note.number);

    const refunded = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/refunds`, {
      amountPence: 5_200,
      method: "bank",
      refundedOn: londonToday(),
    });
    expect(refunded.status).toBe(201);
    const refund = (await mailsTo(c.email)).filter((m) => m.subject.includes("refunded"));
    expect(refund).toHaveLength(1);
    for (const words of ["£52.00", invoice.number!, "Bank transfer"]) expect(refund[0]!.text).toContain(words);
  });
});
