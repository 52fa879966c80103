import { Button, Callout, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { ReminderList, ReminderRunResult } from "../../../schema/api/reminders";
import { formatDateTime } from "../../../schema/london-time-text";
import { settings } from "../../../schema/settings";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CountTabs } from "../../components/admin/count-tabs";
import { MailIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { ReminderRow } from "../../components/admin/reminders/reminder-row";
import { deliveryLabels } from "../../components/admin/reminders/reminder-words";
import { useReminders } from "../../hooks/admin/use-reminders";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import "../../components/admin/care.css";

const tabNames = ["due", "sent", "skipped"] as const;
type Tab = (typeof tabNames)[number];
const isTab = (value: string): value is Tab => (tabNames as readonly string[]).includes(value);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What a run did, in one sentence for the toast and the status line. */
function runSummary({ sent, skipped, remaining }: ReminderRunResult) {
  if (sent === 0 && skipped === 0) return "Nothing new was due: every due reminder had already been sent or skipped.";
  const parts = [`Sent ${plural(sent, "reminder")}`];
  if (skipped > 0) parts.push(`skipped ${skipped} (see Skipped for why)`);
  const done = `${parts.join(", ")}.`;
  return remaining > 0
    ? `${done} ${remaining} more go out by themselves, ${settings.reminders.perRun} every five minutes.`
    : done;
}

function Lists({ data, tab, onTab }: { data: ReminderList; tab: Tab; onTab: (tab: Tab) => void }) {
  const tabs = [
    {
      value: "due",
      label: "Due",
      count: data.dueTotal,
      content:
        data.due.length === 0 ? (
          <EmptyState message={`Nothing due in the next ${settings.reminders.leadDays} days that hasn't been dealt with.`} />
        ) : (
          <>
            {data.dueTotal > data.due.length ? (
              <Text as="p" size="2" color="gray" mb="2">
                {`The ${data.due.length} due soonest of ${data.dueTotal.toLocaleString("en-GB")}. The runs send them all, ${settings.reminders.perRun} every five minutes.`}
              </Text>
            ) : null}
            <ul className="admin-card care-rows" aria-label="Due reminders">
              {data.due.map((r) => (
                <ReminderRow
                  key={`${r.serviceRecordId}-${r.kind}`}
                  {...r}
                  outcome={
                    r.willSkipBecause ? (
                      <span className="care-skip">Will be skipped: {r.willSkipBecause}</span>
                    ) : (
                      <span className="care-send">Goes out with the next run</span>
                    )
                  }
                />
              ))}
            </ul>
          </>
        ),
    },
    {
      value: "sent",
      label: "Sent",
      count: data.sent.length,
      content:
        data.sent.length === 0 ? (
          <EmptyState message="No reminders sent yet." />
        ) : (
          <ul className="admin-card care-rows" aria-label="Sent reminders">
            {data.sent.map((r) => (
              <ReminderRow
                key={r.id}
                {...r}
                outcome={
                  !r.delivery || r.delivery === "sent" ? (
                    `Sent ${formatDateTime(r.at)}`
                  ) : (
                    <>
                      <span className={r.delivery === "failed" ? "care-skip" : undefined}>
                        {deliveryLabels[r.delivery] ?? r.delivery}
                      </span>{" "}
                      · since {formatDateTime(r.at)}
                    </>
                  )
                }
              />
            ))}
          </ul>
        ),
    },
    {
      value: "skipped",
      label: "Skipped",
      count: data.skipped.length,
      content:
        data.skipped.length === 0 ? (
          <EmptyState message="No reminders skipped." />
        ) : (
          <ul className="admin-card care-rows" aria-label="Skipped reminders">
            {data.skipped.map((r) => (
              <ReminderRow
                key={r.id}
                {...r}
                outcome={
                  <>
                    <span className="care-skip">Skipped: {r.reason ?? "no reason recorded"}</span>
                    <span className="care-muted"> · {formatDateTime(r.at)}</span>
                  </>
                }
              />
            ))}
          </ul>
        ),
    },
  ];
  return <CountTabs label="Reminders" tabs={tabs} value={tab} onValueChange={(value) => isTab(value) && onTab(value)} />;
}

export default function Reminders() {
  const [params, setFilters] = useUrlFilters(["tab"] as const);
  const tab: Tab = isTab(params.tab) ? params.tab : "due";
  const { data, error, refresh, run } = useReminders();
  const [running, setRunning] = useState(false);
  const [lastRun, setLastRun] = useState<string | null>(null);

  async function sendNow() {
    setRunning(true);
    try {
      const result = await run();
      const summary = runSummary(result);
      setLastRun(summary);
      notify({ title: result.sent > 0 ? "Reminders sent" : "No new reminders", description: summary, variant: "success" });
      await refresh();
      if (result.sent > 0) setFilters({ tab: "sent" });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to send the reminders"), variant: "destructive" });
      }
    } finally {
      setRunning(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Reminders"
        subtitle={`Service and landlord gas safety (CP12) reminders go out by themselves each morning, ${settings.reminders.leadDays} days before the visit is due. Landlords get a second one ${settings.reminders.landlordFinalDays} days before if nothing is booked.`}
        actions={
          <Button size="3" onClick={sendNow} loading={running}>
            <MailIcon /> Send due reminders now
          </Button>
        }
      />
      <Text as="p" role="status" size="2" className="care-run-status">
        {lastRun}
      </Text>
      {data ? (
        <Lists data={data} tab={tab} onTab={(next) => setFilters({ tab: next === "due" ? "" : next })} />
      ) : error ? (
        isUnauthorized(error) ? null : (
          <ErrorState message={errorMessage(error, "Failed to load reminders.")} onRetry={refresh} />
        )
      ) : (
        <LoadingState label="Loading reminders…" />
      )}
      <Callout.Root color="gray" variant="surface" mt="5" size="1">
        <Callout.Text>
          Each customer gets one reminder per visit due. A reminder is skipped when a later visit is already booked or done, when
          the customer has no e-mail address, or when they stopped reminders with the link in an earlier one.
        </Callout.Text>
      </Callout.Root>
    </>
  );
}
