import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { AccountInvoice } from "../../../schema/api/account";
import { creditNotes, invoicePayments, invoices } from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { documentUrl } from "../documents/files";
import { creditNoteKind, invoiceKind } from "../invoices/document-kinds";
import { balanceOf, invoiceLink, isOverdue } from "../invoices/invoices";
import type { accountCustomerIds } from "./customer-ids";

/**
 * The account's invoices as /account lists them: each with the credit notes issued against it (their
 * PDFs) and its payments (the receipts e-mailed for them). The summary reads the invoices; here are
 * the two statements for their credit notes and payments, each scoped to the account's customers in
 * its own SQL (those of the account's issued or void invoices: a draft takes neither).
 */
type Ids = ReturnType<typeof accountCustomerIds>;

const isAccountInvoice = (ids: Ids) => and(inArray(invoices.customerId, ids), ne(invoices.status, "draft"));

export const creditNotesOf = (db: Db, ids: Ids) =>
  db
    .select({
      id: creditNotes.id,
      invoiceId: creditNotes.invoiceId,
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      grossPence: creditNotes.grossPence,
      reason: creditNotes.reason,
      linkVersion: creditNotes.linkVersion,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(isAccountInvoice(ids))
    .orderBy(asc(creditNotes.id));

export const paymentsOf = (db: Db, ids: Ids) =>
  db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      amountPence: invoicePayments.amountPence,
      method: invoicePayments.method,
      paidOn: invoicePayments.paidOn,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(isAccountInvoice(ids))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));

type Rows<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

/** The columns the account's invoices show (not the lines or the issued snapshot). */
export const accountInvoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  grossPence: invoices.grossPence,
  depositPence: invoices.depositPence,
  creditedPence: invoices.creditedPence,
  paidPence: invoices.paidPence,
  linkVersion: invoices.linkVersion,
};

type AccountInvoiceRow = { [K in keyof typeof accountInvoiceColumns]: (typeof invoices.$inferSelect)[K] };

export function accountInvoices(
  env: AppEnv,
  rows: AccountInvoiceRow[],
  notes: Rows<typeof creditNotesOf>,
  payments: Rows<typeof paymentsOf>,
  today: string,
): Promise<AccountInvoice[]> {
  return Promise.all(
    rows.map(
      async (i): Promise<AccountInvoice> => ({
        number: i.number === null ? null : numberText("invoice", i.number),
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        grossPence: i.grossPence,
        balancePence: i.status === "void" ? 0 : Math.max(0, balanceOf(i)),
        status: i.status as AccountInvoice["status"],
        paid: i.status === "issued" && balanceOf(i) <= 0,
        overdue: isOverdue(i, today),
        url: await invoiceLink(env, i.id, i.linkVersion),
        pdfUrl: await documentUrl(env, invoiceKind, i.id, i.linkVersion),
        creditNotes: await Promise.all(
          notes
            .filter((n) => n.invoiceId === i.id)
            .map(async (n) => ({
              number: numberText("creditNote", n.number),
              issueDate: n.issueDate,
              grossPence: n.grossPence,
              reason: n.reason,
              pdfUrl: await documentUrl(env, creditNoteKind, n.id, n.linkVersion),
            })),
        ),
        payments: payments
          .filter((p) => p.invoiceId === i.id)
          .map(({ id, amountPence, method, paidOn }) => ({ id, amountPence, method, paidOn })),
      }),
    ),
  );
}
