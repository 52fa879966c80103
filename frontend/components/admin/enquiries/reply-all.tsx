import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminEnquiry } from "../../../../schema/api/enquiries";
import { company } from "../../../../schema/business";
import { markEnquiriesReplied, markEnquiriesUnreplied, unrepliedEnquiries } from "../../../hooks/admin/use-enquiries";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { bccMailto, openMailto } from "../../../lib/admin/open-mailto";
import { notify } from "../../../lib/toast";
import { BreakableEmail } from "../breakable-email";
import { MailIcon } from "../icons";

/** How long the owner has to take a bulk reply back. */
const UNDO_MS = 10_000;

const enquiriesText = (n: number) => `${n} ${n === 1 ? "enquiry" : "enquiries"}`;

/**
 * "Reply to All Pending", asking first: the dialog lists everyone the e-mail will go to (every
 * new or pending quote, not only those on screen), opens the mail app with them in bcc, then asks
 * whether the e-mail went. Only a Yes marks them replied, and a toast offers Undo for ten seconds.
 */
export function ReplyAll({ onChanged }: { onChanged: () => unknown }) {
  const [waiting, setWaiting] = useState<AdminEnquiry[] | null>(null);
  const [step, setStep] = useState<"review" | "sent?">("review");
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const { replyable: enquiries, urgent } = await unrepliedEnquiries();
      if (enquiries.length === 0) {
        notify({
          title: "No quotes to reply to",
          description:
            urgent > 0
              ? `Only urgent requests are waiting (${urgent}): call them rather than e-mail.`
              : "All quotes have already been replied to.",
          variant: "destructive",
        });
        return;
      }
      setStep("review");
      setWaiting(enquiries);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Error", description: errorMessage(e, "Failed to load the quotes"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function openMailApp(enquiries: AdminEnquiry[]) {
    openMailto(
      bccMailto(
        enquiries.map((q) => q.email),
        `Your quote request - ${company.name}`,
      ),
    );
    setStep("sent?");
  }

  async function undo(ids: number[]) {
    try {
      const { ids: restored } = await markEnquiriesUnreplied(ids);
      notify({ title: "Reply undone", description: `${enquiriesText(restored.length)} back to pending.`, variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Error", description: errorMessage(e, "Failed to undo the reply"), variant: "destructive" });
    } finally {
      await onChanged();
    }
  }

  async function markReplied(enquiries: AdminEnquiry[]) {
    setBusy(true);
    try {
      const { ids } = await markEnquiriesReplied(enquiries.map((q) => q.id));
      setWaiting(null);
      notify({
        title: "Marked as replied",
        description: `${enquiriesText(ids.length)} marked as replied.`,
        variant: "success",
        duration: UNDO_MS,
        ...(ids.length > 0 ? { action: { label: "Undo", onClick: () => void undo(ids) } } : {}),
      });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to mark the quotes as replied"), variant: "destructive" });
      }
    } finally {
      setBusy(false);
      await onChanged();
    }
  }

  const addresses = waiting ? new Set(waiting.map((q) => q.email.toLowerCase())).size : 0;
  return (
    <>
      <Button onClick={start} loading={busy && waiting === null}>
        <MailIcon /> Reply to All Pending
      </Button>
      <Dialog.Root open={waiting !== null} onOpenChange={(open) => (open ? undefined : setWaiting(null))}>
        {waiting ? (
          <Dialog.Content maxWidth="560px" aria-describedby="reply-all-description">
            <Dialog.Title>Reply to All Pending</Dialog.Title>
            {step === "review" ? (
              <>
                <Dialog.Description id="reply-all-description" size="2">
                  One e-mail from your mail app to {addresses === 1 ? "this person" : `these ${addresses} people`}, the addresses
                  in bcc so nobody sees the others. {enquiriesText(waiting.length)} waiting for a reply:
                </Dialog.Description>
                {/* A long list scrolls inside the dialog, so it takes focus for the arrow keys to scroll it. */}
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
                <ul className="admin-recipient-list" aria-label="Included in the e-mail" tabIndex={0}>
                  {waiting.map((q) => (
                    <li key={q.id}>
                      <span className="admin-recipient-name">{q.name}</span>
                      <span className="admin-recipient-email">
                        <BreakableEmail email={q.email} />
                      </span>
                    </li>
                  ))}
                </ul>
                <Flex gap="3" mt="4" justify="end" wrap="wrap">
                  <Dialog.Close>
                    <Button variant="soft" color="gray">
                      Cancel
                    </Button>
                  </Dialog.Close>
                  <Button onClick={() => openMailApp(waiting)}>
                    <MailIcon /> Open E-mail App
                  </Button>
                </Flex>
              </>
            ) : (
              <>
                <Dialog.Description id="reply-all-description" size="3" weight="medium">
                  Did you send the e-mail?
                </Dialog.Description>
                <Text as="p" size="2" color="gray" mt="2">
                  Yes marks the {enquiriesText(waiting.length)} as replied. If the mail app did not open, or you haven't sent it
                  yet, nothing changes.
                </Text>
                <Flex gap="3" mt="4" justify="end" wrap="wrap">
                  <Button variant="soft" color="gray" onClick={() => openMailApp(waiting)} disabled={busy}>
                    Open Again
                  </Button>
                  <Dialog.Close>
                    <Button variant="soft" color="gray" disabled={busy}>
                      Not Yet
                    </Button>
                  </Dialog.Close>
                  <Button onClick={() => markReplied(waiting)} loading={busy}>
                    Yes, Mark as Replied
                  </Button>
                </Flex>
              </>
            )}
          </Dialog.Content>
        ) : null}
      </Dialog.Root>
    </>
  );
}
