import { Badge, Button, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { AdminGasSafetyRecord, DocumentSummary } from "../../../../schema/api/gas-safety";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import { reminderVisitPatterns } from "../../../../schema/business";
import { formatDate } from "../../../../schema/london-time-text";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";

const isGasSafetyVisit = (serviceType: string) =>
  reminderVisitPatterns.gasSafety.some((p) => serviceType.toLowerCase().includes(p.replaceAll("%", "")));

/** "Start gas safety record": a draft at the property (from the visit when there is one), then its form. */
export function StartGasSafetyRecord({
  propertyId,
  visitId,
  label = "Start gas safety record",
}: {
  propertyId: number;
  visitId?: number;
  label?: string;
}) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const draft = await adminApi<AdminGasSafetyRecord>("/api/admin/gas-safety-records", {
        json: { propertyId, serviceRecordId: visitId ?? null },
      });
      navigate(`/gas-safety-records/${draft.id}`);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({
          title: "Could not start the record",
          description: errorMessage(e, "Please try again."),
          variant: "destructive",
        });
      setBusy(false);
    }
  }
  return (
    <Button variant="soft" onClick={start} disabled={busy}>
      {busy ? "Starting…" : label}
    </Button>
  );
}

/** A visit's way to its gas safety record: continue or open the one started, or start one at a booked or started visit. */
export function VisitGasSafetyAction({ record }: { record: AdminServiceRecord }) {
  if (record.gasSafetyRecord) {
    return (
      <Button asChild variant="soft">
        <Link href={`/gas-safety-records/${record.gasSafetyRecord.id}`}>
          {record.gasSafetyRecord.status === "draft" ? "Continue gas safety record" : "Gas safety record"}
        </Link>
      </Button>
    );
  }
  const open = record.status === "scheduled" || record.status === "in-progress";
  if (!open || record.propertyId === null || !isGasSafetyVisit(record.serviceType)) return null;
  return <StartGasSafetyRecord propertyId={record.propertyId} visitId={record.id} />;
}

/** A property's records and notices, newest first, each with its PDF. */
export function PropertyDocuments({ documents }: { documents: DocumentSummary[] }) {
  if (documents.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No gas safety record yet.
      </Text>
    );
  }
  return (
    <ul className="admin-appliances" aria-label="Gas safety records and notices">
      {documents.map((d) => (
        <li key={`${d.kind}-${d.id}`}>
          <span>
            {d.kind === "warning-notice" ? (
              <Badge mr="2" color="red" variant="soft" highContrast>
                Warning notice {d.classification}
              </Badge>
            ) : d.status === "draft" ? (
              <Badge mr="2" color="amber" variant="soft" highContrast>
                Draft
              </Badge>
            ) : null}
            <Text weight="medium">{d.number ?? "Gas safety record"}</Text>
            {d.date ? ` · ${formatDate(d.date)}` : ""}
            {d.nextDueDate ? ` · next due ${formatDate(d.nextDueDate)}` : ""}
            {d.tenantCopyDueBy ? (
              <Text color="amber" weight="medium">{` · tenant copy due by ${formatDate(d.tenantCopyDueBy)}`}</Text>
            ) : null}
          </span>
          {d.kind === "gas-safety-record" && d.status === "draft" ? (
            <Link href={`/gas-safety-records/${d.id}`}>Continue</Link>
          ) : (
            <span className="gsr-doc-links">
              {d.kind === "gas-safety-record" ? <Link href={`/gas-safety-records/${d.id}`}>Details</Link> : null}
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
