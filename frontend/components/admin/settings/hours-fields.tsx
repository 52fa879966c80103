import { Checkbox, Flex, Text, TextField } from "@radix-ui/themes";
import type { OpeningHours } from "../../../../schema/facts";
import { invalidProps } from "../../../lib/use-form";
import { FieldError } from "../form-field";
import { type Bind, idFor } from "./settings-fields";

const days: { key: keyof OpeningHours; label: string }[] = [
  { key: "weekdays", label: "Monday to Friday" },
  { key: "saturday", label: "Saturday" },
  { key: "sunday", label: "Sunday" },
];

/** Opening hours per day: open from and to, or closed (the site then says "Emergency only"). */
export function HoursFields({ bind }: { bind: Bind }) {
  return (
    <div className="settings-hours">
      {days.map(({ key, label }) => {
        const day = bind.form.openingHours[key];
        const base = `openingHours.${key}`;
        const time = (part: "opens" | "closes", partLabel: string) => {
          const path = `${base}.${part}`;
          const id = idFor(path);
          const error = bind.errors[path];
          return (
            <div>
              <Text as="label" htmlFor={id} size="2" className="settings-hours__time-label">
                {partLabel}
              </Text>
              <TextField.Root
                id={id}
                type="time"
                value={day[part]}
                disabled={!day.open}
                onChange={(e) => bind.set(path, e.target.value)}
                aria-label={`${label}: ${partLabel.toLowerCase()}`}
                {...invalidProps(id, error)}
              />
              <FieldError id={id} error={error} />
            </div>
          );
        };
        return (
          <fieldset key={key} className="settings-hours__day">
            <legend className="settings-hours__legend">{label}</legend>
            <Text as="label" size="2" className="settings-hours__open">
              <Flex gap="2" align="center">
                <Checkbox checked={day.open} onCheckedChange={(checked) => bind.set(`${base}.open`, checked === true)} />
                Open
              </Flex>
            </Text>
            {time("opens", "Opens")}
            {time("closes", "Closes")}
            {day.open ? null : (
              <Text as="p" size="1" color="gray" className="settings-hours__closed">
                Closed: the site shows "Emergency only".
              </Text>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
