import { Button, Callout, Code, Flex } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import { ConfirmButton } from "./confirm-button";

/**
 * "Revoke links" on a document's screen: asks first, naming what stops working, then every link
 * given so far stops opening the document and the new one is shown, to copy and send. A POST that
 * is never retried by itself: each one revokes again.
 */
export function RevokeLinks<T>({
  path,
  title,
  description,
  newLink,
  onRevoked,
  label = "Revoke links",
}: {
  /** The admin endpoint that revokes (POST). */
  path: string;
  title: string;
  /** What stops working, in the owner's words. */
  description: ReactNode;
  /** The new link from the answer (a path is shown with this site's address). */
  newLink: (answer: T) => string | null;
  onRevoked?: (answer: T) => unknown;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);

  async function revoke() {
    setBusy(true);
    try {
      const answer = await adminApi<T>(path, { method: "POST" });
      const link = newLink(answer);
      setFresh(link && new URL(link, window.location.origin).href);
      notify({
        title: "Links revoked",
        description: "The old links no longer work. Send the customer the new one.",
        variant: "success",
      });
      await onRevoked?.(answer);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Links not revoked", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ConfirmButton
        variant="soft"
        color="red"
        highContrast
        disabled={busy}
        title={title}
        description={description}
        confirmLabel="Revoke them"
        onConfirm={revoke}
      >
        {label}
      </ConfirmButton>
      {fresh ? (
        <Callout.Root color="green" highContrast size="1" role="status" style={{ flexBasis: "100%", minWidth: 0 }}>
          <Callout.Text>The new link, to send the customer:</Callout.Text>
          <Flex gap="2" align="center" wrap="wrap" mt="1">
            <Code className="admin-wrap-anywhere" variant="ghost" highContrast data-testid="new-link">
              {fresh}
            </Code>
            <Button
              size="1"
              variant="soft"
              highContrast
              onClick={() =>
                navigator.clipboard
                  ?.writeText(fresh)
                  .then(() => notify({ title: "Copied", variant: "success" }))
                  .catch(() =>
                    notify({ title: "Copy failed", description: "Select the link and copy it.", variant: "destructive" }),
                  )
              }
            >
              Copy
            </Button>
          </Flex>
        </Callout.Root>
      ) : null}
    </>
  );
}
