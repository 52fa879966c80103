import { TextField } from "@radix-ui/themes";
import { invalidProps } from "../../lib/use-form";
import { Field } from "./form-field";

/**
 * A labelled password box with its error, as every back-office form asks for one: the sign-in,
 * turning two-step sign-in on or off, new recovery codes, a new password. `autoComplete` lets a
 * password manager fill the current one or offer a new one.
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete = "current-password",
  name,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: "current-password" | "new-password";
  name?: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <TextField.Root
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        size="3"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalidProps(id, error)}
      />
    </Field>
  );
}
