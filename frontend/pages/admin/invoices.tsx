import { Badge, Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { INVOICE_TABS, type InvoiceListItem, type InvoiceTab } from "../../../schema/api/invoices";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { formatDate } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ExportButton } from "../../components/admin/export-button";
import { FilterTabs } from "../../components/admin/filter-tabs";
import { PlusIcon } from "../../components/admin/icons";
import { invoiceStateLabels, invoiceTabLabels } from "../../components/admin/invoices/invoice-labels";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { SearchBox } from "../../components/admin/search-box";
import { useAdminList } from "../../hooks/admin/use-admin-list";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import "../../components/admin/documents/documents.css";

const filterNames = ["q", "status"] as const;
const isTab = (s: string): s is InvoiceTab => (INVOICE_TABS as readonly string[]).includes(s);

/** The tax year so far (6 April to today), the accountant's usual range. */
function taxYear() {
  const today = londonToday();
  const year = Number(today.slice(0, 4));
  const start = today.slice(5) >= "04-06" ? `${year}-04-06` : `${year - 1}-04-06`;
  return { from: start, to: today };
}

/** Invoices, newest change first, by tab (drafts, unpaid, overdue, paid, void) and searched. */
export default function Invoices() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const status = isTab(params.status) ? params.status : "";
  const { items, total, error, hasMore, loadingMore, loadMore, refresh } = useAdminList<InvoiceListItem>("/api/admin/invoices", {
    q: params.q,
    status,
  });
  let list: ReactNode;
  if (items) {
    list =
      items.length === 0 ? (
        <EmptyState
          message={params.q || status ? "No invoice matches." : "No invoice yet: invoice a completed visit or an accepted quote."}
        />
      ) : (
        <div className="admin-list">
          {items.map((item) => (
            <article key={item.id} className="admin-card" aria-label={`Invoice ${item.number ?? "draft"}: ${item.customerName}`}>
              <div className="doc-list-item">
                <Box>
                  <Heading as="h2" size="3">
                    <Link href={`/invoices/${item.id}`} className="admin-heading-link">
                      {item.number ?? "Draft"} · {item.customerName}
                    </Link>
                  </Heading>
                  <Text as="p" size="2" color={item.overdue ? "red" : "gray"}>
                    {item.issueDate
                      ? `issued ${formatDate(item.issueDate)} · due ${formatDate(item.dueDate!)}`
                      : `changed ${formatDate(item.updatedAt)}`}
                  </Text>
                </Box>
                <Flex direction="column" align="end" gap="1">
                  <Badge
                    variant="soft"
                    highContrast
                    color={item.state === "paid" ? "green" : item.overdue ? "red" : item.state === "void" ? "gray" : "amber"}
                  >
                    {item.overdue ? "Overdue" : invoiceStateLabels[item.state]}
                  </Badge>
                  <Text size="2" weight="medium">
                    {item.state === "part-paid"
                      ? `${formatPence(item.balancePence)} of ${formatPence(item.grossPence)}`
                      : formatPence(item.grossPence)}
                  </Text>
                </Flex>
              </div>
            </article>
          ))}
          <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={items.length} total={total} />
        </div>
      );
  } else if (error)
    list = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the invoices.")} onRetry={refresh} />
    );
  else list = <LoadingState label="Loading invoices…" />;
  const range = taxYear();
  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Issued once, paid by card from a link, chased by themselves"
        actions={
          <Flex gap="2" wrap="wrap">
            <ExportButton
              path={`/api/admin/export/invoices.csv?from=${range.from}&to=${range.to}`}
              fileName="invoices"
              kind="csv"
              label="Invoices CSV (tax year)"
            />
            <ExportButton
              path={`/api/admin/export/payments.csv?from=${range.from}&to=${range.to}`}
              fileName="payments"
              kind="csv"
              label="Payments CSV"
            />
            <Button asChild>
              <Link href="/invoices/new">
                <PlusIcon /> New invoice
              </Link>
            </Button>
          </Flex>
        }
      />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <SearchBox label="Search invoices" placeholder="Number, customer or e-mail" />
      </Flex>
      <FilterTabs
        value={status}
        onChange={(v) => setFilters({ status: v })}
        states={INVOICE_TABS}
        labels={invoiceTabLabels}
        label="Invoices by state"
      >
        {list}
      </FilterTabs>
    </>
  );
}
