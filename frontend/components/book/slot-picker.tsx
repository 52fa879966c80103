import { Button, Text } from "@radix-ui/themes";
import { type SlotsFor, useSlots } from "../../hooks/use-slots";
import { FactLink } from "../../lib/facts";
import { groupByDay, timeLabel } from "./slots";

type Props = {
  service: SlotsFor;
  day: string | null;
  selected: string | null;
  onDay: (date: string) => void;
  onSlot: (start: string) => void;
};

export function SlotPicker({ service, day, selected, onDay, onSlot }: Props) {
  const { data, error, isLoading, mutate } = useSlots(service);
  if (isLoading || (!data && !error)) {
    return (
      <div className="book-slots book-slots--loading" aria-busy="true">
        <Text size="2" color="gray">
          Finding free times…
        </Text>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="book-slots" role="alert">
        <Text as="p" size="2">
          We couldn't load the free times.{" "}
          <Button variant="ghost" onClick={() => mutate()}>
            Try again
          </Button>{" "}
          or call us on <FactLink to="phone" />.
        </Text>
      </div>
    );
  }
  const days = groupByDay(data);
  if (days.length === 0) {
    return (
      <div className="book-slots">
        <Text as="p" size="2">
          There are no free times online in the next two weeks. Please call us on <FactLink to="phone" /> and we'll find one.
        </Text>
      </div>
    );
  }
  const current = days.find((d) => d.date === day) ?? days[0]!;
  return (
    <div className="book-slots">
      <fieldset className="book-fieldset">
        <legend className="book-legend">Day</legend>
        <div className="book-days">
          {days.map((d) => (
            <button
              key={d.date}
              type="button"
              className="book-chip"
              aria-pressed={d.date === current.date}
              onClick={() => onDay(d.date)}
            >
              {d.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="book-fieldset">
        <legend className="book-legend">Time on {current.label}</legend>
        <div className="book-times">
          {current.slots.map((slot) => (
            <button
              key={slot.start}
              type="button"
              className="book-chip book-chip--time"
              aria-pressed={slot.start === selected}
              onClick={() => onSlot(slot.start)}
            >
              {timeLabel(slot.start)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
