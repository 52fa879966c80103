import { depositPence, sumLines, type Totals, VAT_RATES, type VatRate } from "../money";
import { installationSchema } from "./building-regs";
import { isoDate, optionalText } from "./fields";
import { z } from "./z";

/**
 * Priced quotes ("quote" on every screen, `estimates` in the API so they are never mistaken for the
 * quote requests visitors send): a title, an introduction, one to three options of lines, a valid-
 * until date, terms and an optional deposit. Each send fixes a version; the customer accepts one
 * option of the version they were sent. Totals are always the server's (schema/money.ts).
 */
export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired", "cancelled"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const MAX_OPTIONS = 3;
export const MAX_LINES = 50;

const shortId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,24}$/, "An id is letters, digits, - and _")
  .optional();

export const quoteLineSchema = z.object({
  id: shortId,
  description: z
    .string({ error: "Describe the line" })
    .trim()
    .min(1, "Describe the line")
    .max(300, "A line's description is at most 300 characters"),
  quantity: z
    .number({ error: "The quantity must be a number" })
    .positive("The quantity must be more than 0")
    .max(10_000, "The quantity is at most 10,000")
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-9, "The quantity has at most two decimals"),
  unitPence: z
    .number({ error: "The price must be a whole number of pence" })
    .int("The price must be a whole number of pence")
    .min(0, "The price cannot be negative")
    .max(100_000_000, "The price is at most £1,000,000"),
  vatRate: z.union(
    VAT_RATES.map((r) => z.literal(r)),
    { error: "VAT is 0, 5 or 20 %" },
  ),
  optional: z.boolean({ error: "Optional must be yes or no" }).default(false),
  productId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  /** The notifiable installation the line fits, if any: the job then owes a Building Regulations notification. */
  installation: installationSchema,
});

export const quoteOptionSchema = z.object({
  id: shortId,
  name: z
    .string({ error: "Name the option" })
    .trim()
    .min(1, "Name the option")
    .max(60, "An option's name is at most 60 characters"),
  lines: z
    .array(quoteLineSchema, { error: "An option's lines must be a list" })
    .min(1, "An option needs at least one line")
    .max(MAX_LINES, `An option has at most ${MAX_LINES} lines`),
});

export const depositSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("percent"),
        percent: z
          .number({ error: "The deposit must be a percentage" })
          .int("A whole percentage")
          .min(1, "At least 1 %")
          .max(100, "At most 100 %"),
      }),
      z.object({
        kind: z.literal("fixed"),
        pence: z
          .number({ error: "The deposit must be pence" })
          .int("A whole number of pence")
          .min(100, "A deposit is at least £1"),
      }),
    ],
    { error: "The deposit is a percentage or a fixed sum" },
  )
  .nullable();

const contentFields = {
  title: z
    .string({ error: "Give the quote a title" })
    .trim()
    .min(1, "Give the quote a title")
    .max(120, "The title is at most 120 characters"),
  introduction: optionalText("The introduction", 2000),
  options: z
    .array(quoteOptionSchema, { error: "The options must be a list" })
    .min(1, "A quote needs at least one option")
    .max(MAX_OPTIONS, `A quote has at most ${MAX_OPTIONS} options`),
  validUntil: isoDate("The valid-until date"),
  terms: optionalText("The terms", 5000),
  deposit: depositSchema,
};

export const quoteCreateSchema = z.object({
  customerId: z.number({ error: "Choose the customer" }).int().positive("Choose the customer"),
  propertyId: z
    .number({ error: "Choose the property" })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  /** The quote request it answers, when it came from one. */
  enquiryId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  ...contentFields,
  validUntil: contentFields.validUntil.optional(),
  terms: contentFields.terms.optional(),
  deposit: contentFields.deposit.default(null),
  followUps: z.boolean({ error: "Follow-ups must be on or off" }).default(true),
});

export const quotePatchSchema = z
  .object({
    ...contentFields,
    followUps: z.boolean({ error: "Follow-ups must be on or off" }),
    propertyId: z.number().int().positive().nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type QuoteLine = z.output<typeof quoteLineSchema> & { id: string };
export type QuoteOption = { id: string; name: string; lines: QuoteLine[] };
export type Deposit = z.output<typeof depositSchema>;

/** What one version of a quote says (fixed once sent). */
export type QuoteContent = {
  title: string;
  introduction: string | null;
  options: QuoteOption[];
  validUntil: string;
  terms: string | null;
  deposit: Deposit;
};

export type NewQuote = z.output<typeof quoteCreateSchema>;
export type QuoteChanges = z.output<typeof quotePatchSchema>;

export const quoteListQuerySchema = z.object({
  q: z.string().trim().max(100, "The search is too long").optional(),
  status: z.enum(QUOTE_STATUSES, { error: "Unknown status" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const acceptSchema = z.object({
  optionId: z.string({ error: "Choose an option" }).trim().min(1, "Choose an option").max(24),
  optionalLineIds: z.array(z.string().max(24), { error: "The extras must be a list" }).max(MAX_LINES).default([]),
  name: z
    .string({ error: "Type your name to accept" })
    .trim()
    .min(2, "Type your full name to accept")
    .max(120, "The name is at most 120 characters"),
  /** The customer asks for the work to start within the 14 days they may cancel in. */
  startEarly: z.boolean({ error: "Say whether the work may start within the 14 days" }),
  signature: z
    .string()
    .max(48_000, "The signature is too large; please clear it and sign again")
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "The signature must be a drawn image")
    .nullish()
    .transform((v) => v ?? null),
});

export const declineSchema = z.object({ reason: optionalText("The reason", 1000) });

export type AcceptInput = z.output<typeof acceptSchema>;

/** The lines of an option that count: the required ones and the optional ones chosen. */
export const chosenLines = (option: QuoteOption, optionalLineIds: readonly string[] = []) =>
  option.lines.filter((l) => !l.optional || optionalLineIds.includes(l.id));

/** VAT only when the business is registered for it: otherwise every line is at 0 %. */
export const effectiveRate = (rate: VatRate, vatRegistered: boolean): VatRate => (vatRegistered ? rate : 0);

/** An option's totals with these optional lines chosen, and its deposit. */
export function optionTotals(
  option: QuoteOption,
  deposit: Deposit,
  vatRegistered: boolean,
  optionalLineIds: readonly string[] = [],
): Totals & { depositPence: number } {
  const totals = sumLines(
    chosenLines(option, optionalLineIds).map((l) => ({ ...l, vatRate: effectiveRate(l.vatRate, vatRegistered) })),
  );
  return { ...totals, depositPence: depositPence(deposit, totals.grossPence) };
}

export type QuoteEvent = { kind: string; at: string; detail: string | null };

/** A deposit payment that arrived for a quote, with what of it is due back and what went back. */
export type DepositPayment = {
  id: number;
  amountPence: number;
  method: "card" | "bank" | "cash" | "cheque";
  paidOn: string;
  reference: string | null;
  refundDuePence: number;
  refundReason: string | null;
  refundedPence: number;
  refundedAt: string | null;
  refundMethod: "card" | "bank" | "cash" | "cheque" | null;
};

/** A quote as the owner's screens see it. */
export type AdminQuote = QuoteContent & {
  id: number;
  number: string | null;
  status: QuoteStatus;
  customerId: number;
  customerName: string;
  customerEmail: string | null;
  propertyId: number | null;
  enquiryId: number | null;
  version: number;
  sentVersion: number | null;
  /** The version being edited has not been sent yet. */
  unsentChanges: boolean;
  followUps: boolean;
  totals: Record<string, Totals & { depositPence: number }>;
  vatRegistered: boolean;
  acceptance: {
    optionId: string;
    optionalLineIds: string[];
    name: string;
    startEarly: boolean;
    acceptedAt: string;
    grossPence: number;
    depositPence: number;
    contentSha256: string;
    depositPaidAt: string | null;
    refundedAt: string | null;
    /** What the quote holds of its deposit, what it can still take, and what is owed back. */
    depositHeldPence: number;
    depositToPayPence: number;
    owedBackPence: number;
  } | null;
  /** Every deposit payment that arrived, refunds with them. */
  depositPayments: DepositPayment[];
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The job the quote prices (every quote has one, made with it). */
  jobId: number | null;
  /** The visit its acceptance booked. */
  visitId: number | null;
  /** The customer's link to the version they were sent (a path on the site's address). */
  customerUrl: string | null;
  events: QuoteEvent[];
  createdAt: string;
  updatedAt: string;
};

/** The customer's view of the version their link names. */
export type PublicQuote = QuoteContent & {
  number: string;
  version: number;
  status: QuoteStatus;
  /** A newer version was sent: this one can no longer be accepted. */
  replaced: boolean;
  expired: boolean;
  customerName: string;
  place: string | null;
  vatRegistered: boolean;
  totals: Record<string, Totals & { depositPence: number }>;
  acceptance: {
    optionId: string;
    optionalLineIds: string[];
    name: string;
    acceptedAt: string;
    depositPence: number;
    depositPaidAt: string | null;
    refundedAt: string | null;
    /** What of the deposit is still to pay now (0 once paid, or once the job is invoiced in full). */
    depositToPayPence: number;
    /** The last day it can be cancelled online. */
    cancelUntil: string;
  } | null;
  cancelledAt: string | null;
  noticeVersion: string;
};

export type QuoteListItem = {
  id: number;
  number: string | null;
  status: QuoteStatus;
  title: string;
  customerName: string;
  /** The largest option's gross, as the list shows "from … to …" only when they differ. */
  fromPence: number;
  toPence: number;
  sentAt: string | null;
  updatedAt: string;
};

export const cancelSchema = z.object({ reason: optionalText("The reason", 1000) });
