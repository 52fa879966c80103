import { Button, Checkbox, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import {
  type BookableService,
  bookableServiceLabels,
  type CalendarSettings,
  type CalendarSettingsInput,
  calendarSettingsSchema,
} from "../../../../schema/api/bookings";
import { londonToday } from "../../../../schema/london-time";
import { formatLongDate } from "../../../../schema/london-time-text";
import { errorMessage } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
type Weekday = (typeof weekdays)[number];
const services = Object.keys(bookableServiceLabels) as BookableService[];

type Draft = {
  hours: Record<Weekday, { open: boolean; start: string; end: string }>;
  slotMinutes: Record<BookableService, string>;
  minNoticeDays: string;
  maxDaysAhead: string;
  blockedDays: { date: string; reason: string }[];
  outwardCodes: string;
};

const draftOf = (s: CalendarSettings): Draft => ({
  hours: Object.fromEntries(
    weekdays.map((d) => [d, { open: s.hours[d] !== null, start: s.hours[d]?.start ?? "09:00", end: s.hours[d]?.end ?? "17:00" }]),
  ) as Draft["hours"],
  slotMinutes: Object.fromEntries(services.map((v) => [v, String(s.slotMinutes[v])])) as Draft["slotMinutes"],
  minNoticeDays: String(s.minNoticeDays),
  maxDaysAhead: String(s.maxDaysAhead),
  blockedDays: s.blockedDays.map((b) => ({ ...b })),
  outwardCodes: s.outwardCodes.join(", "),
});

/** The form's Save: everything but the blocked days, which each Block and Remove saves at once. */
const inputOf = (d: Draft) => ({
  hours: Object.fromEntries(
    weekdays.map((w) => [w, d.hours[w].open ? { start: d.hours[w].start, end: d.hours[w].end } : null]),
  ) as CalendarSettingsInput["hours"],
  slotMinutes: d.slotMinutes,
  minNoticeDays: d.minNoticeDays,
  maxDaysAhead: d.maxDaysAhead,
  outwardCodes: d.outwardCodes.split(/[\s,]+/).filter(Boolean),
});

/** The form's Save checks everything but the blocked days. */
const availabilitySchema = calendarSettingsSchema.omit({ blockedDays: true });

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The owner's availability: hours, slot lengths, notice and window, blocked days, areas. */
export function AvailabilityForm({
  settings,
  onSave,
}: {
  settings: CalendarSettings;
  onSave: (patch: Partial<CalendarSettingsInput>) => Promise<unknown>;
}) {
  const form = useForm<Draft>({ initial: () => draftOf(settings), schema: availabilitySchema, input: inputOf });
  const { values: draft, errors } = form;
  const setHours = (day: Weekday, change: Partial<Draft["hours"][Weekday]>) =>
    form.update((v) => ({ ...v, hours: { ...v.hours, [day]: { ...v.hours[day], ...change } } }));
  const [newDay, setNewDay] = useState({ date: "", reason: "" });
  const [blocking, setBlocking] = useState(false);
  const error = (path: string) =>
    errors[path] ? (
      <Text size="1" color="red" id={`cal-${path.replace(/\./g, "-")}-error`}>
        {errors[path]}
      </Text>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit(
      async (_data, input) => {
        await onSave(input as Partial<CalendarSettingsInput>);
        notify({ title: "Availability saved", description: "Online booking uses it from now on.", variant: "success" });
      },
      {
        onError: (e, found) => {
          if (Object.keys(found).length === 0)
            notify({ title: "Not saved", description: errorMessage(e, "Please try again."), variant: "destructive" });
        },
      },
    );
  };

  /** Blocking or unblocking a day is saved at once: nothing waits for the form's Save. */
  async function saveBlockedDays(blockedDays: Draft["blockedDays"], done: { title: string; description: string }) {
    setBlocking(true);
    try {
      await onSave({ blockedDays });
      form.update((v) => ({ ...v, blockedDays }));
      form.setErrors((e) => ({ ...e, blockedDays: "" }));
      notify({ ...done, variant: "success" });
      return true;
    } catch (e) {
      const message =
        e instanceof HttpError && e.body?.details?.length ? e.body.details[0]!.message : errorMessage(e, "Please try again.");
      form.setErrors((errs) => ({ ...errs, blockedDays: message }));
      notify({ title: "Not saved", description: message, variant: "destructive" });
      return false;
    } finally {
      setBlocking(false);
    }
  }

  const today = londonToday();
  const newDayProblem = !newDay.date
    ? null
    : newDay.date < today
      ? "That day has passed: block today or a day to come"
      : draft.blockedDays.some((b) => b.date === newDay.date)
        ? "That day is blocked already"
        : null;

  return (
    <form aria-labelledby="calendar-availability" className="admin-card admin-panel calendar-form" onSubmit={submit} noValidate>
      <Heading as="h2" size="4" id="calendar-availability" mb="3">
        Availability for online booking
      </Heading>
      <fieldset className="calendar-fieldset">
        <legend>Working hours (London time)</legend>
        {weekdays.map((d) => (
          <div key={d} className="calendar-hours">
            <Text as="label" size="2" weight="bold" className="calendar-hours__day">
              <Checkbox checked={draft.hours[d].open} onCheckedChange={(open) => setHours(d, { open: open === true })} /> {cap(d)}
            </Text>
            <TextField.Root
              type="time"
              aria-label={`${cap(d)} opens`}
              disabled={!draft.hours[d].open}
              value={draft.hours[d].start}
              onChange={(e) => setHours(d, { start: e.target.value })}
            />
            <TextField.Root
              type="time"
              aria-label={`${cap(d)} closes`}
              disabled={!draft.hours[d].open}
              value={draft.hours[d].end}
              onChange={(e) => setHours(d, { end: e.target.value })}
            />
            {error(`hours.${d}.end`) ?? error(`hours.${d}.start`)}
          </div>
        ))}
      </fieldset>
      <fieldset className="calendar-fieldset">
        <legend>Visit length (minutes)</legend>
        <div className="calendar-grid">
          {services.map((s) => (
            <div key={s} className="calendar-field">
              <Text as="label" size="2" htmlFor={`cal-slot-${s}`}>
                {bookableServiceLabels[s]}
              </Text>
              <TextField.Root
                id={`cal-slot-${s}`}
                inputMode="numeric"
                value={draft.slotMinutes[s]}
                onChange={(e) => form.set("slotMinutes", { ...draft.slotMinutes, [s]: e.target.value })}
              />
              {error(`slotMinutes.${s}`)}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="calendar-grid">
        <div className="calendar-field">
          <Text as="label" size="2" htmlFor="cal-notice">
            Days of notice (1 = no same-day bookings)
          </Text>
          <TextField.Root
            id="cal-notice"
            inputMode="numeric"
            value={draft.minNoticeDays}
            onChange={(e) => form.set("minNoticeDays", e.target.value)}
          />
          {error("minNoticeDays")}
        </div>
        <div className="calendar-field">
          <Text as="label" size="2" htmlFor="cal-ahead">
            Bookable up to this many days ahead
          </Text>
          <TextField.Root
            id="cal-ahead"
            inputMode="numeric"
            value={draft.maxDaysAhead}
            onChange={(e) => form.set("maxDaysAhead", e.target.value)}
          />
          {error("maxDaysAhead")}
        </div>
      </div>
      <fieldset className="calendar-fieldset">
        <legend>Blocked days (holidays, training)</legend>
        {draft.blockedDays.length === 0 ? (
          <Text as="p" size="2" color="gray">
            None.
          </Text>
        ) : (
          <ul className="calendar-blocked">
            {draft.blockedDays.map((b, i) => (
              <li key={b.date}>
                <Text size="2">
                  {formatLongDate(b.date)}
                  {b.reason ? `: ${b.reason}` : ""}
                </Text>
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  color="red"
                  disabled={blocking}
                  aria-label={`Unblock ${formatLongDate(b.date)}`}
                  onClick={() =>
                    void saveBlockedDays(
                      draft.blockedDays.filter((_, j) => j !== i),
                      { title: "Day unblocked", description: `${formatLongDate(b.date)} can be booked again.` },
                    )
                  }
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Flex gap="2" wrap="wrap" align="end">
          <div className="calendar-field">
            <Text as="label" size="2" htmlFor="cal-block-date">
              Date
            </Text>
            <TextField.Root
              id="cal-block-date"
              type="date"
              min={today}
              value={newDay.date}
              onChange={(e) => setNewDay({ ...newDay, date: e.target.value })}
              {...(newDayProblem ? { "aria-invalid": true, "aria-describedby": "cal-block-date-error" } : {})}
            />
          </div>
          <div className="calendar-field">
            <Text as="label" size="2" htmlFor="cal-block-reason">
              Reason (optional)
            </Text>
            <TextField.Root
              id="cal-block-reason"
              value={newDay.reason}
              onChange={(e) => setNewDay({ ...newDay, reason: e.target.value })}
            />
          </div>
          <Button
            type="button"
            variant="soft"
            disabled={!newDay.date || newDayProblem !== null || blocking}
            onClick={async () => {
              const list = [...draft.blockedDays, newDay].sort((a, b) => a.date.localeCompare(b.date));
              const saved = await saveBlockedDays(list, {
                title: "Day blocked",
                description: `${formatLongDate(newDay.date)} is no longer offered for booking.`,
              });
              if (saved) setNewDay({ date: "", reason: "" });
            }}
          >
            {blocking ? "Saving…" : "Block this day"}
          </Button>
        </Flex>
        {newDayProblem ? (
          <Text size="1" color="red" id="cal-block-date-error">
            {newDayProblem}
          </Text>
        ) : null}
        {error("blockedDays")}
      </fieldset>
      <div className="calendar-field">
        <Text as="label" size="2" htmlFor="cal-areas">
          Postcode areas you visit (first half of the postcode, or its letters: M33, SK4, OL)
        </Text>
        <TextField.Root id="cal-areas" value={draft.outwardCodes} onChange={(e) => form.set("outwardCodes", e.target.value)} />
        {Object.entries(errors)
          .filter(([path]) => path.startsWith("outwardCodes"))
          .slice(0, 1)
          .map(([path, message]) => (
            <Text key={path} size="1" color="red">
              {message}
            </Text>
          ))}
      </div>
      <Flex mt="4">
        <Button type="submit" size="3" disabled={form.busy}>
          {form.busy ? "Saving…" : "Save availability"}
        </Button>
      </Flex>
    </form>
  );
}
