import { useState } from "react";
import { campaignDraftSchema } from "../../../../schema/api/campaigns";
import type { CampaignDraftState } from "../../../hooks/admin/use-campaign-draft";
import { useCampaigns } from "../../../hooks/admin/use-campaigns";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { audienceOf } from "./campaign-audience";
import { CampaignForm } from "./campaign-form";
import { CampaignHistory } from "./campaign-history";
import { cancelCampaign, sendCampaign } from "./campaign-requests";
import { sendAtOf, sendAtProblem } from "./campaign-schedule";
import { formatUkLong } from "./uk-time";

type Props = {
  /** The draft and its schedule, kept by the page across tab changes (useCampaignDraft). */
  campaign: CampaignDraftState;
  /** The subscribers picked on the Subscribers tab. */
  selected: ReadonlySet<string>;
  /** The campaign was accepted (sent or scheduled): the selection starts again. */
  onSent: () => void;
};

/** The Campaigns tab: the draft with its send-now-or-schedule choice, and the history with Retry and Cancel. */
export function CampaignsTab({ campaign, selected, onSent }: Props) {
  const campaigns = useCampaigns();
  const { draft, setDraft, schedule, setSchedule } = campaign;
  const [scheduleError, setScheduleError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [retryingId, setRetryingId] = useState<number | null>(null);
  const [cancellingId, setCancellingId] = useState<number | null>(null);

  async function send() {
    const audience = audienceOf(campaign.audience);
    const picked = campaign.audience.segment === "picked";
    if (picked && selected.size === 0) {
      notify({ title: "No recipients selected", description: "Select at least one subscriber.", variant: "destructive" });
      return;
    }
    if (!picked && !audience) {
      notify({ title: "No recipients selected", description: "Choose who the campaign goes to.", variant: "destructive" });
      return;
    }
    const parsed = campaignDraftSchema.safeParse(draft);
    if (!parsed.success) {
      notify({ title: "Campaign Failed", description: parsed.error.issues[0]?.message, variant: "destructive" });
      return;
    }
    const sendAt = sendAtOf(schedule);
    const problem = sendAtProblem(sendAt);
    if (problem) {
      setScheduleError(problem);
      document.getElementById("campaign-send-at")?.focus();
      return;
    }
    setScheduleError(undefined);
    setSending(true);
    try {
      const result = await sendCampaign(audience ? { audience } : { emails: [...selected] }, draft, sendAt);
      notify(
        result.sendAt
          ? {
              title: "Campaign Scheduled",
              description: `It goes to ${result.successCount.toLocaleString("en-GB")} ${result.successCount === 1 ? "subscriber" : "subscribers"} on ${formatUkLong(result.sendAt)}.`,
              variant: "success",
            }
          : {
              title: "Campaign Sent!",
              description: `Successfully sent to ${result.successCount.toLocaleString("en-GB")} subscribers`,
              variant: "success",
            },
      );
      campaign.reset();
      onSent();
    } catch (e) {
      const sendAtError = e instanceof HttpError ? e.detail("sendAt")?.message : undefined;
      if (sendAtError) setScheduleError(sendAtError);
      if (!isUnauthorized(e)) {
        notify({ title: "Campaign Failed", description: errorMessage(e, "Failed to send campaign"), variant: "destructive" });
      }
    } finally {
      setSending(false);
      await campaigns.refresh();
    }
  }

  async function retryFailed(id: number) {
    setRetryingId(id);
    try {
      const result = await campaigns.retryFailed(id);
      notify({
        title: "Retrying failed e-mails",
        description: `${result.successCount} ${result.successCount === 1 ? "e-mail is" : "e-mails are"} queued again.`,
        variant: "success",
      });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to retry the failed e-mails"), variant: "destructive" });
      }
    } finally {
      setRetryingId(null);
      await campaigns.refresh();
    }
  }

  async function cancel(id: number) {
    setCancellingId(id);
    try {
      await cancelCampaign(id);
      notify({ title: "Campaign cancelled", description: "Nothing will be sent.", variant: "success" });
    } catch (e) {
      // 409: it started sending meanwhile; the refreshed list shows where it is.
      if (!isUnauthorized(e)) {
        notify({
          title: "Could not cancel",
          description: errorMessage(e, "Failed to cancel the campaign"),
          variant: "destructive",
        });
      }
    } finally {
      setCancellingId(null);
      await campaigns.refresh();
    }
  }

  return (
    <>
      <CampaignForm
        facts={campaign.facts}
        draft={draft}
        onChange={setDraft}
        schedule={schedule}
        onScheduleChange={(next) => {
          setSchedule(next);
          setScheduleError(undefined);
        }}
        scheduleError={scheduleError}
        audience={campaign.audience}
        onAudienceChange={campaign.setAudience}
        selectedCount={selected.size}
        sending={sending}
        onSend={send}
      />
      <div className="admin-section-gap" />
      <CampaignHistory
        campaigns={campaigns.campaigns}
        error={campaigns.error}
        onRetryLoad={campaigns.refresh}
        retryingId={retryingId}
        onRetryFailed={(c) => retryFailed(c.id)}
        cancellingId={cancellingId}
        onCancel={(c) => cancel(c.id)}
      />
    </>
  );
}
