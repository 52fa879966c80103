import type { Audience, CampaignDraftInput, CampaignStatus, SendCampaignResult } from "../../../../schema/api/campaigns";
import { adminApi } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";

/**
 * POST /api/admin/send-campaign to picked addresses or an audience, now or at `sendAt` (ISO UTC). Sent once, never retried: a retry
 * after a lost answer would e-mail everyone twice, or schedule the campaign twice.
 */
export const sendCampaign = (to: { emails: string[] } | { audience: Audience }, campaign: CampaignDraftInput, sendAt?: string) =>
  adminApi<SendCampaignResult>("/api/admin/send-campaign", { json: { ...to, campaign, sendAt } });

/** Cancelling twice answers the same, so the call may be retried. 409 once sending has started. */
export const cancelCampaign = (id: number) =>
  adminChange<{ id: number; status: CampaignStatus }>("POST", `/api/admin/campaigns/${id}/cancel`);
