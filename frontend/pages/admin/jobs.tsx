import { Box, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { type JobState, type JobSummary, jobStates } from "../../../schema/api/jobs";
import { formatDate } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FilterTabs } from "../../components/admin/filter-tabs";
import { JobStateBadge, jobStateLabels } from "../../components/admin/jobs/job-state";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { SearchBox } from "../../components/admin/search-box";
import { useAdminList } from "../../hooks/admin/use-admin-list";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import "../../components/admin/documents/documents.css";

const filterNames = ["q", "state"] as const;
const isState = (s: string): s is JobState => (jobStates as readonly string[]).includes(s);

/**
 * /admin/jobs: every job, newest first (docs/decisions/023-the-job.md), by state and searched by
 * customer, address, postcode, what the work is or the job's number; each opens its thread.
 */
export default function Jobs() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const state = isState(params.state) ? params.state : "";
  const { items, total, error, hasMore, loadingMore, loadMore, refresh } = useAdminList<JobSummary>("/api/admin/jobs", {
    q: params.q,
    state,
  });
  let list: ReactNode;
  if (items) {
    list =
      items.length === 0 ? (
        <EmptyState
          message={
            params.q || state ? "No job matches." : "No job yet: a job starts with a quote, a booking or a visit the owner adds."
          }
        />
      ) : (
        <div className="admin-list">
          {items.map((job) => (
            <article key={job.id} className="admin-card" aria-label={`Job ${job.id}: ${job.title}`}>
              <div className="doc-list-item">
                <Box>
                  <Heading as="h2" size="3">
                    <Link href={`/jobs/${job.id}`} className="admin-heading-link">
                      {job.title}
                    </Link>
                  </Heading>
                  <Text as="p" size="2" color="gray">
                    {[job.customerName, job.place].filter(Boolean).join(" · ") || "No customer"}
                  </Text>
                </Box>
                <Flex direction="column" align="end" gap="1">
                  <JobStateBadge state={job.state} />
                  <Text size="1" color="gray">
                    Job {job.id} · {formatDate(job.createdAt)}
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
      <ErrorState message={errorMessage(error, "Failed to load the jobs.")} onRetry={refresh} />
    );
  else list = <LoadingState label="Loading jobs…" />;
  return (
    <>
      <PageHeader title="Jobs" subtitle="Every piece of work, from its enquiry to paid" />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <SearchBox label="Search jobs" placeholder="Customer, address, postcode, work or number" />
      </Flex>
      <FilterTabs
        value={state}
        onChange={(v) => setFilters({ state: v })}
        states={jobStates}
        labels={jobStateLabels}
        label="Jobs by state"
      >
        {list}
      </FilterTabs>
    </>
  );
}
