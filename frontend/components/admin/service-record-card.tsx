import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminServiceRecord } from "../../../schema/api/records";
import { formatPrice } from "../../../schema/format";
import { formatDate } from "../../../schema/london-time-text";
import { BreakableEmail } from "./breakable-email";
import { ConfirmButton } from "./confirm-button";
import { VisitDocumentAction } from "./gas-safety/gas-safety-links";
import { CheckIcon, EditIcon, PlayIcon, TrashIcon } from "./icons";
import { InvoiceFrom } from "./invoices/invoice-from";
import { RevokeLinks } from "./revoke-links";
import type { RecordStatus } from "./service-records/record-form-state";
import { StatusBadge, type StatusTone } from "./status-badge";

/** Badge per status: completed default, in-progress secondary, scheduled outline, anything else destructive. */
export const serviceRecordTones: Partial<Record<string, StatusTone>> = {
  completed: "default",
  "in-progress": "secondary",
  scheduled: "outline",
};

function equipmentLine(r: AdminServiceRecord) {
  const parts = [r.equipmentType, r.equipmentModel].filter((p): p is string => Boolean(p?.trim()));
  return parts.length > 0 ? parts.join(" · ") : "No equipment specified";
}

type Props = {
  record: AdminServiceRecord;
  busy: boolean;
  onEdit: () => void;
  /** Moves the visit on (Start, Complete) without opening the form. */
  onMove: (status: RecordStatus) => void;
  onDelete: () => void;
};

export function ServiceRecordCard({ record, busy, onEdit, onMove, onDelete }: Props) {
  const customer = record.customerName ?? "Unknown Customer";
  const details: [string, string | null][] = [
    ["Service date", formatDate(record.serviceDate)],
    ["Technician", record.technicianName],
    ["Cost", record.cost === null ? null : formatPrice(record.cost)],
    ["Contact", record.customerEmail],
    ["Next service due", record.nextServiceDue ? formatDate(record.nextServiceDue) : null],
    ["Booking", record.bookingReference],
  ];
  const notes: [string, string | null][] = [
    ["Work completed", record.workCompleted],
    ["Parts used", record.partsUsed],
    ["Description", record.description],
    ["Notes", record.notes],
  ];
  const waiting = record.status === "scheduled" || record.status === "pending";
  return (
    <article className="admin-card admin-record" aria-label={`Service record: ${customer}, ${record.serviceType}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div className="admin-wrap-anywhere">
          <Heading as="h2" size="4">
            {record.customerId === null ? (
              customer
            ) : (
              <Link href={`/customers/${record.customerId}`} className="admin-heading-link">
                {customer}
              </Link>
            )}
          </Heading>
          <Text as="p" size="2" weight="medium" className="admin-record-type">
            {record.serviceType}
          </Text>
          <Text as="p" size="2" color="gray">
            {equipmentLine(record)}
          </Text>
        </div>
        <StatusBadge status={record.status} tones={serviceRecordTones} />
      </Flex>
      <dl className="admin-fields">
        {details.map(([label, value]) =>
          value ? (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {label === "Contact" ? (
                  <a className="admin-muted-link" href={`mailto:${value}`}>
                    <BreakableEmail email={value} />
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ) : null,
        )}
      </dl>
      {notes.some(([, v]) => v) ? (
        <dl className="admin-fields admin-fields-wide">
          {notes.map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd className="admin-prewrap">{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : null}
      <Flex gap="2" mt="4" wrap="wrap" justify="end">
        {record.jobId ? (
          <Button asChild variant="soft">
            <Link href={`/jobs/${record.jobId}`}>Job</Link>
          </Button>
        ) : null}
        <VisitDocumentAction record={record} />
        {record.bookingReference ? (
          <RevokeLinks<{ manageUrl: string }>
            path={`/api/admin/bookings/${record.bookingReference}/revoke-link`}
            label="Revoke booking link"
            title={`Revoke the link to booking ${record.bookingReference}?`}
            description={`The link in ${customer}'s booking e-mails stops working at once: nobody can see, move or cancel the visit with it any more. The visit itself stays booked; send the customer the new link.`}
            newLink={(answer) => answer.manageUrl}
          />
        ) : null}
        {record.status === "completed" && record.customerId ? <InvoiceFrom source={{ fromServiceRecordId: record.id }} /> : null}
        {waiting ? (
          <Button variant="soft" onClick={() => onMove("in-progress")} disabled={busy}>
            <PlayIcon /> Start
          </Button>
        ) : null}
        {record.status !== "completed" ? (
          <Button variant="soft" color="green" highContrast onClick={() => onMove("completed")} disabled={busy}>
            <CheckIcon /> Complete
          </Button>
        ) : null}
        <Button variant="soft" color="gray" onClick={onEdit} disabled={busy}>
          <EditIcon /> Edit
        </Button>
        <ConfirmButton
          variant="soft"
          disabled={busy}
          title="Delete this service record?"
          description={`The ${record.serviceType} record for ${customer} on ${formatDate(record.serviceDate)} will be removed for good.`}
          confirmLabel="Delete record"
          onConfirm={onDelete}
        >
          <TrashIcon /> Delete
        </ConfirmButton>
      </Flex>
    </article>
  );
}
