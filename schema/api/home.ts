/** The back office's home screen. */

export type UrgentRequest = { id: number; name: string; phone: string; reason: string; createdAt: string };

/** GET /api/admin/summary: what needs the owner today, each a count linking to its list. */
export type AdminSummary = {
  /** Urgent requests nobody has replied to yet, and the latest few of them with why. */
  urgentQuotes: number;
  urgent: UrgentRequest[];
  newQuotes: number;
  ordersToConfirm: number;
  ordersToDispatch: number;
  visitsThisWeek: number;
  remindersDue: number;
  lowStockProducts: number;
  failedCampaignSends: number;
};
