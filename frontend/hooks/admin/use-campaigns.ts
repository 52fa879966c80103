import type { CampaignDraftInput, CampaignSummary, RetryFailedResult, SendCampaignResult } from "../../../schema/api/campaigns";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export function useCampaigns() {
  const { data, error, isLoading, refresh } = useAdminData<CampaignSummary[]>("/api/admin/campaigns");
  return {
    campaigns: data,
    error,
    isLoading,
    refresh,
    // Sent once, never retried: a retry after a lost answer would e-mail everyone twice.
    send: (emails: string[], campaign: CampaignDraftInput) =>
      adminApi<SendCampaignResult>("/api/admin/send-campaign", { json: { emails, campaign } }),
    // Only rows still marked failed or unknown are re-sent, so repeating this call is harmless.
    retryFailed: (id: number) => adminChange<RetryFailedResult>("POST", `/api/admin/campaigns/${id}/retry-failed`),
  };
}
