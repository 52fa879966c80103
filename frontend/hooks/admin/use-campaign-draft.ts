import { useEffect, useRef, useState } from "react";
import { defaultFacts, phoneHref } from "../../../schema/facts";
import { type AudienceChoice, pickedAudience } from "../../components/admin/campaigns/campaign-audience";
import { type CampaignSchedule, sendNow } from "../../components/admin/campaigns/campaign-schedule";
import { type CampaignDraftForm, emptyDraft } from "../../components/admin/campaigns/campaign-templates";
import { useSettings } from "./use-settings";

/**
 * The campaign being written, who it goes to and when. Held by the page, above its tabs: the tab
 * content unmounts when the owner goes to pick recipients, and the draft must be there on return.
 * The company's facts (phone, address) come from Settings, as the sent e-mail's do.
 */
export function useCampaignDraft() {
  const facts = useSettings().settings?.facts ?? defaultFacts;
  const [draft, setDraft] = useState<CampaignDraftForm>(() => emptyDraft(facts));
  const [schedule, setSchedule] = useState<CampaignSchedule>(sendNow);
  const [audience, setAudience] = useState<AudienceChoice>(pickedAudience);

  // The draft starts before Settings have loaded: a button link still at the office's old number
  // follows the owner's number when it arrives; one the owner typed is left alone.
  const officeLink = phoneHref(facts.phone);
  const shownLink = useRef(officeLink);
  useEffect(() => {
    const before = shownLink.current;
    shownLink.current = officeLink;
    if (before !== officeLink) setDraft((d) => (d.ctaLink === before ? { ...d, ctaLink: officeLink } : d));
  }, [officeLink]);

  const reset = () => {
    setDraft(emptyDraft(facts));
    setSchedule(sendNow);
    setAudience(pickedAudience);
  };
  return { draft, setDraft, schedule, setSchedule, audience, setAudience, reset, facts };
}

export type CampaignDraftState = ReturnType<typeof useCampaignDraft>;
