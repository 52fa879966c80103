import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useState } from "react";

/**
 * Issue, asked once (ConfirmButton's dialog: Cancel focused first, Escape cancels): issuing numbers
 * the paper for good, so the dialog names what cannot be undone. A paper that still lacks something
 * asks nothing: `ready` shows what is missing instead, and the dialog stays shut.
 */
export function IssueButton({
  label,
  busy,
  ready,
  title,
  description,
  confirmLabel,
  onIssue,
}: {
  label: string;
  busy: boolean;
  /** True when nothing is missing; otherwise it shows what is, and answers false. */
  ready: () => boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onIssue: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => setOpen(next && ready())}>
      <AlertDialog.Trigger>
        <Button size="4" disabled={busy}>
          {busy ? "Issuing…" : label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={() => void onIssue()}>{confirmLabel}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
