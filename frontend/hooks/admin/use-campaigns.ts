import useSWR from "swr";
import type {
  CampaignDraftInput,
  CampaignPreview,
  CampaignPreviewInput,
  CampaignSummary,
  RetryFailedResult,
} from "../../../schema/api/campaigns";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useDebounced } from "../use-debounced";
import { useAdminData } from "./use-admin-data";

export function useCampaigns() {
  const { data, error, isLoading, refresh } = useAdminData<CampaignSummary[]>("/api/admin/campaigns");
  return {
    campaigns: data,
    error,
    isLoading,
    refresh,
    // Only rows still marked failed or unknown are re-sent, so repeating this call is harmless.
    retryFailed: (id: number) => adminChange<RetryFailedResult>("POST", `/api/admin/campaigns/${id}/retry-failed`),
  };
}

/** "Send me a test" (never retried by itself: a retry would send the owner two). */
export const sendCampaignTest = (draft: CampaignDraftInput) =>
  adminApi<{ to: string }>("/api/admin/campaigns/test", { json: draft });

/**
 * The draft rendered by the server through the real campaign template (what subscribers will get),
 * asked for once typing pauses; the last rendering stays on screen meanwhile.
 */
export function useCampaignPreview(draft: CampaignPreviewInput) {
  const settled = useDebounced(JSON.stringify(draft), 300);
  const { data, error } = useSWR<CampaignPreview, Error>(
    ["/api/admin/campaigns/preview", settled],
    ([path, body]: [string, string]) => adminApi<CampaignPreview>(path, { json: JSON.parse(body) }),
    { keepPreviousData: true },
  );
  return { preview: data, error };
}
