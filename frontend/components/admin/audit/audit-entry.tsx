import { Flex, Text } from "@radix-ui/themes";
import type { AuditEntry, AuditSnapshot } from "../../../../schema/api/audit";
import { formatPence } from "../../../../schema/format";
import { formatDateTime } from "../../../../schema/london-time-text";
import "./audit.css";

/** "paidPence" → "paid", "nextDueDate" → "next due date". */
const fieldName = (key: string) =>
  key
    .replace(/Pence$/, "")
    .replace(/([A-Z])/g, " $1")
    .toLowerCase();

/** Yes-or-no columns, which SQLite's JSON gives as 1 and 0. */
const YES_NO = new Set(["chase", "inStock"]);

const isEmpty = (value: AuditSnapshot[string] | undefined) => value === null || value === undefined || value === "";

function shown(key: string, value: AuditSnapshot[string] | undefined): string {
  if (isEmpty(value)) return "none";
  if (YES_NO.has(key)) return value ? "yes" : "no";
  if (typeof value === "number" && key.endsWith("Pence")) return formatPence(value);
  if (typeof value === "object") return "(changed)";
  return String(value);
}

/** What changed between before and after, field by field; a new record's fields that were set. */
export function auditChanges(entry: Pick<AuditEntry, "before" | "after">): { field: string; from: string | null; to: string }[] {
  const { before, after } = entry;
  if (!after) return [];
  return Object.keys(after)
    .filter((key) => key !== "updatedAt" && key !== "linkVersion")
    .filter((key) => (before ? JSON.stringify(before[key]) !== JSON.stringify(after[key]) : !isEmpty(after[key])))
    .map((key) => ({ field: fieldName(key), from: before ? shown(key, before[key]) : null, to: shown(key, after[key]) }));
}

/** One entry: what was done, by whom and when, and for money and documents what changed. */
export function AuditEntryItem({ entry, showRecord = true }: { entry: AuditEntry; showRecord?: boolean }) {
  const changes = auditChanges(entry);
  return (
    <Flex direction="column" gap="1" className="audit-entry">
      <Text weight="medium">{showRecord ? entry.summary : entry.summary.replace(/^[^:]*: /, "")}</Text>
      <Text size="2" color="gray">
        {entry.userName} · {formatDateTime(entry.at)}
        {entry.status === 403 ? " · refused" : ""}
      </Text>
      {changes.length ? (
        <ul className="audit-changes" aria-label="What changed">
          {changes.map((c) => (
            <li key={c.field}>
              <Text size="2">
                {c.field}: {c.from === null ? c.to : `${c.from} → ${c.to}`}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
