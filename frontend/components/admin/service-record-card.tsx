import { Flex, Heading, Text } from "@radix-ui/themes";
import type { AdminServiceRecord } from "../../../schema/api/admin";
import { formatPrice } from "../../../schema/format";
import { ConfirmButton } from "./confirm-button";
import { formatServiceDate } from "./dates";
import { TrashIcon } from "./icons";
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

export function ServiceRecordCard({
  record,
  busy,
  onDelete,
}: {
  record: AdminServiceRecord;
  busy: boolean;
  onDelete: () => void;
}) {
  const customer = record.customerName ?? "Unknown Customer";
  const details: [string, string | null][] = [
    ["Service date", formatServiceDate(record.serviceDate)],
    ["Technician", record.technicianName],
    ["Cost", record.cost === null ? null : formatPrice(record.cost)],
    ["Contact", record.customerEmail],
    ["Next service due", record.nextServiceDue ? formatServiceDate(record.nextServiceDue) : null],
  ];
  const notes: [string, string | null][] = [
    ["Work completed", record.workCompleted],
    ["Parts used", record.partsUsed],
    ["Description", record.description],
    ["Notes", record.notes],
  ];
  return (
    <article className="admin-card admin-record" aria-label={`Service record: ${customer}, ${record.serviceType}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {customer}
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
                    {value}
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
      <Flex justify="end" mt="4">
        <ConfirmButton
          variant="soft"
          disabled={busy}
          title="Delete this service record?"
          description={`The ${record.serviceType} record for ${customer} on ${formatServiceDate(record.serviceDate)} will be removed for good.`}
          confirmLabel="Delete record"
          onConfirm={onDelete}
        >
          <TrashIcon /> Delete
        </ConfirmButton>
      </Flex>
    </article>
  );
}
