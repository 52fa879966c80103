import { useState } from "react";
import { type CampaignSchedule, sendNow } from "./campaign-schedule";
import { type CampaignDraftForm, emptyDraft } from "./campaign-templates";

/**
 * The campaign being written and when it should go. Held by the page, above its tabs: the tab
 * content unmounts when the owner goes to pick recipients, and the draft must be there on return.
 */
export function useCampaignDraft() {
  const [draft, setDraft] = useState<CampaignDraftForm>(emptyDraft);
  const [schedule, setSchedule] = useState<CampaignSchedule>(sendNow);
  const reset = () => {
    setDraft(emptyDraft);
    setSchedule(sendNow);
  };
  return { draft, setDraft, schedule, setSchedule, reset };
}

export type CampaignDraftState = ReturnType<typeof useCampaignDraft>;
