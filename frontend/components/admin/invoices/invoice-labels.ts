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
