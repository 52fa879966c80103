import { Badge, Button, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { qualificationOf } from "../../../../schema/api/diary";
import type { DocumentSummary } from "../../../../schema/api/documents";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import { reminderVisitPatterns } from "../../../../schema/business";
import { formatDate } from "../../../../schema/london-time-text";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";

const visitOfKind = (kind: keyof typeof reminderVisitPatterns, serviceType: string) =>
  reminderVisitPatterns[kind].some((p) => serviceType.toLowerCase().includes(p.replaceAll("%", "")));

/** A new boiler's fitting (its Benchmark checklist is left with the customer): "Boiler Installation", a boiler replacement. */
const isBoilerInstallation = (serviceType: string) =>
  /boiler/i.test(serviceType) && /install|replace|fit|commission/i.test(serviceType);

const drafts = {
  "gas-safety-record": { api: "/api/admin/gas-safety-records", screen: "/gas-safety-records", start: "Start gas safety record" },
  "service-sheet": { api: "/api/admin/service-sheets", screen: "/service-sheets", start: "Start service sheet" },
  "unvented-record": { api: "/api/admin/unvented-records", screen: "/unvented-records", start: "Start unvented cylinder record" },
  benchmark: { api: "/api/admin/benchmark-records", screen: "/benchmark-records", start: "Start Benchmark checklist" },
} as const;

/** "Start gas safety record" / "Start service sheet" / "Start unvented cylinder record" / "Start Benchmark checklist": a draft at the property (from the visit when there is one), then its form. */
export function StartDocument({
  kind,
  propertyId,
  visitId,
}: {
  kind: keyof typeof drafts;
  propertyId: number;
  visitId?: number;
}) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const { api, screen, start: label } = drafts[kind];
  async function start() {
    setBusy(true);
    try {
      const draft = await adminApi<{ id: number }>(api, { json: { propertyId, serviceRecordId: visitId ?? null } });
      navigate(`${screen}/${draft.id}`);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Could not start it", description: errorMessage(e, "Please try again."), variant: "destructive" });
      setBusy(false);
    }
  }
  return (
    <Button variant="soft" onClick={start} disabled={busy}>
      {busy ? "Starting…" : label}
    </Button>
  );
}

/**
 * A visit's way to its paperwork: continue or open the gas safety record or service sheet started
 * there, or start one at a visit of that kind whatever its state (a record is often written after
 * the job sheet is finished, and it belongs to the same visit).
 */
export function VisitDocumentAction({
  record,
}: {
  record: Pick<
    AdminServiceRecord,
    "id" | "status" | "serviceType" | "propertyId" | "gasSafetyRecord" | "serviceSheet" | "unventedRecord" | "benchmarkRecord"
  >;
}) {
  const actions = [
    documentAction(record, "gas-safety-record", record.gasSafetyRecord, visitOfKind("gasSafety", record.serviceType)),
    documentAction(record, "service-sheet", record.serviceSheet, visitOfKind("service", record.serviceType)),
    // A cylinder's installation or its annual check (G3): the visit kinds an unvented qualification does.
    documentAction(record, "unvented-record", record.unventedRecord, qualificationOf(record.serviceType) === "unvented"),
    documentAction(record, "benchmark", record.benchmarkRecord, isBoilerInstallation(record.serviceType)),
  ].filter(Boolean);
  return actions.length > 0 ? actions : null;
}

const documentNames = {
  "gas-safety-record": "gas safety record",
  "service-sheet": "service sheet",
  "unvented-record": "unvented cylinder record",
  benchmark: "Benchmark checklist",
} as const;

function documentAction(
  record: { id: number; propertyId: number | null },
  kind: keyof typeof drafts,
  started: { id: number; status: string } | null,
  ofKind: boolean,
) {
  if (started) {
    const name = documentNames[kind];
    return (
      <Button key={kind} asChild variant="soft">
        <Link href={`${drafts[kind].screen}/${started.id}`}>
          {started.status === "draft" ? `Continue ${name}` : `Open ${name}`}
        </Link>
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
