import { sumLines, type Totals, type VatRate } from "../money";
import { isoDate, optionalText } from "./fields";
import { PAYMENT_METHODS, type PaymentMethod } from "./payment-methods";
import { effectiveRate, quoteLineSchema } from "./quotes";
import { z } from "./z";

/**
 * Invoices: lines priced by the one money rule (schema/money.ts), numbered INV-0001 at issue, fixed
 * once issued (a credit note corrects one), paid by card from the customer's link or recorded by the
 * owner. The balance is always computed: total − deposit already paid − credited − paid.
 */
export const INVOICE_TABS = ["draft", "unpaid", "overdue", "paid", "void"] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

/** What the screens call an invoice's state; "overdue" is unpaid past its due date. */
export type InvoiceState = "draft" | "issued" | "part-paid" | "paid" | "void";

export const MAX_INVOICE_LINES = 100;

/** A line: description, quantity, unit price in pence, VAT rate (0 when not registered). */
export const invoiceLineSchema = quoteLineSchema.omit({ optional: true, installation: true });
export type InvoiceLine = Omit<z.output<typeof invoiceLineSchema>, "id"> & { id: string };

const lines = z
  .array(invoiceLineSchema, { error: "The lines must be a list" })
  .min(1, "An invoice needs at least one line")
  .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`);

const positiveId = (what: string) =>
  z
    .number({ error: `Choose the ${what}` })
    .int()
    .positive(`Choose the ${what}`);

/** A draft from a job done, a completed visit, an accepted quote, or the customer and lines given. */
export const invoiceCreateSchema = z
  .object({
    fromServiceRecordId: positiveId("visit").optional(),
    fromQuoteId: positiveId("quote").optional(),
    fromJobId: positiveId("job").optional(),
    customerId: positiveId("customer").optional(),
    propertyId: positiveId("property")
      .nullish()
      .transform((v) => v ?? null),
    lines: lines.optional(),
    supplyDate: isoDate("The date of the work").optional(),
    notes: optionalText("The notes", 2000),
  })
  .superRefine((v, ctx) => {
    const from = [v.fromServiceRecordId, v.fromQuoteId, v.fromJobId].filter((x) => x !== undefined).length;
    if (from > 1)
      ctx.addIssue({ code: "custom", path: ["fromQuoteId"], message: "Invoice a job, a visit or a quote: one of them" });
    if (from === 0 && v.customerId === undefined)
      ctx.addIssue({ code: "custom", path: ["customerId"], message: "Choose the customer" });
    if (from === 0 && v.lines === undefined)
      ctx.addIssue({ code: "custom", path: ["lines"], message: "An invoice needs at least one line" });
  });

export const invoicePatchSchema = z
  .object({
    lines,
    supplyDate: isoDate("The date of the work"),
    notes: optionalText("The notes", 2000),
    propertyId: z.number().int().positive().nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

const amountPence = z
  .number({ error: "The amount must be a whole number of pence" })
  .int("The amount must be a whole number of pence")
  .min(1, "The amount must be more than £0");

export const paymentInputSchema = z.object({
  amountPence,
  method: z.enum(PAYMENT_METHODS, { error: "The method is card, bank transfer, cash or cheque" }),
  paidOn: isoDate("The date paid"),
  reference: optionalText("The reference", 100),
});

/** Money given back: at most what was paid beyond what is owed; by card, through Stripe to a card payment. */
export const refundInputSchema = z.object({
  amountPence,
  method: z.enum(PAYMENT_METHODS, { error: "The method is card, bank transfer, cash or cheque" }),
  refundedOn: isoDate("The date refunded"),
  reference: optionalText("The reference", 100),
});

/** A quote's deposit payment given back: the whole of what is due back on it, so no amount is asked. */
export const depositRefundSchema = refundInputSchema.omit({ amountPence: true });
export type DepositRefundInput = z.output<typeof depositRefundSchema>;

export const creditNoteInputSchema = z.object({
  /** The lines credited, with the quantity credited (at most the line's); all of them when omitted. */
  lines: z
    .array(
      z.object({
        lineId: z.string().trim().min(1).max(24),
        quantity: z.number().positive("The quantity must be more than 0").optional(),
      }),
      { error: "The lines must be a list" },
    )
    .min(1, "Choose at least one line")
    .max(MAX_INVOICE_LINES)
    .optional(),
  reason: z
    .string({ error: "Say why the invoice is credited" })
    .trim()
    .min(3, "Say why the invoice is credited")
    .max(500, "The reason is at most 500 characters"),
});

export const voidSchema = z.object({
  reason: z
    .string({ error: "Say why it is void" })
    .trim()
    .min(3, "Say why it is void")
    .max(500, "The reason is at most 500 characters"),
});

export const chasingSchema = z.object({ chase: z.boolean({ error: "Chasing is on or off" }) });

export const invoiceListQuerySchema = z.object({
  q: z.string().trim().max(100, "The search is too long").optional(),
  status: z.enum(INVOICE_TABS, { error: "Unknown tab" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const exportRangeSchema = z
  .object({ from: isoDate("The first day"), to: isoDate("The last day") })
  .refine((v) => v.from <= v.to, { message: "The first day is after the last", path: ["from"] });

export type NewInvoice = z.output<typeof invoiceCreateSchema>;
export type InvoiceChanges = z.output<typeof invoicePatchSchema>;
export type PaymentInput = z.output<typeof paymentInputSchema>;
export type CreditNoteInput = z.output<typeof creditNoteInputSchema>;
export type RefundInput = z.output<typeof refundInputSchema>;

/** An invoice's totals: VAT per line at the line's rate when registered, else none. */
export const invoiceTotals = (invoiceLines: readonly InvoiceLine[], vatRegistered: boolean): Totals =>
  sumLines(invoiceLines.map((l) => ({ ...l, vatRate: effectiveRate(l.vatRate as VatRate, vatRegistered) })));

export type InvoicePayment = {
  id: number;
  amountPence: number;
  method: PaymentMethod;
  paidOn: string;
  reference: string | null;
};
export type InvoiceRefund = {
  id: number;
  amountPence: number;
  method: PaymentMethod;
  refundedOn: string;
  reference: string | null;
};
export type CreditNoteSummary = {
  id: number;
  number: string;
  reason: string;
  issueDate: string;
  grossPence: number;
  pdfUrl: string;
};
export type InvoiceEvent = { kind: string; at: string; detail: string | null };

/** An invoice as the owner's screens see it. */
export type AdminInvoice = {
  id: number;
  number: string | null;
  state: InvoiceState;
  overdue: boolean;
  customerId: number | null;
  customerName: string;
  customerEmail: string | null;
  propertyId: number | null;
  serviceRecordId: number | null;
  /** The job it bills, if any (schema/api/jobs.ts). */
  jobId: number | null;
  quoteId: number | null;
  lines: InvoiceLine[];
  notes: string | null;
  supplyDate: string;
  issueDate: string | null;
  dueDate: string | null;
  vatRegistered: boolean;
  totals: Totals;
  depositPence: number;
  /** What the customer has paid, less what was refunded. */
  paidPence: number;
  creditedPence: number;
  /** Below 0 when more was paid than is owed: that much can be refunded. */
  balancePence: number;
  chase: boolean;
  voidReason: string | null;
  payments: InvoicePayment[];
  refunds: InvoiceRefund[];
  creditNotes: CreditNoteSummary[];
  events: InvoiceEvent[];
  /** The PDF and the customer's page, once issued (paths on the site's address). */
  pdfUrl: string | null;
  payLink: string | null;
  createdAt: string;
  updatedAt: string;
};

export type InvoiceListItem = {
  id: number;
  number: string | null;
  state: InvoiceState;
  overdue: boolean;
  customerName: string;
  issueDate: string | null;
  dueDate: string | null;
  grossPence: number;
  balancePence: number;
  updatedAt: string;
};

/** The customer's page: the invoice, what is left to pay, and whether card payment is offered. */
export type PublicInvoice = {
  number: string;
  state: InvoiceState;
  overdue: boolean;
  customerName: string;
  issueDate: string;
  dueDate: string;
  supplyDate: string;
  lines: InvoiceLine[];
  vatRegistered: boolean;
  vatNumber: string | null;
  totals: Totals;
  depositPence: number;
  creditedPence: number;
  paidPence: number;
  balancePence: number;
  bank: { accountName: string; sortCode: string; accountNumber: string } | null;
  pdfUrl: string;
};
