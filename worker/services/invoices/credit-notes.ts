import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice, CreditNoteInput, InvoiceLine } from "../../../schema/api/invoices";
import { invoiceTotals } from "../../../schema/api/invoices";
import { creditNotes, invoices } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { documentPdf } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { syncToXero } from "../xero/enqueue";
import { creditNoteKind } from "./document-kinds";
import { getInvoice, invoiceEventWhen, loadInvoice } from "./invoices";
import { sendCreditNote } from "./receipts";
import { creditedSum, refreshSums } from "./sums";

const i = invoices;

/**
 * A credit note against an issued invoice: the chosen lines (or all), with the quantities credited,
 * numbered CN-0001 in a batch that only passes while the invoice is issued and the credit is no
 * more than what is not credited yet; then its PDF, e-mailed to the customer.
 */
export async function addCreditNote(env: AppEnv, db: Db, id: number, input: CreditNoteInput): Promise<AdminInvoice> {
  const { invoice } = await loadInvoice(db, id);
  if (invoice.status !== "issued") {
    throw new ApiError("CONFLICT", invoice.status === "draft" ? "A draft is changed, not credited." : "This invoice is void.");
  }
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const credited: InvoiceLine[] = [];
  for (const chosen of input.lines ?? lines.map((l) => ({ lineId: l.id, quantity: undefined }))) {
    const line = lines.find((l) => l.id === chosen.lineId);
    if (!line) {
      const message = "That line is not on this invoice";
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "lines", message }] });
    }
    const quantity = chosen.quantity ?? line.quantity;
    if (quantity > line.quantity || Math.abs(quantity * 100 - Math.round(quantity * 100)) > 1e-9) {
      const message = `Credit at most ${line.quantity} of "${line.description}", in hundredths`;
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "lines", message }] });
    }
    credited.push({ ...line, quantity });
  }
  const totals = invoiceTotals(credited, invoice.vatRegistered);
  const left = invoice.grossPence - invoice.creditedPence;
  if (totals.grossPence > left) {
    const message = `That credits ${formatPence(totals.grossPence)}, more than the ${formatPence(left)} not credited yet.`;
    throw new ApiError("CONFLICT", message, { details: [{ path: "lines", message }] });
  }
  const now = new Date().toISOString();
  const today = londonToday();
  const fits = sql`EXISTS (SELECT 1 FROM ${i} WHERE ${i.id} = ${id} AND ${i.status} = 'issued'
    AND ${i.grossPence} - ${creditedSum} >= ${totals.grossPence})`;
  const [, added] = await db.batch([
    takeNumber(db, "creditNote", fits),
    db
      .insert(creditNotes)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: sql<number>`${id}`.as("invoice_id"),
            number: numberTaken("creditNote").as("number"),
            lines: sql<string>`${JSON.stringify(credited)}`.as("lines"),
            // Written by the database from the lines (migration 0049's trigger).
            exportCells: sql<null>`NULL`.as("export_cells"),
            reason: sql<string>`${input.reason}`.as("reason"),
            issueDate: sql<string>`${today}`.as("issue_date"),
            netPence: sql<number>`${totals.netPence}`.as("net_pence"),
            vatPence: sql<number>`${totals.vatPence}`.as("vat_pence"),
            grossPence: sql<number>`${totals.grossPence}`.as("gross_pence"),
            pdfKey: sql<null>`NULL`.as("pdf_key"),
            pdfSha256: sql<null>`NULL`.as("pdf_sha256"),
            linkVersion: sql<number>`1`.as("link_version"),
            snapshot: i.snapshot,
            issuedAt: sql<string>`${now}`.as("issued_at"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(i)
          .where(and(eq(i.id, id), fits)),
      )
      .returning({ id: creditNotes.id, number: creditNotes.number }),
    refreshSums(db, id, now),
    invoiceEventWhen(
      db,
      id,
      "credited",
      now,
      `${formatPence(totals.grossPence)}: ${input.reason}`,
      sql`EXISTS (SELECT 1 FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${id} AND ${creditNotes.createdAt} = ${now})`,
    ),
  ]);
  if (added.length === 0) throw new ApiError("CONFLICT", "The invoice changed meanwhile: open it again and retry.");
  await documentPdf(env, db, creditNoteKind, added[0]!.id).catch((error) =>
    console.error(JSON.stringify({ creditNote: added[0]!.id, pdf: "render at issue", error: String(error) })),
  );
  await syncToXero(env, db, [{ kind: "credit_note", documentId: added[0]!.id }]);
  await sendCreditNote(env, db, id, added[0]!.id);
  return getInvoice(env, db, id);
}

/**
 * Credits everything on an issued invoice that is not credited yet (a cancelled contract): each
 * line's quantity less what earlier credit notes took of it. Null when nothing is left to credit.
 */
export async function creditWhatIsLeft(env: AppEnv, db: Db, id: number, reason: string): Promise<string | null> {
  const { invoice, notes } = await loadInvoice(db, id);
  if (invoice.status !== "issued" || invoice.grossPence - invoice.creditedPence <= 0) return null;
  const taken = new Map<string, number>();
  for (const note of notes)
    for (const line of JSON.parse(note.lines) as InvoiceLine[]) taken.set(line.id, (taken.get(line.id) ?? 0) + line.quantity);
  const left = (JSON.parse(invoice.lines) as InvoiceLine[])
    // Quantities are in hundredths: rounded so 0.1 + 0.2 credited leaves exactly 0.7 of 1.
    .map((l) => ({ lineId: l.id, quantity: Math.round((l.quantity - (taken.get(l.id) ?? 0)) * 100) / 100 }))
    .filter((l) => l.quantity > 0);
  if (left.length === 0) return null;
  const after = await addCreditNote(env, db, id, { lines: left, reason });
  return after.creditNotes.at(-1)?.number ?? null;
}
