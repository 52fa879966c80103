/** The back office's home screen. */

/** GET /api/admin/summary: what needs the owner today, each a count linking to its list. */
export type AdminSummary = {
  newQuotes: number;
  ordersToConfirm: number;
  ordersToDispatch: number;
  visitsThisWeek: number;
  remindersDue: number;
  lowStockProducts: number;
  failedCampaignSends: number;
};
