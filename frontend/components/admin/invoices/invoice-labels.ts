import type { InvoiceState, InvoiceTab } from "../../../../schema/api/invoices";

/** How an invoice's state and the list's tabs read in the back office. */
export const invoiceStateLabels: Record<InvoiceState, string> = {
  draft: "Draft",
  issued: "Unpaid",
  "part-paid": "Part paid",
  paid: "Paid",
  void: "Void",
};

export const invoiceTabLabels: Record<InvoiceTab, string> = {
  draft: "Drafts",
  unpaid: "Unpaid",
  overdue: "Overdue",
  paid: "Paid",
  void: "Void",
};

/** How an invoice's history reads. */
export const invoiceEventLabels: Record<string, string> = {
  created: "Created",
  issued: "Issued",
  sent: "E-mailed",
  viewed: "Opened by the customer",
  reminded: "Reminded",
  paid: "Paid",
  refunded: "Refunded",
  credited: "Credited",
  voided: "Voided",
  chasing: "Reminders",
};
