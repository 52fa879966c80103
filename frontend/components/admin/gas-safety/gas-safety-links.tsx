import { Badge, Button, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { DocumentSummary } from "../../../../schema/api/documents";
import {
  type PaperName,
  paperNames,
  papers,
  type StartedPaper,
  startPaperText,
  type VisitPapers,
} from "../../../../schema/api/papers";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import { formatDate } from "../../../../schema/london-time-text";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { paperScreens } from "../../../pages/admin/paper-screens";

/** "Start gas safety record" / "Start service sheet" / "Start unvented cylinder record" / "Start Benchmark checklist": a draft at the property (from the visit when there is one), then its form. */
export function StartDocument({ kind, propertyId, visitId }: { kind: PaperName; propertyId: number; visitId?: number }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const paper = papers[kind];
  const screen = `/${paper.segment}`;
  async function start() {
    setBusy(true);
    try {
      const draft = await adminApi<{ id: number }>(`/api/admin/${paper.segment}`, {
        json: { propertyId, serviceRecordId: visitId ?? null },
      });
      navigate(`${screen}/${draft.id}`);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Could not start it", description: errorMessage(e, "Please try again."), variant: "destructive" });
      setBusy(false);
    }
  }
  return (
    <Button variant="soft" onClick={start} disabled={busy}>
      {busy ? "Starting…" : startPaperText(paper)}
    </Button>
  );
}

/**
 * A visit's way to its paperwork: continue or open the gas safety record or service sheet started
 * there, or start one at a visit of that kind whatever its state (a record is often written after
 * the job sheet is finished, and it belongs to the same visit).
 */
/**
 * A visit's way to its paperwork: continue or open each paper started there, or start one at a visit
 * of that kind whatever its state (a record is often written after the job sheet is finished, and it
 * belongs to the same visit).
 */
export function VisitDocumentAction({
  record,
}: {
  record: Pick<AdminServiceRecord, "id" | "status" | "serviceType" | "propertyId"> & VisitPapers;
}) {
  const actions = paperNames
    .map((kind) => documentAction(record, kind, record[papers[kind].visitField], paperScreens[kind].startsAt(record.serviceType)))
    .filter(Boolean);
  return actions.length > 0 ? actions : null;
}

function documentAction(
  record: { id: number; propertyId: number | null },
  kind: PaperName,
  started: StartedPaper,
  ofKind: boolean,
) {
  if (started) {
    const { noun, segment } = papers[kind];
    return (
      <Button key={kind} asChild variant="soft">
        <Link href={`/${segment}/${started.id}`}>{started.status === "draft" ? `Continue ${noun}` : `Open ${noun}`}</Link>
      </Button>
    );
  }
  if (!ofKind || record.propertyId === null) return null;
  return <StartDocument key={kind} kind={kind} propertyId={record.propertyId} visitId={record.id} />;
}

/** A property's records, notices and service sheets, newest first, each with its PDF. */
export function PropertyDocuments({ documents }: { documents: DocumentSummary[] }) {
  if (documents.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No gas safety record or service sheet yet.
      </Text>
    );
  }
  return (
    <ul className="admin-appliances" aria-label="Gas safety records, notices and service sheets">
      {documents.map((d) => (
        <li key={`${d.kind}-${d.id}`}>
          <span>
            {d.classification ? (
              <Badge mr="2" color="red" variant="soft" highContrast>
                Warning notice {d.classification}
              </Badge>
            ) : d.status === "draft" ? (
              <Badge mr="2" color="amber" variant="soft" highContrast>
                Draft
              </Badge>
            ) : null}
            <Text weight="medium">{d.number ?? d.title}</Text>
            {d.date ? ` · ${formatDate(d.date)}` : ""}
            {d.nextDueDate ? ` · next due ${formatDate(d.nextDueDate)}` : ""}
            {d.tenantCopyDueBy ? (
              <Text color="amber" weight="medium">{` · tenant copy due by ${formatDate(d.tenantCopyDueBy)}`}</Text>
            ) : null}
          </span>
          {d.screen && d.status === "draft" ? (
            <Link href={`${d.screen}/${d.id}`}>Continue</Link>
          ) : (
            <span className="gsr-doc-links">
              {d.screen ? <Link href={`${d.screen}/${d.id}`}>Details</Link> : null}
              <a href={d.pdfUrl ?? "#"} target="_blank" rel="noopener">
                PDF
              </a>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
