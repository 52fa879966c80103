import type { QuoteStatus } from "../../../../schema/api/quotes";

/** How a priced quote's state (and its history's events) read in the back office. */
export const quoteStatusLabels: Record<QuoteStatus | "created" | "reminded" | "job" | "paid" | "refunded", string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
  created: "Created",
  reminded: "Reminded",
  job: "Job to book",
  paid: "Deposit paid",
  refunded: "Deposit refunded",
};
