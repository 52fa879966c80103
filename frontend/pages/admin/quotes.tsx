import { Badge, Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { QUOTE_STATUSES, type QuoteListItem, type QuoteStatus } from "../../../schema/api/quotes";
import { formatPence } from "../../../schema/format";
import { formatDate } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FilterTabs } from "../../components/admin/filter-tabs";
import { PlusIcon } from "../../components/admin/icons";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { quoteStatusLabels } from "../../components/admin/quotes/quote-labels";
import { SearchBox } from "../../components/admin/search-box";
import { useAdminList } from "../../hooks/admin/use-admin-list";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import "../../components/admin/documents/documents.css";

const filterNames = ["q", "status"] as const;
const isStatus = (s: string): s is QuoteStatus => (QUOTE_STATUSES as readonly string[]).includes(s);

/** Quotes, newest change first, by state and searched by number, title or customer. */
export default function Quotes() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const status = isStatus(params.status) ? params.status : "";
  const { items, total, error, hasMore, loadingMore, loadMore, refresh } = useAdminList<QuoteListItem>("/api/admin/estimates", {
    q: params.q,
    status,
  });
  let list: ReactNode;
  if (items) {
    list =
      items.length === 0 ? (
        <EmptyState
          message={params.q || status ? "No quote matches." : "No quote yet: start one from a customer or an enquiry."}
        />
      ) : (
        <div className="admin-list">
          {items.map((item) => (
            <article key={item.id} className="admin-card" aria-label={`Quote ${item.number ?? "draft"}: ${item.title}`}>
              <div className="doc-list-item">
                <Box>
                  <Heading as="h2" size="3">
                    <Link href={`/estimates/${item.id}`} className="admin-heading-link">
                      {item.number ?? "Draft"} · {item.title}
                    </Link>
                  </Heading>
                  <Text as="p" size="2" color="gray">
                    {item.customerName} ·{" "}
                    {item.sentAt ? `sent ${formatDate(item.sentAt)}` : `changed ${formatDate(item.updatedAt)}`}
                  </Text>
                </Box>
                <Flex direction="column" align="end" gap="1">
                  <Badge
                    variant="soft"
                    highContrast
                    color={
                      item.status === "accepted"
                        ? "green"
                        : item.status === "declined" || item.status === "expired"
                          ? "red"
                          : "gray"
                    }
                  >
                    {quoteStatusLabels[item.status]}
                  </Badge>
                  <Text size="2" weight="medium">
                    {item.fromPence === item.toPence
                      ? formatPence(item.fromPence)
                      : `${formatPence(item.fromPence)} to ${formatPence(item.toPence)}`}
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
      <ErrorState message={errorMessage(error, "Failed to load the quotes.")} onRetry={refresh} />
    );
  else list = <LoadingState label="Loading quotes…" />;
  return (
    <>
      <PageHeader
        title="Quotes"
        subtitle="Quotes with prices, sent as a link the customer accepts online"
        actions={
          <Button asChild>
            <Link href="/estimates/new">
              <PlusIcon /> New quote
            </Link>
          </Button>
        }
      />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <SearchBox label="Search quotes" placeholder="Number, title or customer" />
      </Flex>
      <FilterTabs
        value={status}
        onChange={(v) => setFilters({ status: v })}
        states={QUOTE_STATUSES}
        labels={quoteStatusLabels}
        label="Quotes by state"
      >
        {list}
      </FilterTabs>
    </>
  );
}
