import { Badge, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ReminderKind } from "../../../../schema/api/reminders";
import { formatDate } from "../../../../schema/london-time-text";
import { dueIn, reminderKindLabels } from "./reminder-words";

/**
 * One reminder as a row: who, what (a landlord's certificate stands out), when it is due, and
 * the outcome line the list gives it (will send, sent and how it went, or why it was skipped).
 */
export function ReminderRow({
  customerId,
  customerName,
  email,
  kind,
  dueDate,
  outcome,
}: {
  customerId: number | null;
  customerName: string | null;
  email: string | null;
  kind: ReminderKind;
  dueDate: string;
  outcome: ReactNode;
}) {
  const name = customerName?.trim() || "Customer since deleted";
  const landlord = kind !== "service";
  return (
    <li className="care-row" data-kind={kind}>
      <div className="care-row-main">
        <Text as="div" weight="bold" className="care-row-title">
          {customerId === null ? name : <Link href={`/customers/${customerId}`}>{name}</Link>}
        </Text>
        <Text as="div" size="2" color="gray" className="care-wrap">
          {email || "No e-mail address"}
        </Text>
        <Text as="div" size="2" className="care-row-outcome">
          {outcome}
        </Text>
      </div>
      <div className="care-row-side">
        <Badge color={landlord ? "orange" : "blue"} variant={landlord ? "surface" : "soft"} radius="full" size="2" highContrast>
          {reminderKindLabels[kind]}
        </Badge>
        <Text as="div" size="2">
          Due <strong>{formatDate(`${dueDate}T12:00:00Z`)}</strong>
        </Text>
        <Text as="div" size="1" color="gray">
          {dueIn(dueDate)}
        </Text>
      </div>
    </li>
  );
}
