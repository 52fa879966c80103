import { optionalText } from "./fields";
import { z } from "./z";

/**
 * The owner's billing settings, shared by quotes and invoices: whether the business is registered
 * for VAT (and its number), and the default terms and validity of a quote.
 */
export type BillingSettings = {
  vatRegistered: boolean;
  vatNumber: string | null;
  quoteTerms: string;
  quoteValidDays: number;
};

export const defaultBilling: BillingSettings = {
  vatRegistered: false,
  vatNumber: null,
  quoteTerms:
    "Prices include all labour and materials listed. Any extra work found once work starts is quoted before it is done. Payment of the balance is due on completion. Manufacturer's warranties are registered for you.",
  quoteValidDays: 30,
};

export const billingPatchSchema = z
  .object({
    vatRegistered: z.boolean({ error: "VAT registration must be yes or no" }),
    vatNumber: optionalText("The VAT number", 20).refine(
      (v) => v === null || /^(GB)?\d{9}(\d{3})?$/.test(v.replace(/\s/g, "").toUpperCase()),
      "A UK VAT number is 9 digits, like GB 123 4567 89",
    ),
    quoteTerms: z.string({ error: "The terms must be text" }).trim().max(5000, "The terms are at most 5,000 characters"),
    quoteValidDays: z.number({ error: "The days must be a number" }).int().min(1, "At least 1 day").max(365, "At most 365 days"),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.")
  .refine((v) => v.vatRegistered !== true || v.vatNumber, { message: "Enter the VAT number to charge VAT", path: ["vatNumber"] });
