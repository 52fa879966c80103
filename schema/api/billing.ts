import { optionalText } from "./fields";
import { z } from "./z";

/**
 * The owner's billing settings, shared by quotes and invoices: whether the business is registered
 * for VAT (and its number), the legal name documents carry (with the owner's own name for a sole
 * trader trading under a business name), payment terms and bank details for invoices, and the
 * default terms and validity of a quote.
 */
export type BillingSettings = {
  vatRegistered: boolean;
  vatNumber: string | null;
  /** The business's legal name when it differs from its trading name (a company's registered name). */
  legalName: string | null;
  /** A sole trader's own name, shown as "<owner> trading as <business>". */
  ownerName: string | null;
  paymentTermsDays: number;
  bankAccountName: string | null;
  /** "12-34-56". */
  bankSortCode: string | null;
  /** 8 digits. */
  bankAccountNumber: string | null;
  invoiceFooter: string;
  quoteTerms: string;
  quoteValidDays: number;
  /**
   * The hourly labour rate in pence before VAT, or null when work is priced per visit: a visit
   * invoiced without a price of its own charges its job sheet's minutes at this rate.
   */
  labourRatePence: number | null;
  /** HMRC's VAT stagger: which months the VAT quarters end in (VAT_STAGGERS), for the VAT report. */
  vatStagger: VatStagger;
};

/**
 * HMRC gives every VAT-registered business one of three staggers of quarters: 1 ends them in March,
 * June, September and December; 2 in April, July, October and January; 3 in May, August, November
 * and February. It is on the VAT registration certificate and in the business's HMRC account.
 */
export const VAT_STAGGERS = [1, 2, 3] as const;
export type VatStagger = (typeof VAT_STAGGERS)[number];

export const vatStaggerLabels: Record<VatStagger, string> = {
  1: "VAT quarters end in: Mar, Jun, Sep, Dec",
  2: "VAT quarters end in: Apr, Jul, Oct, Jan",
  3: "VAT quarters end in: May, Aug, Nov, Feb",
};

export const defaultBilling: BillingSettings = {
  vatRegistered: false,
  vatNumber: null,
  legalName: null,
  ownerName: null,
  paymentTermsDays: 14,
  bankAccountName: null,
  bankSortCode: null,
  bankAccountNumber: null,
  invoiceFooter: "Thank you for your business.",
  quoteTerms:
    "Prices include all labour and materials listed. Any extra work found once work starts is quoted before it is done. Payment of the balance is due on completion. Manufacturer's warranties are registered for you.",
  quoteValidDays: 30,
  labourRatePence: null,
  vatStagger: 1,
};

export const billingPatchSchema = z
  .object({
    vatRegistered: z.boolean({ error: "VAT registration must be yes or no" }),
    vatNumber: optionalText("The VAT number", 20).refine(
      (v) => v === null || /^(GB)?\d{9}(\d{3})?$/.test(v.replace(/\s/g, "").toUpperCase()),
      "A UK VAT number is 9 digits, like GB 123 4567 89",
    ),
    legalName: optionalText("The legal name", 120),
    ownerName: optionalText("The owner's name", 120),
    paymentTermsDays: z
      .number({ error: "The payment terms must be a number of days" })
      .int("The payment terms are whole days")
      .min(0, "0 days (due on receipt) at least")
      .max(120, "At most 120 days"),
    bankAccountName: optionalText("The account name", 70),
    bankSortCode: optionalText("The sort code", 10)
      .refine((v) => v === null || /^\d{6}$/.test(v.replace(/[\s-]/g, "")), "A sort code is 6 digits, like 12-34-56")
      .transform((v) => (v === null ? null : v.replace(/[\s-]/g, "").replace(/^(\d\d)(\d\d)(\d\d)$/, "$1-$2-$3"))),
    bankAccountNumber: optionalText("The account number", 12)
      .refine((v) => v === null || /^\d{8}$/.test(v.replace(/\s/g, "")), "An account number is 8 digits")
      .transform((v) => (v === null ? null : v.replace(/\s/g, ""))),
    invoiceFooter: z.string({ error: "The footer must be text" }).trim().max(1000, "The footer is at most 1,000 characters"),
    quoteTerms: z.string({ error: "The terms must be text" }).trim().max(5000, "The terms are at most 5,000 characters"),
    quoteValidDays: z.number({ error: "The days must be a number" }).int().min(1, "At least 1 day").max(365, "At most 365 days"),
    labourRatePence: z
      .number({ error: "The labour rate must be an amount in pounds, like 60.00" })
      .int("The labour rate must be a whole number of pence")
      .min(1, "The labour rate must be more than £0")
      .max(100_000, "The labour rate is at most £1,000 an hour")
      .nullable(),
    vatStagger: z.union(
      VAT_STAGGERS.map((s) => z.literal(s)),
      { error: "Choose the months your VAT quarters end in" },
    ),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");
// Whether VAT can be charged is checked against the saved settings with the change (a number saved
// earlier counts), in worker/services/billing-settings.ts.
