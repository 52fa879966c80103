import { Card, Heading, Text } from "@radix-ui/themes";
import { formatDateTime } from "../../../../schema/london-time-text";
import "./documents.css";

/** A document's history, oldest first: what happened, when, and any detail. */
export function DocumentHistory({
  events,
  labels,
  mt = "4",
}: {
  events: readonly { at: string; kind: string; detail: string | null }[];
  labels: Readonly<Record<string, string>>;
  mt?: "4" | "5";
}) {
  return (
    <Card className="admin-panel" mt={mt}>
      <Heading as="h2" size="4" mb="2">
        History
      </Heading>
      <ol className="doc-history">
        {events.map((ev) => (
          <li key={`${ev.at}-${ev.kind}-${ev.detail}`}>
            <Text weight="medium">{labels[ev.kind] ?? ev.kind}</Text> {formatDateTime(ev.at)}
            {ev.detail ? <Text color="gray"> · {ev.detail}</Text> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
