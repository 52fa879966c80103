import { Heading, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import type { AuditEntry } from "../../../../schema/api/audit";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { isUnauthorized } from "../../../lib/admin/admin-api";
import { readsRecordHistory } from "../../../lib/admin/roles";
import { HttpError } from "../../../lib/api";
import { AuditEntryItem } from "./audit-entry";

/**
 * "History" on a record's screen: who did what to it, newest first, from the audit log (a job's
 * gathers its quote, visits, their documents and its invoices). Someone whose role may not read the
 * log sees nothing here rather than an error, and is not asked for it (an engineer opens a gas
 * safety record's screen too); the server's refusal is still heeded.
 */
export function RecordHistory({
  kind,
  id,
  version,
}: {
  kind: string;
  id: number | string;
  /** Changes whenever the record does (its updatedAt, a count): the history is asked for again. */
  version: string | number;
}) {
  const reads = readsRecordHistory(useAdminMe()?.role);
  const { data, error, refresh } = useAdminData<AuditEntry[]>(
    reads ? `/api/admin/audit/${kind}/${encodeURIComponent(String(id))}` : "",
  );
  // Asked again on a change, not remounted: a remount within SWR's two seconds of the last ask
  // would be answered from its cache, without the change just made.
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refresh();
  }, [version, refresh]);
  if (!reads) return null;
  if (error && (isUnauthorized(error) || (error instanceof HttpError && error.status === 403))) return null;
  return (
    <section aria-labelledby={`history-${kind}-${id}`} className="admin-history">
      <Heading as="h2" size="4" mt="5" mb="3" id={`history-${kind}-${id}`}>
        History
      </Heading>
      {error ? (
        <Text color="red">Failed to load the history.</Text>
      ) : !data ? (
        <Text color="gray">Loading the history…</Text>
      ) : data.length === 0 ? (
        <Text color="gray">Nothing recorded yet.</Text>
      ) : (
        <ol className="audit-history">
          {data.map((entry) => (
            <li key={entry.id}>
              <AuditEntryItem entry={entry} showRecord={kind === "job"} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
