import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { CalendarEntry } from "../../../../schema/api/bookings";
import { addDays, londonDateOf, mondayOf } from "../../../../schema/london-time";
import { formatClock, formatLongDate } from "../../../../schema/london-time-text";
import { useWeek } from "../../../hooks/admin/use-calendar";
import { ErrorState, LoadingState } from "../admin-states";

/** "Tuesday 1 December" (the year is in the week's own heading). */
const dayHeading = (date: string) => formatLongDate(date).replace(/ \d{4}$/, "");
const timeOf = formatClock;
const dateOf = londonDateOf;

function Entry({ entry }: { entry: CalendarEntry }) {
  // A visit opens its service record; a booking without one (it was deleted) finds the customer's.
  const href = entry.serviceRecordId
    ? `/service-records?record=${entry.serviceRecordId}`
    : `/service-records?q=${encodeURIComponent(entry.customerName ?? entry.title)}`;
  return (
    <li className="calendar-entry">
      <Text size="2" weight="bold" className="calendar-entry__time">
        {entry.allDay ? "All day" : `${timeOf(entry.start)}–${timeOf(entry.end)}`}
      </Text>
      <div className="calendar-entry__body">
        <Link href={href} className="calendar-entry__title">
          {entry.title}
        </Link>
        <Text as="div" size="2" color="gray">
          {[entry.customerName, entry.postcode].filter(Boolean).join(" · ")}
        </Text>
        {entry.engineers.length > 1 ? (
          <Text as="div" size="1" color="gray">
            With {entry.engineers.map((e) => e.name).join(" and ")}
          </Text>
        ) : null}
        <Flex gap="2" mt="1">
          <Badge color={entry.kind === "booking" ? "orange" : "blue"}>
            {entry.kind === "booking" ? `Booked online${entry.reference ? ` · ${entry.reference}` : ""}` : "Service record"}
          </Badge>
          {entry.confirmedAt ? <Badge color="green">Confirmed by text</Badge> : null}
        </Flex>
      </div>
    </li>
  );
}

type Lane = { id: number; name: string };

/** A day's visits, one list per engineer (a two-person job under each of them). */
function Lanes({ entries, lanes }: { entries: CalendarEntry[]; lanes: Lane[] }) {
  // A visit with nobody on it (written before the team, straight into the table) is shown apart, not lost.
  const nobody = entries.filter((e) => e.engineers.length === 0);
  const all = lanes.length === 0 ? [{ id: -1, name: "" }] : nobody.length > 0 ? [...lanes, { id: 0, name: "Nobody yet" }] : lanes;
  return (
    <div className="calendar-lanes" style={{ "--lanes": all.length } as React.CSSProperties}>
      {all.map((lane) => {
        const own =
          lane.id === -1
            ? entries
            : lane.id === 0
              ? nobody
              : entries.filter((e) => e.engineers.some((who) => who.id === lane.id));
        return (
          <section key={lane.id} className="calendar-lane" aria-label={lane.name}>
            {all.length > 1 ? <h4 className="calendar-lane__name">{lane.name}</h4> : null}
            {own.length === 0 ? (
              <Text size="2" color="gray">
                Nothing booked
              </Text>
            ) : (
              <ul className="calendar-entries">
                {own.map((e) => (
                  <Entry key={`${e.kind}-${e.id}`} entry={e} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * Monday to Sunday of the week starting `monday`: each day's bookings and scheduled visits in time
 * order, the engineers side by side (one row each on a phone); with more than one engineer the
 * days run down the page so each has the width for its engineers.
 */
export function WeekView({
  monday,
  today,
  onWeek,
  blockedDays = [],
  engineers,
  engineer,
}: {
  monday: string;
  today: string;
  onWeek: (monday: string) => void;
  /** Days the owner blocked: said on the day, so a day with no visits is not taken for a free one. */
  blockedDays?: { date: string; reason: string }[];
  /** The diary's engineers (its lanes). */
  engineers: Lane[];
  /** Only this engineer's visits. */
  engineer?: number;
}) {
  const week = useWeek(monday, engineer);
  const lanes = engineer ? engineers.filter((e) => e.id === engineer) : engineers;
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return (
    <section aria-labelledby="calendar-week" className="admin-card admin-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="4" id="calendar-week">
          Week of {dayHeading(monday)}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" onClick={() => onWeek(addDays(monday, -7))}>
            Previous week
          </Button>
          <Button variant="soft" onClick={() => onWeek(mondayOf(today))}>
            This week
          </Button>
          <Button variant="soft" onClick={() => onWeek(addDays(monday, 7))}>
            Next week
          </Button>
        </Flex>
      </Flex>
      {week.error ? (
        <ErrorState message="Failed to load the week." onRetry={week.refresh} />
      ) : !week.data ? (
        <LoadingState label="Loading the week…" />
      ) : (
        <div className={`calendar-week${lanes.length > 1 ? " calendar-week--lanes" : ""}`}>
          {days.map((date) => {
            const entries = week.data!.filter((e) => dateOf(e.start) === date);
            const blocked = blockedDays.find((b) => b.date === date);
            return (
              <div
                key={date}
                className={`calendar-day${blocked ? " calendar-day--blocked" : ""}`}
                aria-current={date === today ? "date" : undefined}
              >
                <h3 className="calendar-day__title">{dayHeading(date)}</h3>
                {blocked ? (
                  <Badge color="red" variant="soft" className="calendar-day__blocked">
                    Blocked{blocked.reason ? `: ${blocked.reason}` : ""}
                  </Badge>
                ) : null}
                <Lanes entries={entries} lanes={lanes} />
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
