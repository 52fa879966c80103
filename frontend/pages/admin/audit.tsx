import { Button, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useMemo } from "react";
import { Link } from "wouter";
import { AUDIT_KIND_LABELS, AUDIT_KIND_SCREENS, type AuditEntry, type AuditPerson } from "../../../schema/api/audit";
import { AuditEntryItem } from "../../components/admin/audit/audit-entry";
import { PageHeader } from "../../components/admin/page-header";
import { PagedList } from "../../components/admin/paged-list";
import { SearchBox } from "../../components/admin/search-box";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { useAdminList } from "../../hooks/admin/use-admin-list";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import "../../components/admin/audit/audit.css";

const filterNames = ["q", "user", "kind", "record", "from", "to"] as const;
const ANY = "any";
const kinds = Object.entries(AUDIT_KIND_LABELS);

/**
 * /admin/audit (the owner's): who did what in the back office, newest first, by person, kind of
 * record, record number, words of the summary and days; each entry with what changed, for money
 * and documents, and a link to the record where it has a screen. Filters stay in the address.
 */
export default function AuditScreen() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const filters = useMemo(
    () => ({ q: params.q, user: params.user, kind: params.kind, record: params.record, from: params.from, to: params.to }),
    [params.q, params.user, params.kind, params.record, params.from, params.to],
  );
  const list = useAdminList<AuditEntry>("/api/admin/audit", filters);
  const people = useAdminData<AuditPerson[]>("/api/admin/audit/people").data ?? [];
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageHeader title="Who did what" subtitle="Every change made in the back office, newest first, kept six years" />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <SearchBox label="Search what was done" placeholder="Invoice 12, payment, deleted…" />
      </Flex>
      <div className="audit-filters">
        <Filter id="audit-person" label="Person">
          <Select.Root value={params.user || ANY} onValueChange={(v) => setFilters({ user: v === ANY ? "" : v })}>
            <Select.Trigger id="audit-person" />
            <Select.Content position="popper">
              <Select.Item value={ANY}>Everyone</Select.Item>
              {people.map((p) => (
                <Select.Item key={p.id} value={String(p.id)}>
                  {p.status === "removed" ? `${p.name} (removed)` : p.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Filter>
        <Filter id="audit-kind" label="Kind of record">
          <Select.Root value={params.kind || ANY} onValueChange={(v) => setFilters({ kind: v === ANY ? "" : v })}>
            <Select.Trigger id="audit-kind" />
            <Select.Content position="popper">
              <Select.Item value={ANY}>Every kind</Select.Item>
              {kinds.map(([kind, label]) => (
                <Select.Item key={kind} value={kind}>
                  {label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Filter>
        <Filter id="audit-record" label="Record number">
          <TextField.Root
            value={params.record}
            inputMode="numeric"
            id="audit-record"
            onChange={(e) => setFilters({ record: e.target.value.trim() })}
          />
        </Filter>
        <Filter id="audit-from" label="From">
          <TextField.Root
            type="date"
            value={params.from}
            id="audit-from"
            onChange={(e) => setFilters({ from: e.target.value })}
          />
        </Filter>
        <Filter id="audit-to" label="To">
          <TextField.Root type="date" value={params.to} id="audit-to" onChange={(e) => setFilters({ to: e.target.value })} />
        </Filter>
      </div>
      {filtered ? (
        <Flex mb="3">
          <Button variant="ghost" onClick={() => setFilters({ q: "", user: "", kind: "", record: "", from: "", to: "" })}>
            Clear filters
          </Button>
        </Flex>
      ) : null}
      <PagedList
        list={list}
        empty={filtered ? "Nothing matches." : "Nothing done yet: every change made in the back office will be listed here."}
        loading="Loading who did what…"
        failed="Failed to load who did what."
      >
        {(items) => (
          <div className="admin-list">
            {items.map((entry) => (
              <article key={entry.id} className="admin-card" aria-label={entry.summary}>
                <AuditEntryItem entry={entry} />
                <RecordLink entry={entry} />
              </article>
            ))}
          </div>
        )}
      </PagedList>
    </>
  );
}

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="audit-filter">
      <Text as="label" size="2" htmlFor={id}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function RecordLink({ entry }: { entry: AuditEntry }) {
  const screen = entry.recordKind && entry.recordId ? AUDIT_KIND_SCREENS[entry.recordKind] : undefined;
  if (!screen || !entry.recordId || entry.method === "DELETE") return null;
  return (
    <Text size="2">
      <Link href={screen(entry.recordId)}>Open it</Link>
    </Text>
  );
}
