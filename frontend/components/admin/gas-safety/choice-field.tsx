import { Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { FieldError } from "../form-field";

/**
 * One answer from a few (Pass / Fail / N/A, Yes / No), as large segments a thumb can hit: native
 * radio buttons in a fieldset, so the question names the group and the keyboard works as usual;
 * none is chosen until the engineer picks one.
 */
export function ChoiceField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: V | null;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset
      className={`gsr-field gsr-choice${error ? " gsr-choice-invalid" : ""}`}
      id={id}
      disabled={disabled}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      <div className="gsr-choice-options">
        {options.map(([v, text]) => (
          <label key={v}>
            <input type="radio" name={id} value={v} checked={value === v} onChange={() => onChange(v)} />
            <span>{text}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A yes/no question as a choice. */
export const yesNo = [
  ["yes", "Yes"],
  ["no", "No"],
] as const;
export const fromYesNo = (v: "yes" | "no") => v === "yes";
export const toYesNo = (v: boolean | null) => (v === null ? null : v ? "yes" : "no");

/**
 * A reading typed on a phone's number pad: the text as typed stays in the box ("2." on the way to
 * "2.5"); the number goes to the form whenever the text is one, null when it is empty.
 */
export function ReadingField({
  id,
  label,
  unit,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  unit?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value === null ? "" : String(value));
  useEffect(() => {
    setText((current) => (Number(current) === value && current.trim() !== "" ? current : value === null ? "" : String(value)));
  }, [value]);
  return (
    <div className="gsr-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        size="3"
        mt="1"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const next = e.target.value.replace(",", ".");
          setText(next);
          if (next.trim() === "") onChange(null);
          else if (!Number.isNaN(Number(next))) onChange(Number(next));
        }}
      >
        {unit ? <TextField.Slot side="right">{unit}</TextField.Slot> : null}
      </TextField.Root>
      <FieldError id={id} error={error} />
    </div>
  );
}
