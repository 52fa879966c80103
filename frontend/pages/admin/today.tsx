import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "wouter";
import type { TodayAnswer, TodayVisit } from "../../../schema/api/visits";
import { formatPence } from "../../../schema/format";
import { addDays, londonToday } from "../../../schema/london-time";
import { formatDate, formatDayAndMonth, formatTime } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { PageHeader } from "../../components/admin/page-header";
import { JobSheet } from "../../components/admin/visits/job-sheet";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";

const isDate = (s: string | null): s is string => s !== null && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * /admin/today: the engineer's day on a phone. The visits in time order, each with the customer to
 * call, the address to open in the phone's maps, the appliances, what was done last time and what
 * is owed, and the job sheet; yesterday and tomorrow a tap away.
 */
export default function Today() {
  const [params] = useSearchParams();
  const date = isDate(params.get("date")) ? params.get("date")! : londonToday();
  const { data, error, refresh } = useAdminData<TodayAnswer>(`/api/admin/today?date=${date}`);
  const day = (offset: number) => `/today?date=${addDays(date, offset)}`;
  let body: ReactNode;
  if (data) {
    body =
      data.visits.length === 0 ? (
        <EmptyState message="No visits on this day." />
      ) : (
        <ol className="admin-list admin-today" aria-label={`Visits on ${formatDate(date)}`}>
          {data.visits.map((visit) => (
            <li key={visit.id}>
              <Visit visit={visit} onSynced={refresh} />
            </li>
          ))}
        </ol>
      );
  } else if (error) {
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the day.")} onRetry={refresh} />
    );
  } else body = <LoadingState label="Loading the day…" />;
  return (
    <>
      <PageHeader
        title={date === londonToday() ? "Today" : formatDayAndMonth(`${date}T12:00:00Z`)}
        subtitle={date === londonToday() ? formatDayAndMonth(`${date}T12:00:00Z`) : undefined}
        actions={
          <Flex gap="2">
            <Button asChild variant="soft" color="gray">
              <Link href={day(-1)}>Previous day</Link>
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link href={day(1)}>Next day</Link>
            </Button>
          </Flex>
        }
      />
      {body}
    </>
  );
}

function Visit({ visit, onSynced }: { visit: TodayVisit; onSynced: () => unknown }) {
  const [open, setOpen] = useState(visit.status === "in-progress");
  const phone = visit.customer?.phone;
  return (
    <article className="admin-card" aria-label={`Visit: ${visit.serviceType}${visit.customer ? `, ${visit.customer.name}` : ""}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Text as="p" size="2" color="gray">
            {visit.start && visit.end ? `${formatTime(visit.start)}–${formatTime(visit.end)}` : "Time to be agreed"}
          </Text>
          <Heading as="h2" size="4">
            {visit.serviceType}
            {visit.customer ? ` · ${visit.customer.name}` : ""}
          </Heading>
        </div>
        <Badge
          variant="soft"
          highContrast
          color={visit.status === "completed" ? "green" : visit.status === "in-progress" ? "amber" : "gray"}
        >
          {visit.status === "in-progress" ? "On site" : visit.status === "completed" ? "Done" : "Booked"}
        </Badge>
      </Flex>
      <Flex direction="column" gap="1" mt="2">
        {visit.address ? (
          <Text size="2">
            <a href={visit.mapsUrl!} target="_blank" rel="noopener">
              {visit.address}
            </a>
          </Text>
        ) : null}
        {phone ? (
          <Text size="2">
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>Call {phone}</a>
          </Text>
        ) : null}
        {visit.appliances.length ? (
          <Text size="2">
            {visit.appliances.map((a) => `${a.location}: ${[a.make, a.model].filter(Boolean).join(" ") || a.type}`).join(" · ")}
          </Text>
        ) : null}
        {visit.lastVisit ? (
          <Text size="2" color="gray">
            Last visit {formatDate(visit.lastVisit.date)} ({visit.lastVisit.serviceType})
            {visit.lastVisit.notes ? `: ${visit.lastVisit.notes}` : ""}
          </Text>
        ) : null}
        {visit.owedPence > 0 ? (
          <Text size="2" color="red" weight="medium">
            Owes {formatPence(visit.owedPence)} on invoices
          </Text>
        ) : null}
        {visit.description ? <Text size="2">{visit.description}</Text> : null}
      </Flex>
      {open ? (
        <JobSheet key={visit.version} visit={visit} onSynced={onSynced} />
      ) : (
        <Flex justify="end" mt="3">
          <Button onClick={() => setOpen(true)}>{visit.sheet ? "Open the job sheet" : "Start the job sheet"}</Button>
        </Flex>
      )}
    </article>
  );
}
