import { ConfirmButton } from "../confirm-button";

/**
 * Issue, asked once (ConfirmButton: Cancel focused first, Escape cancels): issuing numbers the paper
 * for good, so the dialog names what cannot be undone. A paper that still lacks something asks
 * nothing: `ready` shows what is missing instead, and the dialog stays shut.
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
  return (
    <ConfirmButton
      size="4"
      disabled={busy}
      destructive={false}
      beforeOpen={ready}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => void onIssue()}
    >
      {busy ? "Issuing…" : label}
    </ConfirmButton>
  );
}
