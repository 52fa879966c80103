import { Badge, Button, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { AdminCustomer, TimelineEntry } from "../../../../schema/api/customers";
import { formatDate } from "../../../../schema/london-time-text";
import { EmptyState } from "../admin-states";

const kindLabels: Record<TimelineEntry["kind"], string> = {
  quote: "Enquiry",
  order: "Order",
  service: "Service visit",
  chat: "Chat",
  subscription: "Deals list",
  merge: "Merged",
  text: "Text message",
};

/**
 * Everything the business has had with one customer, newest first, each entry leading where it can:
 * a quote to the quotes found by their e-mail, an order to the orders found by its number, the deals
 * list to their subscription, a service visit to its form (`onOpenRecord`).
 */
export function CustomerTimeline({
  customer,
  entries,
  onOpenRecord,
}: {
  customer: AdminCustomer;
  entries: TimelineEntry[];
  onOpenRecord: (id: number) => void;
}) {
  if (entries.length === 0) return <EmptyState message="Nothing on file with this customer yet." />;
  // Quotes and the deals list are found by e-mail; a phone-only customer's by their phone.
  const email = encodeURIComponent(customer.email ?? customer.phone ?? "");
  const heading = (entry: TimelineEntry): ReactNode => {
    switch (entry.kind) {
      case "quote":
        return <Link href={`/quotes?q=${email}&state=all`}>{entry.title}</Link>;
      case "order":
        return <Link href={`/orders?q=${encodeURIComponent(entry.ref ?? "")}`}>{entry.title}</Link>;
      case "subscription":
        return <Link href={`/email-subscribers?q=${email}`}>{entry.title}</Link>;
      case "service":
        return entry.ref ? (
          <Button variant="ghost" size="2" className="admin-timeline-button" onClick={() => onOpenRecord(Number(entry.ref))}>
            {entry.title}
          </Button>
        ) : (
          entry.title
        );
      default:
        return entry.title;
    }
  };
  return (
    <ol className="admin-timeline" aria-label="Timeline, newest first">
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.ref ?? entry.at}`} className={`admin-timeline-item admin-timeline-${entry.kind}`}>
          <Text as="div" size="1" color="gray">
            <time dateTime={entry.at}>{formatDate(entry.at)}</time> · {kindLabels[entry.kind]}
          </Text>
          <Text as="div" size="2" weight="medium" className="admin-timeline-title">
            {heading(entry)}
          </Text>
          {entry.detail ? (
            <Text as="div" size="2" color="gray" className="admin-clamp admin-wrap-anywhere">
              {entry.detail}
            </Text>
          ) : null}
          {entry.status ? (
            <Badge variant="soft" color="gray" radius="full" mt="1">
              {entry.status.replace(/_/g, " ")}
            </Badge>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
