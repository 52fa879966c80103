import { afterEach, describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { account, asCustomer, signIn } from "./helpers/account";
import { callApp, query } from "./helpers/factories-commerce";
import { admin, type Flat, issuedRecord, landlordWithFlat, pdfText, withAtRiskFire } from "./helpers/gas-safety";

/** The account lists every issued document of its customers: warning notices, credit notes, payments too. */
afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

/** An issued record whose fire is At Risk (so a warning notice), and an invoice part paid and credited. */
async function landlordWithPaperwork() {
  const f = await landlordWithFlat();
  const issued: AdminGasSafetyRecord = await issuedRecord(f, withAtRiskFire(f));
  const { body: draft } = await admin<AdminInvoice>("POST", "/api/admin/invoices", {
    customerId: f.customer.id,
    propertyId: f.flat.id,
    lines: [{ id: "check", description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 0 }],
  });
  expect((await admin("POST", `/api/admin/invoices/${draft.id}/issue`)).status).toBe(200);
  const paid = await admin("POST", `/api/admin/invoices/${draft.id}/payments`, {
    amountPence: 2_000,
    method: "bank",
    paidOn: londonToday(),
  });
  expect(paid.status).toBe(201);
  const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${draft.id}/credit-notes`, {
    reason: "Check done with the landlord's own visit",
  });
  expect(credited.status).toBe(201);
  return { f, record: issued, notice: issued.warningNotices[0]!, invoice: credited.body };
}

const summaryOf = async (f: Flat) => (await account<AccountSummary>(await signIn(f.landlordEmail))).body;

describe("the account's documents", () => {
  it("lists the flat's warning notice with its classification and PDF, and the invoice's credit note and payment", async () => {
    const a = await landlordWithPaperwork();
    const b = await landlordWithPaperwork();
    const summary = await summaryOf(a.f);

    const flat = summary.properties.find((p) => p.id === a.f.flat.id)!;
    expect(flat.documents.map((d) => [d.kind, d.number])).toEqual(
      expect.arrayContaining([
        ["gas-safety-record", a.record.number],
        ["warning-notice", a.notice.number],
      ]),
    );
    const notice = flat.documents.find((d) => d.kind === "warning-notice")!;
    expect(notice).toMatchObject({ title: "Warning notice", classification: "At Risk" });
    expect(flat.lastGasSafetyRecord).toMatchObject({ number: a.record.number, classification: null });
    const noticePdf = await callApp(notice.pdfUrl);
    expect(noticePdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await noticePdf.arrayBuffer()))).toContain(a.notice.number!);

    const [invoice] = summary.invoices;
    expect(invoice).toMatchObject({ number: a.invoice.number, balancePence: 0, paid: true });
    expect(invoice!.payments).toEqual([expect.objectContaining({ amountPence: 2_000, method: "bank", paidOn: londonToday() })]);
    expect(invoice!.creditNotes).toEqual([
      expect.objectContaining({
        number: a.invoice.creditNotes[0]!.number,
        grossPence: 7_500,
        reason: "Check done with the landlord's own visit",
      }),
    ]);
    const notePdf = await callApp(invoice!.creditNotes[0]!.pdfUrl);
    expect(notePdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await notePdf.arrayBuffer()))).toContain(a.invoice.number!);

    // Nothing of the other landlord's, though both have the same kinds of paper.
    const text = JSON.stringify(summary);
    for (const words of [b.f.tag, b.notice.number!, b.invoice.number!, b.invoice.creditNotes[0]!.number])
      expect(text).not.toContain(words);
    const other = await summaryOf(b.f);
    expect(other.invoices.map((i) => i.number)).toEqual([b.invoice.number]);
    expect(other.invoices[0]!.creditNotes.map((n) => n.number)).toEqual([b.invoice.creditNotes[0]!.number]);
    expect(JSON.stringify(other)).not.toContain(a.notice.number!);
  });

  it("opens the account's own notice and credit note by id, and answers 404 for the other customer's", async () => {
    const a = await landlordWithPaperwork();
    const b = await landlordWithPaperwork();
    const cookie = await signIn(a.f.landlordEmail);
    const open = (path: string) => callApp(`/api/account/documents/${path}`, { headers: asCustomer(cookie) });
    const ownNote = await open(`credit-note/${a.invoice.creditNotes[0]!.id}`);
    expect(ownNote.status).toBe(302);
    expect(ownNote.headers.get("Location")).toMatch(/^\/api\/documents\/credit-note\//);
    expect((await open(`warning-notice/${a.notice.id}`)).status).toBe(302);
    for (const path of [`credit-note/${b.invoice.creditNotes[0]!.id}`, `warning-notice/${b.notice.id}`]) {
      const res = await open(path);
      expect(res.status, path).toBe(404);
    }
  });
});
