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
        <Flex gap="2" mt="1">
          <Badge color={entry.kind === "booking" ? "orange" : "blue"}>
            {entry.kind === "booking" ? `Booked online${entry.reference ? ` · ${entry.reference}` : ""}` : "Service record"}
          </Badge>
        </Flex>
      </div>
    </li>
  );
}

/** Monday to Sunday of the week starting `monday`: each day's bookings and scheduled visits in time order. */
export function WeekView({
  monday,
  today,
  onWeek,
  blockedDays = [],
}: {
  monday: string;
  today: string;
  onWeek: (monday: string) => void;
  /** Days the owner blocked: said on the day, so a day with no visits is not taken for a free one. */
  blockedDays?: { date: string; reason: string }[];
}) {
  const week = useWeek(monday);
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
        <div className="calendar-week">
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
                {entries.length === 0 ? (
                  <Text size="2" color="gray">
                    Nothing booked
                  </Text>
                ) : (
                  <ul className="calendar-entries">
                    {entries.map((e) => (
                      <Entry key={`${e.kind}-${e.id}`} entry={e} />
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
