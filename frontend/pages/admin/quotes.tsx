import { Button } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminQuote } from "../../../schema/api/admin";
import { company } from "../../../schema/business";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CountTabs, listTab } from "../../components/admin/count-tabs";
import { MailIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { QuoteCard } from "../../components/admin/quote-card";
import { quoteState, unrepliedQuotes, useAdminQuotes } from "../../hooks/admin/use-quotes";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { bccMailto, openMailto } from "../../lib/admin/open-mailto";
import { notify } from "../../lib/toast";

export default function Quotes() {
  const { quotes, error, isLoading, refresh, markRead, markReplied, remove } = useAdminQuotes();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [replyingAll, setReplyingAll] = useState(false);

  /** One change to one quote: toast the outcome, then refetch the list. */
  async function act(id: number, change: () => Promise<unknown>, done: { title: string; description: string }, failed: string) {
    setBusyId(id);
    try {
      await change();
      notify({ ...done, variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e)) notify({ title: "Error", description: errorMessage(e, failed), variant: "destructive" });
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  async function replyToAllPending() {
    const waiting = unrepliedQuotes(quotes ?? []);
    if (waiting.length === 0) {
      notify({ title: "No quotes to reply to", description: "All quotes have already been replied to.", variant: "destructive" });
      return;
    }
    openMailto(
      bccMailto(
        waiting.map((q) => q.email),
        `Your quote request - ${company.name}`,
      ),
    );
    setReplyingAll(true);
    const results = await Promise.allSettled(waiting.map((q) => markReplied(q.id)));
    setReplyingAll(false);
    await refresh();
    const failed = results.filter((r) => r.status === "rejected");
    if (failed.some((r) => isUnauthorized(r.reason))) return;
    if (failed.length > 0) {
      notify({
        title: "Error",
        description: `${failed.length} of ${waiting.length} quotes could not be marked as replied. Please try again.`,
        variant: "destructive",
      });
    } else {
      notify({
        title: "Replying to all pending",
        description: `Your e-mail program is opening; ${waiting.length} ${waiting.length === 1 ? "quote is" : "quotes are"} marked as replied.`,
        variant: "success",
      });
    }
  }

  const card = (quote: AdminQuote, showActions: boolean) => (
    <QuoteCard
      key={quote.id}
      quote={quote}
      showActions={showActions}
      busy={busyId === quote.id || replyingAll}
      onMarkRead={() =>
        act(
          quote.id,
          () => markRead(quote.id),
          { title: "Quote marked as read", description: `${quote.name}'s quote is now pending a reply.` },
          "Failed to mark the quote as read",
        )
      }
      onMarkReplied={() =>
        act(
          quote.id,
          () => markReplied(quote.id),
          { title: "Quote marked as replied", description: `${quote.name}'s quote has been marked as replied.` },
          "Failed to mark the quote as replied",
        )
      }
      onDelete={() =>
        act(
          quote.id,
          () => remove(quote.id),
          { title: "Quote deleted", description: `${quote.name}'s quote has been deleted.` },
          "Failed to delete the quote",
        )
      }
    />
  );

  const all = quotes ?? [];
  const byState = (state: string) => all.filter((q) => quoteState(q) === state);
  // Replied quotes show no actions in the Replied tab.
  const tabs = [
    listTab({ value: "new", label: "New", empty: "No new quotes" }, byState("new"), (q) => card(q, true)),
    listTab({ value: "pending", label: "Pending", empty: "No pending quotes" }, byState("pending"), (q) => card(q, true)),
    listTab({ value: "replied", label: "Replied", empty: "No replied quotes" }, byState("replied"), (q) => card(q, false)),
    listTab({ value: "all", label: "All", empty: "No quote requests yet" }, all, (q) => card(q, true)),
  ];

  return (
    <>
      <PageHeader
        title="Quote Requests"
        subtitle="Answer new enquiries and keep track of replies"
        actions={
          <Button onClick={replyToAllPending} loading={replyingAll} disabled={!quotes}>
            <MailIcon /> Reply to All Pending
          </Button>
        }
      />
      {error && !quotes ? (
        isUnauthorized(error) ? null : (
          <ErrorState message={errorMessage(error, "Failed to load quotes.")} onRetry={refresh} />
        )
      ) : isLoading || !quotes ? (
        <LoadingState label="Loading quotes…" />
      ) : (
        <CountTabs label="Quotes by status" tabs={tabs} />
      )}
    </>
  );
}
