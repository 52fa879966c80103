import { Select } from "@radix-ui/themes";
import { invalidProps } from "../../lib/use-form";

// Apart from form-field.tsx, so the forms without a list to choose from (the job sheet among them)
// do not load Radix's Select and its positioning code.
/** A choice from a fixed list (category, brand, condition). */
export function Choice({
  id,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
  error?: string;
}) {
  // A stored value the list no longer offers stays choosable, so opening the editor changes nothing.
  const choices = value === "" || options.includes(value) ? options : [value, ...options];
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger id={id} className="admin-select" {...invalidProps(id, error)} />
      <Select.Content position="popper">
        {choices.map((o) => (
          <Select.Item key={o} value={o}>
            {o}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
