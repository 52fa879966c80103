import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { JobSummary } from "../../../../schema/api/jobs";
import { formatDate } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { ErrorState, LoadingState } from "../admin-states";
import { JobStateBadge } from "./job-state";

/** The customer page's jobs: each with its place and state, opening the job's own screen. */
export function CustomerJobs({ customerId }: { customerId: number }) {
  const { data, error, refresh } = useAdminData<JobSummary[]>(`/api/admin/customers/${customerId}/jobs`);
  return (
    <section className="admin-customer-jobs" aria-labelledby="customer-jobs">
      <Heading as="h2" size="4" id="customer-jobs" mb="3">
        Jobs{data ? ` (${data.length})` : ""}
      </Heading>
      {error ? (
        isUnauthorized(error) ? null : (
          <ErrorState message={errorMessage(error, "Failed to load the jobs.")} onRetry={refresh} />
        )
      ) : !data ? (
        <LoadingState label="Loading the jobs…" />
      ) : data.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No jobs yet: a visit booked or a quote accepted makes one.
        </Text>
      ) : (
        <ul className="admin-jobs">
          {data.map((job) => (
            <li key={job.id}>
              <Card asChild>
                <Link href={`/jobs/${job.id}`}>
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <span>
                      <Text weight="medium">{job.title}</Text>
                      <Text as="p" size="2" color="gray">
                        {[job.place, `started ${formatDate(job.createdAt)}`].filter(Boolean).join(" · ")}
                      </Text>
                    </span>
                    <JobStateBadge state={job.state} />
                  </Flex>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
