import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { CampaignStatus, CampaignSummary } from "../../../../schema/api/campaigns";
import { formatDateTime } from "../../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { StatusBadge, type StatusTone } from "../status-badge";
import { CampaignRecipients } from "./campaign-recipients";
import { CancelCampaignButton } from "./cancel-campaign-button";
import { formatUkLong } from "./uk-time";

const campaignTones: Record<CampaignStatus, StatusTone> = {
  sent: "success",
  sending: "secondary",
  scheduled: "outline",
  cancelled: "secondary",
};
const campaignLabels: Record<CampaignStatus, string> = {
  sent: "Sent",
  sending: "Sending",
  scheduled: "Scheduled",
  cancelled: "Cancelled",
};
/** The recipients, read only once the owner opens them. */
function RecipientsDisclosure({ campaign }: { campaign: CampaignSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-recipients" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Recipients ({campaign.counts.total.toLocaleString("en-GB")})</summary>
      {open ? <CampaignRecipients campaignId={campaign.id} subject={campaign.subject} /> : null}
    </details>
  );
}

type Props = {
  campaigns: CampaignSummary[] | undefined;
  error: Error | undefined;
  onRetryLoad: () => void;
  retryingId: number | null;
  onRetryFailed: (campaign: CampaignSummary) => void;
  cancellingId: number | null;
  onCancel: (campaign: CampaignSummary) => void;
};

function Count({ label, value, tone }: { label: string; value: number; tone?: "red" | "green" | "amber" }) {
  return (
    <div className="admin-count">
      <Text as="div" size="4" weight="bold" color={value > 0 ? tone : undefined}>
        {value}
      </Text>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
    </div>
  );
}

/** When a campaign went, or goes: its send time while scheduled (and once cancelled), else when it was made. */
function whenOf(c: CampaignSummary): string {
  if (c.status === "scheduled" && c.sendAt) return `Scheduled for ${formatUkLong(c.sendAt)}`;
  if (c.status === "cancelled" && c.sendAt) return `Was scheduled for ${formatDateTime(c.sendAt)}; nothing was sent`;
  return formatDateTime(c.createdAt);
}

/**
 * Past and scheduled campaigns with how many e-mails are queued, sent, failed and unconfirmed (no
 * answer from the mail service), a way to re-send the failed and, at the owner's word, the
 * unconfirmed, and to cancel a scheduled one before it starts.
 */
export function CampaignHistory({ campaigns, error, onRetryLoad, retryingId, onRetryFailed, cancellingId, onCancel }: Props) {
  let body: ReactNode;
  if (error && !campaigns) body = <ErrorState message="Failed to load campaign history." onRetry={onRetryLoad} />;
  else if (!campaigns) body = <LoadingState label="Loading campaigns…" />;
  else if (campaigns.length === 0) body = <EmptyState message="No campaigns sent yet." />;
  else
    body = (
      <div className="admin-list">
        {campaigns.map((c) => (
          <article key={c.id} className="admin-card admin-campaign" aria-label={`Campaign: ${c.subject}`}>
            <Flex justify="between" align="start" gap="3" wrap="wrap">
              <div>
                <Heading as="h3" size="3" className="admin-wrap-anywhere">
                  {c.subject}
                </Heading>
                <Text as="p" size="1" color="gray">
                  {whenOf(c)}
                </Text>
              </div>
              <Flex align="center" gap="3">
                <StatusBadge status={c.status} tones={campaignTones} label={campaignLabels[c.status]} />
                {c.status === "scheduled" ? (
                  <CancelCampaignButton campaign={c} isCancelling={cancellingId === c.id} onConfirm={() => onCancel(c)} />
                ) : null}
              </Flex>
            </Flex>
            <Flex gap="5" mt="3" wrap="wrap" align="end">
              <Count label="Recipients" value={c.counts.total} />
              <Count label="Queued" value={c.counts.queued} />
              <Count label="Sent" value={c.counts.sent} tone="green" />
              <Count label="Failed" value={c.counts.failed} tone="red" />
              {c.counts.unknown > 0 ? <Count label="Unconfirmed" value={c.counts.unknown} tone="amber" /> : null}
              {c.counts.failed + c.counts.unknown > 0 ? (
                <Button
                  variant="soft"
                  color="red"
                  loading={retryingId === c.id}
                  onClick={() => onRetryFailed(c)}
                  className="admin-push-right"
                >
                  {c.counts.unknown > 0
                    ? `Re-send failed and unconfirmed (${c.counts.failed + c.counts.unknown})`
                    : `Retry failed (${c.counts.failed})`}
                </Button>
              ) : null}
            </Flex>
            {c.counts.unknown > 0 ? (
              <Text as="p" size="1" color="gray" mt="2">
                Unconfirmed e-mails were sent to the mail service but no answer was recorded; they may or may not have arrived.
                Re-sending may give some people a second copy.
              </Text>
            ) : null}
            {c.counts.total > 0 ? <RecipientsDisclosure campaign={c} /> : null}
          </article>
        ))}
      </div>
    );
  return (
    <section aria-labelledby="history-heading">
      <Heading as="h2" size="4" id="history-heading" mb="3">
        Campaign history
      </Heading>
      {body}
    </section>
  );
}
