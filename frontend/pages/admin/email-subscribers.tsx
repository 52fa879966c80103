import { Flex, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CampaignsTab } from "../../components/admin/campaigns/campaigns-tab";
import { CountTabs } from "../../components/admin/count-tabs";
import { ExportButton } from "../../components/admin/export-button";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { SearchBox } from "../../components/admin/search-box";
import { StatTile } from "../../components/admin/stat-tile";
import { SubscriberLists } from "../../components/admin/subscribers/subscriber-lists";
import { useCampaignDraft } from "../../hooks/admin/use-campaign-draft";
import { SUBSCRIBERS_EXPORT_PATH, summariseSubscribers, useAdminSubscribers } from "../../hooks/admin/use-subscribers";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

const filterNames = ["q", "tab"] as const;

export default function EmailSubscribers() {
  // `?tab=campaigns` opens the campaigns (the home screen's failed sends lead there).
  const [params] = useUrlFilters(filterNames);
  const {
    items: subscribers,
    total,
    error,
    hasMore,
    loadingMore,
    loadMore,
    refresh,
    unsubscribe,
  } = useAdminSubscribers({
    q: params.q,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const campaign = useCampaignDraft();

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

  let subscriberTab: ReactNode;
  if (subscribers) {
    subscriberTab = (
      <>
        {params.q ? (
          <Text as="p" size="2" color="gray" mb="3">
            {total === 1 ? "1 address matches" : `${total} addresses match`} "{params.q}"; the tiles count these.
          </Text>
        ) : null}
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
        {hasMore ? (
          <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={subscribers.length} total={total} />
        ) : null}
      </>
    );
  } else if (error) {
    subscriberTab = isUnauthorized(error) ? null : <ErrorState message="Failed to fetch subscribers" onRetry={refresh} />;
  } else {
    subscriberTab = <LoadingState label="Loading subscribers…" />;
  }

  return (
    <>
      <PageHeader
        title="Email Subscribers"
        subtitle="Manage subscribers and campaigns"
        actions={<ExportButton path={SUBSCRIBERS_EXPORT_PATH} fileName="subscribers" />}
      />
      <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap">
        <SearchBox label="Search subscribers" placeholder="Any part of an e-mail address" />
      </Flex>
      <div className="admin-tiles">
        <StatTile label="Active" value={active.length} tone="green" />
        <StatTile label="Selected" value={selected.size} tone="orange" />
        <StatTile label="New Week" value={newThisWeek} />
        <StatTile label="Unsubscribed" value={unsubscribed.length} tone="red" />
      </div>
      <CountTabs
        label="Subscribers and campaigns"
        defaultValue={params.tab === "campaigns" ? "campaigns" : "subscribers"}
        tabs={[
          { value: "subscribers", label: "Subscribers", content: subscriberTab },
          {
            value: "campaigns",
            label: "Campaigns",
            content: <CampaignsTab campaign={campaign} selected={selected} onSent={() => setSelected(new Set())} />,
          },
        ]}
      />
    </>
  );
}
