import { Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { OutboxEmail } from "../../../../schema/api/campaigns";
import { formatDateTime } from "../../../../schema/london-time-text";
import type { useOutbox } from "../../../hooks/admin/use-outbox";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { MailDialog } from "./mail-dialog";
import { MailRow } from "./mail-row";

const kindLabels: Record<string, string> = {
  campaign: "Campaign",
  order: "Order",
  receipt: "Receipt",
  quote: "Quote",
  signup: "Sign-up",
  security: "Security",
  reminder: "Reminder",
  booking: "Booking",
  document: "Document",
  account: "Account",
  other: "Other",
};

/** The outbox: every e-mail written locally, newest first, older ones a page at a time. */
export function SentMail({ outbox }: { outbox: ReturnType<typeof useOutbox> }) {
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const { items, error, hasMore, loadingMore, loadMore, refresh } = outbox;
  if (!items) {
    if (error)
      return isUnauthorized(error) ? null : (
        <ErrorState message={errorMessage(error, "Failed to load the outbox.")} onRetry={refresh} />
      );
    return <LoadingState label="Loading the outbox…" />;
  }
  if (items.length === 0)
    return (
      <EmptyState message="The outbox is empty. E-mails land here when no mail provider is set up (local and test runs); once one is, they go straight to the customer." />
    );
  return (
    <>
      <ul className="admin-card care-rows" aria-label="Sent e-mails">
        {items.map((mail) => (
          <MailRow
            key={mail.id}
            title={mail.subject}
            detail={`To ${mail.to}`}
            badge={kindLabels[mail.kind] ?? mail.kind}
            meta={formatDateTime(mail.createdAt)}
            onOpen={() => setOpen(mail)}
          />
        ))}
      </ul>
      <Flex justify="center" py="4">
        {hasMore ? (
          <Button variant="soft" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? "Loading…" : "Load older e-mails"}
          </Button>
        ) : (
          <span className="care-muted">
            {items.length} {items.length === 1 ? "e-mail" : "e-mails"}, the oldest kept
          </span>
        )}
      </Flex>
      <MailDialog
        mail={open && { ...open, about: `${kindLabels[open.kind] ?? open.kind}, ${formatDateTime(open.createdAt)}` }}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
