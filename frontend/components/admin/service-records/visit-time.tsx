import { Button, Callout, Checkbox, Flex, Text, TextField } from "@radix-ui/themes";
import type { Slot } from "../../../../schema/api/bookings";
import { usualVisitMinutes } from "../../../../schema/api/records";
import { formatClock, formatTime } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { invalidProps } from "../../../lib/use-form";
import { FieldError } from "../form-field";
import type { RecordFormState, TimeMode } from "./record-form-state";

type Props = {
  idPrefix: string;
  form: RecordFormState;
  onChange: (changes: Partial<RecordFormState>) => void;
  /** The customer has an e-mail address the confirmation can go to. */
  canEmail: boolean;
  error?: string;
};

const modes: { value: TimeMode; label: string }[] = [
  { value: "free", label: "Free times" },
  { value: "manual", label: "Set a time" },
  { value: "tba", label: "To be agreed" },
];

/** Whose free times: every engineer chosen (a two-person job needs them all), or anyone's when none is. */
const whoQuery = (engineers: number[]) => engineers.map((id) => `&engineer=${id}`).join("");

/**
 * The diary's free times on the service date, for a visit of this length (the same rules /book
 * uses), asked again whenever the engineers chosen change.
 */
function FreeTimes({ idPrefix, form, onChange }: Omit<Props, "canEmail" | "error">) {
  const minutes = usualVisitMinutes[form.serviceType] ?? 60;
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(form.serviceDate);
  const { data, error, isLoading } = useAdminData<Slot[]>(
    ready
      ? `/api/admin/service-records/free-times?minutes=${minutes}&from=${form.serviceDate}&days=1${whoQuery(form.engineers)}`
      : "",
  );
  if (!ready) return <Text size="2">Choose the service date first.</Text>;
  if (isLoading || (!data && !error)) return <Text size="2">Finding free times…</Text>;
  if (error || !data)
    return (
      <Text size="2" color="red">
        The free times could not be loaded. Set a time yourself instead.
      </Text>
    );
  if (data.length === 0)
    return (
      <Text size="2" id={`${idPrefix}-none`}>
        No free {minutes}-minute times that day{form.engineers.length > 1 ? " when every engineer chosen is free" : ""} (outside
        working hours, blocked, or full). Set a time yourself, or choose another day.
      </Text>
    );
  return (
    <ul className="admin-free-times" aria-label={`Free times for a ${minutes}-minute visit`}>
      {data.map((slot) => {
        const start = formatClock(slot.start);
        const chosen = form.startTime === start && form.endTime === formatClock(slot.end);
        return (
          <li key={slot.start}>
            <Button
              type="button"
              size="2"
              variant={chosen ? "solid" : "soft"}
              aria-pressed={chosen}
              onClick={() => onChange({ startTime: start, endTime: formatClock(slot.end) })}
            >
              {formatTime(slot.start)}–{formatTime(slot.end)}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * When the visit is: one of the engineer's free times that day, a time the owner sets (outside the
 * working hours or on a blocked day if they must), or to be agreed (holds no time in the diary). A
 * visit with a time can e-mail the customer the booking confirmation an online booking gets.
 */
export function VisitTimeField({ idPrefix, form, onChange, canEmail, error }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const timed = form.timeMode !== "tba" && form.startTime && form.endTime;
  return (
    <fieldset className="admin-fieldset" aria-describedby={error ? `${id("time")}-error` : undefined}>
      <legend className="admin-legend">Time of the visit</legend>
      <div role="radiogroup" aria-label="How the time is set" className="admin-choice-row">
        {modes.map((m) => (
          <Button
            key={m.value}
            type="button"
            role="radio"
            aria-checked={form.timeMode === m.value}
            variant={form.timeMode === m.value ? "solid" : "soft"}
            color={form.timeMode === m.value ? undefined : "gray"}
            onClick={() => onChange({ timeMode: m.value })}
          >
            {m.label}
          </Button>
        ))}
      </div>
      <div className="admin-visit-time">
        {form.timeMode === "free" ? <FreeTimes idPrefix={idPrefix} form={form} onChange={onChange} /> : null}
        {form.timeMode === "manual" ? (
          <Flex gap="3" wrap="wrap">
            <label className="admin-inline-field" htmlFor={id("start")}>
              <Text size="2">Starts</Text>
              <TextField.Root
                id={id("start")}
                type="time"
                step={900}
                value={form.startTime}
                onChange={(e) => onChange({ startTime: e.target.value })}
                {...invalidProps(id("time"), error)}
              />
            </label>
            <label className="admin-inline-field" htmlFor={id("end")}>
              <Text size="2">Ends</Text>
              <TextField.Root
                id={id("end")}
                type="time"
                step={900}
                value={form.endTime}
                onChange={(e) => onChange({ endTime: e.target.value })}
                {...invalidProps(id("time"), error)}
              />
            </label>
          </Flex>
        ) : null}
        {form.timeMode === "tba" ? (
          <Text size="2" color="gray">
            The visit holds no time in the diary until you set one; /book still offers that day's times.
          </Text>
        ) : null}
      </div>
      {timed ? (
        canEmail ? (
          <Text as="label" size="2" className="admin-check">
            <Checkbox
              checked={form.notifyCustomer}
              onCheckedChange={(checked) => onChange({ notifyCustomer: checked === true })}
            />{" "}
            E-mail the customer the time, with a link to move or cancel it
          </Text>
        ) : (
          <Callout.Root size="1" color="gray">
            <Callout.Text>No e-mail address on file: call the customer to confirm {form.startTime}.</Callout.Text>
          </Callout.Root>
        )
      ) : null}
      <FieldError id={id("time")} error={error} />
    </fieldset>
  );
}
