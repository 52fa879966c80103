import { Badge, Box, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { GAS_LIST_DUE_DAYS, type GasSafetyListItem } from "../../../schema/api/gas-safety-list";
import { formatDate } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FilterTabs } from "../../components/admin/filter-tabs";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { SearchBox } from "../../components/admin/search-box";
import { useAdminList } from "../../hooks/admin/use-admin-list";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import "../../components/admin/documents/documents.css";

const filterNames = ["q", "tab"] as const;
/** The tabs beside "All" (the API's `tab`; All is its default). */
const TABS = ["due", "drafts"] as const;
type Tab = (typeof TABS)[number];
const tabLabels: Record<Tab, string> = { due: `Due in ${GAS_LIST_DUE_DAYS} days`, drafts: "Drafts" };
const isTab = (s: string): s is Tab => (TABS as readonly string[]).includes(s);

/** How near the deadline is, in words and colour: past it red, within the Due tab's days amber. */
function deadline(item: GasSafetyListItem): { label: string; color: "red" | "amber" | "gray" | "green" } {
  if (item.status === "draft") return { label: "Draft", color: "gray" };
  if (!item.isLatest) return { label: "Superseded", color: "gray" };
  const days = item.daysLeft;
  if (days === null) return { label: "Issued", color: "green" };
  if (days < 0) return { label: `Overdue ${-days} day${days === -1 ? "" : "s"}`, color: "red" };
  if (days === 0) return { label: "Due today", color: "red" };
  if (days <= GAS_LIST_DUE_DAYS) return { label: `Due in ${days} day${days === 1 ? "" : "s"}`, color: "amber" };
  return { label: "Issued", color: "green" };
}

function RecordRow({ item }: { item: GasSafetyListItem }) {
  const due = deadline(item);
  const place = item.address ?? "No property";
  return (
    <article className="admin-card" aria-label={`Gas safety record ${item.number ?? "draft"}: ${place}`}>
      <div className="doc-list-item">
        <Box minWidth="0">
          <Heading as="h2" size="3">
            <Link href={`/gas-safety-records/${item.id}`} className="admin-heading-link">
              {item.number ?? "Draft"} · {place}
            </Link>
          </Heading>
          <Text as="p" size="2" color="gray">
            {[item.postcode, item.customerName, item.tenantName && `tenant ${item.tenantName}`].filter(Boolean).join(" · ")}
          </Text>
          <Text as="p" size="2" color="gray">
            checked {formatDate(item.checkDate)}
            {item.nextDueDate ? ` · next due ${formatDate(item.nextDueDate)}` : ""}
          </Text>
        </Box>
        <Flex direction="column" align="end" gap="1">
          <Badge variant="soft" highContrast color={due.color}>
            {due.label}
          </Badge>
          {item.hasWarning ? (
            <Badge variant="soft" highContrast color="orange">
              Warning notice
            </Badge>
          ) : null}
        </Flex>
      </div>
    </article>
  );
}

/**
 * /admin/gas-safety: every landlord gas safety record, newest check first; the ones due (each
 * property's latest, its deadline within the Due tab's days or past, soonest first); the drafts.
 * Searched by number, landlord, address or postcode; each opens the record.
 */
export default function GasSafetyRecords() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const tab = isTab(params.tab) ? params.tab : "";
  const { items, total, error, hasMore, loadingMore, loadMore, refresh } = useAdminList<GasSafetyListItem>(
    "/api/admin/gas-safety-records",
    { q: params.q, tab },
  );
  let list: ReactNode;
  if (items) {
    list =
      items.length === 0 ? (
        <EmptyState
          message={
            params.q || tab
              ? "No gas safety record matches."
              : "No gas safety record yet: the engineer fills one in at a landlord's visit."
          }
        />
      ) : (
        <div className="admin-list">
          {items.map((item) => (
            <RecordRow key={item.id} item={item} />
          ))}
          <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={items.length} total={total} />
        </div>
      );
  } else if (error)
    list = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the gas safety records.")} onRetry={refresh} />
    );
  else list = <LoadingState label="Loading gas safety records…" />;
  return (
    <>
      <PageHeader title="Gas safety records" subtitle="Landlords' certificates, and the checks coming due" />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <SearchBox label="Search gas safety records" placeholder="Number, landlord, address or postcode" />
      </Flex>
      <FilterTabs
        value={tab}
        onChange={(v) => setFilters({ tab: v })}
        states={TABS}
        labels={tabLabels}
        label="Gas safety records by tab"
      >
        {list}
      </FilterTabs>
    </>
  );
}
