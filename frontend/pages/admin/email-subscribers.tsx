import { type ReactNode, useEffect, useMemo, useState } from "react";
import { campaignDraftSchema } from "../../../schema/api/campaigns";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CampaignForm } from "../../components/admin/campaigns/campaign-form";
import { CampaignHistory } from "../../components/admin/campaigns/campaign-history";
import { type CampaignDraftForm, emptyDraft } from "../../components/admin/campaigns/campaign-templates";
import { CountTabs } from "../../components/admin/count-tabs";
import { PageHeader } from "../../components/admin/page-header";
import { StatTile } from "../../components/admin/stat-tile";
import { SubscriberLists } from "../../components/admin/subscribers/subscriber-lists";
import { useCampaigns } from "../../hooks/admin/use-campaigns";
import { summariseSubscribers, useAdminSubscribers } from "../../hooks/admin/use-subscribers";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

export default function EmailSubscribers() {
  const { subscribers, error, refresh, unsubscribe } = useAdminSubscribers();
  const campaigns = useCampaigns();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [draft, setDraft] = useState<CampaignDraftForm>(emptyDraft);
  const [sending, setSending] = useState(false);
  const [retryingId, setRetryingId] = useState<number | null>(null);

  const { active, pending, unsubscribed, newThisWeek } = useMemo(() => summariseSubscribers(subscribers ?? []), [subscribers]);

  useEffect(() => {
    if (error && !isUnauthorized(error)) notify({ title: "Failed to fetch subscribers", variant: "destructive" });
  }, [error]);

  const toggle = (email: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(email)) next.delete(email);
      else next.add(email);
      return next;
    });
  const allSelected = active.length > 0 && active.every((s) => selected.has(s.email));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(active.map((s) => s.email)));

  async function doUnsubscribe(email: string) {
    setBusyEmail(email);
    try {
      await unsubscribe(email);
      setSelected((prev) => new Set([...prev].filter((e) => e !== email)));
      notify({ title: "Subscriber unsubscribed successfully", description: email, variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e)) notify({ title: "Error", description: "Failed to unsubscribe user", variant: "destructive" });
    } finally {
      setBusyEmail(null);
      await refresh();
    }
  }

  async function send() {
    if (selected.size === 0) {
      notify({ title: "No recipients selected", description: "Select at least one subscriber.", variant: "destructive" });
      return;
    }
    const parsed = campaignDraftSchema.safeParse(draft);
    if (!parsed.success) {
      notify({ title: "Campaign Failed", description: parsed.error.issues[0]?.message, variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const result = await campaigns.send([...selected], draft);
      notify({
        title: "Campaign Sent!",
        description: `Successfully sent to ${result.successCount} subscribers`,
        variant: "success",
      });
      setDraft(emptyDraft);
      setSelected(new Set());
    } catch (e) {
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

  let subscriberTab: ReactNode;
  if (subscribers) {
    subscriberTab = (
      <SubscriberLists
        active={active}
        pending={pending}
        unsubscribed={unsubscribed}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        busyEmail={busyEmail}
        onUnsubscribe={doUnsubscribe}
      />
    );
  } else if (error) {
    subscriberTab = isUnauthorized(error) ? null : <ErrorState message="Failed to fetch subscribers" onRetry={refresh} />;
  } else {
    subscriberTab = <LoadingState label="Loading subscribers…" />;
  }

  return (
    <>
      <PageHeader title="Email Subscribers" subtitle="Manage subscribers and campaigns" />
      <div className="admin-tiles">
        <StatTile label="Active" value={active.length} tone="green" />
        <StatTile label="Selected" value={selected.size} tone="orange" />
        <StatTile label="New Week" value={newThisWeek} />
        <StatTile label="Unsubscribed" value={unsubscribed.length} tone="red" />
      </div>
      <CountTabs
        label="Subscribers and campaigns"
        tabs={[
          { value: "subscribers", label: "Subscribers", content: subscriberTab },
          {
            value: "campaigns",
            label: "Campaigns",
            content: (
              <>
                <CampaignForm draft={draft} onChange={setDraft} selectedCount={selected.size} sending={sending} onSend={send} />
                <div className="admin-section-gap" />
                <CampaignHistory
                  campaigns={campaigns.campaigns}
                  error={campaigns.error}
                  onRetryLoad={campaigns.refresh}
                  retryingId={retryingId}
                  onRetryFailed={(c) => retryFailed(c.id)}
                />
              </>
            ),
          },
        ]}
      />
    </>
  );
}
