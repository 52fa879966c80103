import type { CampaignDraftInput, CampaignStatus, SendCampaignResult } from "../../../../schema/api/campaigns";
import { adminApi } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";

/**
 * POST /api/admin/send-campaign, now or at `sendAt` (ISO UTC). Sent once, never retried: a retry
 * after a lost answer would e-mail everyone twice, or schedule the campaign twice.
 */
export const sendCampaign = (emails: string[], campaign: CampaignDraftInput, sendAt?: string) =>
  adminApi<SendCampaignResult>("/api/admin/send-campaign", { json: { emails, campaign, sendAt } });

/** Cancelling twice answers the same, so the call may be retried. 409 once sending has started. */
export const cancelCampaign = (id: number) =>
  adminChange<{ id: number; status: CampaignStatus }>("POST", `/api/admin/campaigns/${id}/cancel`);
