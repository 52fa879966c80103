/**
 * How money is paid or given back, one vocabulary for invoices, quotes' deposits and the shop's
 * orders paid by hand (schema/db/columns.ts keeps the same list for the tables). A module of its own,
 * so the public checkout's bundle takes these few words and nothing of the invoices.
 */
export const PAYMENT_METHODS = ["card", "bank", "cash", "cheque"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: "Card",
  bank: "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
};
