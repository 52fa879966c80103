import type { NotificationDue } from "./installations";

/** The back office's home screen. */

export type UrgentRequest = { id: number; name: string; phone: string; reason: string; createdAt: string };

/** GET /api/admin/summary: what needs the owner today, each a count linking to its list. */
export type AdminSummary = {
  /** Urgent requests nobody has replied to yet, and the latest few of them with why. */
  urgentEnquiries: number;
  urgent: UrgentRequest[];
  newEnquiries: number;
  ordersToConfirm: number;
  ordersToDispatch: number;
  visitsThisWeek: number;
  remindersDue: number;
  lowStockProducts: number;
  failedCampaignSends: number;
  /** Priced quotes since the first of this month (London): sent, opened, accepted and the accepted value. */
  quotesThisMonth: { sent: number; viewed: number; accepted: number; acceptedPence: number };
  /** Quotes accepted in the last 14 days, newest first: the owner's cue to book the work. */
  acceptedQuotes: { id: number; number: string; customerName: string; acceptedAt: string; grossPence: number }[];
  /** Issued invoices not paid: how many are past their due date and what they owe, and all that is owed. */
  invoices: { overdue: number; overduePence: number; owedPence: number };
  /** Customers' "Delete my account" requests waiting for the owner (UK GDPR: answer within a month). */
  erasureRequests: number;
  /**
   * Building Regulations notifications not recorded from day 21 after completion (amber; red past the
   * 30-day deadline): how many, and the oldest few.
   */
  notificationsDue: { count: number; jobs: NotificationDue[] };
};
