import { Button, Code, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { DiaryEngineer, EngineerHoursInput } from "../../../../schema/api/diary";
import { addDays, londonToday, londonToUtc } from "../../../../schema/london-time";
import { formatDateTime } from "../../../../schema/london-time-text";
import { useEngineerDiary } from "../../../hooks/admin/use-engineers";
import { errorMessage } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
type Weekday = (typeof weekdays)[number];
/** A weekday's choice: the business's hours (no row), a day off, or the engineer's own. */
type DayChoice = { kind: "business" | "off" | "own"; start: string; end: string };

const choicesOf = (e: DiaryEngineer): Record<Weekday, DayChoice> =>
  Object.fromEntries(
    weekdays.map((d) => {
      const own = e.hours[d];
      return [
        d,
        own === undefined
          ? { kind: "business", start: "08:30", end: "17:00" }
          : own === null
            ? { kind: "off", start: "08:30", end: "17:00" }
            : { kind: "own", ...own },
      ];
    }),
  ) as Record<Weekday, DayChoice>;

const failed = (title: string, e: unknown) =>
  notify({ title, description: errorMessage(e, "Please try again."), variant: "destructive" });

/** One engineer's working week: each weekday the business's hours, a day off, or their own. */
function HoursForm({ engineer, onSaved }: { engineer: DiaryEngineer; onSaved: () => unknown }) {
  const { saveHours } = useEngineerDiary(engineer.id, londonToday());
  const [days, setDays] = useState(() => choicesOf(engineer));
  const [saving, setSaving] = useState(false);
  const set = (d: Weekday, change: Partial<DayChoice>) => setDays((all) => ({ ...all, [d]: { ...all[d], ...change } }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const own = weekdays.filter((d) => days[d].kind !== "business");
      const week: EngineerHoursInput = Object.fromEntries(
        own.map((d) => [d, days[d].kind === "off" ? null : { start: days[d].start, end: days[d].end }]),
      );
      await saveHours(week);
      await onSaved();
      notify({ title: "Hours saved", variant: "success" });
    } catch (e) {
      failed("Hours not saved", e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`${engineer.name}'s working week`}>
      {weekdays.map((d) => (
        <div key={d} className="calendar-diary-hours">
          <Text as="label" size="2" weight="medium" htmlFor={`hours-${d}`} style={{ textTransform: "capitalize" }}>
            {d}
          </Text>
          <Select.Root value={days[d].kind} onValueChange={(kind) => set(d, { kind: kind as DayChoice["kind"] })}>
            <Select.Trigger id={`hours-${d}`} aria-label={`${d}: whose hours`} />
            <Select.Content position="popper">
              <Select.Item value="business">Business hours</Select.Item>
              <Select.Item value="own">Own hours</Select.Item>
              <Select.Item value="off">Day off</Select.Item>
            </Select.Content>
          </Select.Root>
          {days[d].kind === "own" ? (
            <>
              <TextField.Root
                type="time"
                aria-label={`${d} from`}
                value={days[d].start}
                onChange={(e) => set(d, { start: e.target.value })}
              />
              <TextField.Root
                type="time"
                aria-label={`${d} to`}
                value={days[d].end}
                onChange={(e) => set(d, { end: e.target.value })}
              />
            </>
          ) : null}
        </div>
      ))}
      <Button type="submit" disabled={saving} mt="2">
        Save {engineer.name}'s hours
      </Button>
    </form>
  );
}

/** Times the engineer is not to be booked (a day off is a whole day), and their own calendar feed. */
function Blocks({ engineer }: { engineer: DiaryEngineer }) {
  const today = londonToday();
  const diary = useEngineerDiary(engineer.id, today);
  const [draft, setDraft] = useState({ date: addDays(today, 1), from: "", to: "", reason: "" });
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      // No times: the whole London day.
      const start = londonToUtc(draft.date, draft.from || "00:00").toISOString();
      const end = draft.to
        ? londonToUtc(draft.date, draft.to).toISOString()
        : londonToUtc(addDays(draft.date, 1), "00:00").toISOString();
      await diary.addBlock({ start, end, reason: draft.reason });
      await diary.blocks.refresh();
      setDraft((d) => ({ ...d, from: "", to: "", reason: "" }));
      notify({ title: "Time blocked", variant: "success" });
    } catch (e) {
      failed("Not blocked", e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Heading as="h3" size="3" mt="4" mb="2">
        Blocked times
      </Heading>
      <ul className="calendar-blocked" aria-label={`${engineer.name}'s blocked times`}>
        {(diary.blocks.data ?? []).map((b) => (
          <li key={b.id}>
            <Text size="2">
              {formatDateTime(b.start)} – {formatDateTime(b.end)}
              {b.reason ? ` · ${b.reason}` : ""}
            </Text>
            <Button
              size="1"
              variant="soft"
              color="red"
              onClick={() =>
                diary
                  .deleteBlock(b.id)
                  .then(diary.blocks.refresh)
                  .catch((e) => failed("Not removed", e))
              }
            >
              Remove
            </Button>
          </li>
        ))}
        {diary.blocks.data?.length === 0 ? (
          <Text size="2" color="gray">
            Nothing blocked in the next two months.
          </Text>
        ) : null}
      </ul>
      <form onSubmit={submit} aria-label={`Block ${engineer.name}'s time`}>
        <Flex gap="2" wrap="wrap" align="end">
          <TextField.Root
            type="date"
            aria-label="Day"
            value={draft.date}
            onChange={(e) => setDraft({ ...draft, date: e.target.value })}
          />
          <TextField.Root
            type="time"
            aria-label="From (empty: all day)"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
          <TextField.Root
            type="time"
            aria-label="To"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
          <TextField.Root
            placeholder="Reason (Holiday, Training)"
            aria-label="Reason"
            value={draft.reason}
            onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
          />
          <Button type="submit" disabled={saving}>
            Block
          </Button>
        </Flex>
        <Text as="p" size="1" color="gray" mt="1">
          Leave the times empty for a day off.
        </Text>
      </form>
      <Heading as="h3" size="3" mt="4" mb="2">
        {engineer.name}'s calendar feed
      </Heading>
      <Text as="p" size="2" color="gray" mb="2">
        Only {engineer.name}'s visits. Give it to them to subscribe to on their phone; keep it private.
      </Text>
      <Code className="calendar-feed-url" data-testid="engineer-feed-url">
        {diary.feed.data?.feedUrl ?? "…"}
      </Code>
    </>
  );
}

/** The owner's and the office's panel for one engineer's diary: their week, blocked times and feed. */
export function EngineerDiary({ engineers, onSaved }: { engineers: DiaryEngineer[]; onSaved: () => unknown }) {
  const [chosen, setChosen] = useState(engineers[0]?.id ?? 1);
  const engineer = engineers.find((e) => e.id === chosen) ?? engineers[0];
  if (!engineer) return null;
  return (
    <section aria-labelledby="engineer-diary" className="admin-card admin-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="4" id="engineer-diary">
          Engineers' hours and blocked times
        </Heading>
        <Select.Root value={String(engineer.id)} onValueChange={(v) => setChosen(Number(v))}>
          <Select.Trigger aria-label="Engineer" />
          <Select.Content position="popper">
            {engineers.map((e) => (
              <Select.Item key={e.id} value={String(e.id)}>
                {e.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <HoursForm key={`${engineer.id}-${JSON.stringify(engineer.hours)}`} engineer={engineer} onSaved={onSaved} />
      <Blocks key={engineer.id} engineer={engineer} />
    </section>
  );
}
