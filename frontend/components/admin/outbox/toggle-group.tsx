import { Button } from "@radix-ui/themes";

/** A few mutually exclusive choices as toggle buttons (aria-pressed), the chosen one filled. */
export function ToggleGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="care-toggle" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="2"
          variant={option.value === value ? "solid" : "soft"}
          color={option.value === value ? undefined : "gray"}
          highContrast={option.value !== value}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}
