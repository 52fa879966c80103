import { Text, TextField } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import type { CampaignRecipient } from "../../../../schema/api/campaigns";
import { useAdminList } from "../../../hooks/admin/use-admin-list";
import { useDebounced } from "../../../hooks/use-debounced";
import { SearchIcon } from "../icons";
import { PagedList } from "../paged-list";
import { StatusBadge, type StatusTone } from "../status-badge";

const recipientTones: Record<string, StatusTone> = {
  sent: "success",
  queued: "secondary",
  sending: "secondary",
  pending: "outline",
  unknown: "outline",
};

/** What "unknown" means for a recipient; the owner decides whether to send again. */
export const UNKNOWN_EXPLANATION = "Sent to the mail service but no answer was recorded; it may or may not have arrived.";

/**
 * A campaign's recipients, read from the server a page at a time once the owner opens them (a
 * campaign to the whole list has tens of thousands): those that failed or are unconfirmed first,
 * and a search for one address.
 */
export function CampaignRecipients({ campaignId, subject }: { campaignId: number; subject: string }) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 250);
  const filters = useMemo(() => ({ q }), [q]);
  const list = useAdminList<CampaignRecipient>(`/api/admin/campaigns/${campaignId}/recipients`, filters);
  return (
    <div className="admin-recipients-body">
      <TextField.Root
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Find an address"
        aria-label={`Find a recipient of ${subject}`}
        className="admin-search"
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      <PagedList
        list={list}
        empty={q ? `No recipient matching "${q}"` : "No recipients."}
        loading="Loading recipients…"
        failed="Failed to load the recipients."
      >
        {(items) => (
          <ul>
            {items.map((r) => (
              <li key={r.email}>
                <span className="admin-wrap-anywhere">{r.email}</span>
                <StatusBadge status={r.status} tones={recipientTones} />
                {r.status === "unknown" ? (
                  <Text size="1" color="gray">
                    {UNKNOWN_EXPLANATION}
                  </Text>
                ) : r.lastError ? (
                  <Text size="1" color="red">
                    {r.lastError}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
