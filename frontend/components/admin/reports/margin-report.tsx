import { Box, Card, Flex, Grid, Heading, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "wouter";
import { type MarginJob, type MarginReport, type MarginSums, withoutCostText } from "../../../../schema/api/reports-margin";
import { formatPence } from "../../../../schema/format";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";
import { monthName } from "./takings-report";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

/**
 * Jobs' margins: what each month's jobs were invoiced (net, less credit notes), what their parts cost
 * and what is left, then one month's jobs, the lowest margin first, each a tap away. Parts without a
 * cost price are named, not counted as free.
 */
export function MarginSection({ query }: { query: string }) {
  const report = useAdminData<MarginReport>(`/api/admin/reports/margin${query}`);
  return (
    <section aria-labelledby="margin-heading">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="margin-heading">
          Job margins
        </Heading>
        <ExportButton path={`/api/admin/reports/margin.csv${query}`} fileName="job-margins" />
      </Flex>
      {report.data ? (
        <Margins report={report.data} />
      ) : report.error ? (
        isUnauthorized(report.error) ? null : (
          <ErrorState message={errorMessage(report.error, "Failed to load the job margins.")} onRetry={report.refresh} />
        )
      ) : (
        <LoadingState label="Costing the jobs…" />
      )}
    </section>
  );
}

function Margins({ report }: { report: MarginReport }) {
  if (report.totals.jobCount === 0) return <EmptyState message="No job was invoiced in these months." />;
  return (
    <>
      <MarginTiles sums={report.totals} />
      <div className="admin-report-scroll">
        <table className="admin-report-table" aria-label="Job margins by month">
          <thead>
            <tr>
              <th scope="col">Invoiced in</th>
              <th scope="col">Revenue</th>
              <th scope="col">Parts at cost</th>
              <th scope="col">Margin</th>
            </tr>
          </thead>
          <tbody>
            {report.months.map((m) => (
              <MonthRow key={m.month} label={monthName(m.month)} sums={m} />
            ))}
          </tbody>
          <tfoot>
            <MonthRow label="In all" sums={report.totals} />
          </tfoot>
        </table>
      </div>
      <MonthJobs report={report} />
    </>
  );
}

function MarginTiles({ sums }: { sums: MarginSums }) {
  const tiles = [
    ["Revenue, net", formatPence(sums.revenuePence)],
    ["Parts at cost", formatPence(sums.partsCostPence)],
    ["Margin", formatPence(sums.marginPence)],
    ["Margin rate", percent(sums.marginRate)],
  ] as const;
  const unknown = withoutCostText(sums.partsWithoutCost);
  return (
    <Box mb="4">
      <Grid columns={{ initial: "2", sm: "4" }} gap="3" role="list" aria-label="Job margins in all">
        {tiles.map(([label, value]) => (
          <Card key={label} role="listitem">
            <Text as="p" size="2" color="gray">
              {label}
            </Text>
            <Text as="p" size="5" weight="bold">
              {value}
            </Text>
          </Card>
        ))}
      </Grid>
      {unknown && (
        <Text as="p" size="2" color="amber" mt="2">
          {unknown}: give those products a cost price for a true margin (it is lower than shown).
        </Text>
      )}
    </Box>
  );
}

function MonthRow({ label, sums }: { label: string; sums: MarginSums }) {
  const unknown = withoutCostText(sums.partsWithoutCost);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatPence(sums.revenuePence)}</td>
      <td>
        {formatPence(sums.partsCostPence)}
        {unknown && <span className="admin-report-note">+ {unknown}</span>}
      </td>
      <td>
        {formatPence(sums.marginPence)}
        {sums.marginRate !== null && <span className="admin-report-note">{percent(sums.marginRate)}</span>}
      </td>
    </tr>
  );
}

/** One month's jobs (the latest with any unless chosen), the lowest margin first. */
function MonthJobs({ report }: { report: MarginReport }) {
  const withJobs = report.months.filter((m) => m.jobCount > 0).reverse();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = withJobs.find((m) => m.month === chosen) ?? withJobs[0]!;
  return (
    <Box mt="4">
      <Flex align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h3" size="3" id="margin-jobs-heading">
          Jobs invoiced in
        </Heading>
        <Select.Root value={month.month} onValueChange={setChosen}>
          <Select.Trigger aria-label="Jobs invoiced in which month" />
          <Select.Content position="popper">
            {withJobs.map((m) => (
              <Select.Item key={m.month} value={m.month}>
                {monthName(m.month)} ({m.jobCount} {m.jobCount === 1 ? "job" : "jobs"})
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {month.jobCount > month.jobs.length && (
        <Text as="p" size="2" color="gray" mb="2">
          The {month.jobs.length} lowest margins of {month.jobCount} jobs; every job is in the CSV.
        </Text>
      )}
      <div className="admin-list">
        {month.jobs.map((job) => (
          <JobMargin key={job.jobId} job={job} />
        ))}
      </div>
    </Box>
  );
}

function JobMargin({ job }: { job: MarginJob }) {
  const unknown = withoutCostText(job.partsWithoutCost);
  return (
    <article className="admin-card" aria-label={`Job ${job.jobId}: margin ${formatPence(job.marginPence)}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Box minWidth="0">
          <Heading as="h4" size="3">
            <Link href={`/jobs/${job.jobId}`} className="admin-heading-link">
              {job.title} · Job {job.jobId}
            </Link>
          </Heading>
          <Text as="p" size="2" color="gray">
            {job.customer}
          </Text>
        </Box>
        <Box style={{ textAlign: "right" }}>
          <Text as="p" size="4" weight="bold">
            {formatPence(job.marginPence)}
          </Text>
          <Text as="p" size="2" color="gray">
            {percent(job.marginRate)} margin
          </Text>
        </Box>
      </Flex>
      <Text as="p" size="2" mt="2">
        Revenue {formatPence(job.revenuePence)} · parts at cost {formatPence(job.partsCostPence)}
        {unknown && (
          <Text color="amber" weight="medium">
            {" "}
            · {unknown}
          </Text>
        )}
      </Text>
    </article>
  );
}
