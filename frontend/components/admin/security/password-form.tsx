import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { MIN_PASSWORD_LENGTH, passwordChangeSchema } from "../../../../schema/api/security";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { type FieldErrors, fieldErrorsFrom } from "../form-errors";
import { PasswordField } from "../password-field";

const fields = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  { name: "password", label: `New password (at least ${MIN_PASSWORD_LENGTH} characters)`, autoComplete: "new-password" },
  { name: "confirm", label: "New password again", autoComplete: "new-password" },
] as const;

type Values = Record<(typeof fields)[number]["name"], string>;
const empty: Values = { current: "", password: "", confirm: "" };

/**
 * Change password: the current one, the new one twice. Checked here by the API's own schema, then
 * by the Worker (the current password, the most common passwords); every other session ends.
 */
export function PasswordForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { sessionsEnded } = await adminApi<{ sessionsEnded: number }>("/api/admin/security/password", { json: values });
      setValues(empty);
      notify({
        title: "Password changed",
        description: `Use it next time you log in. ${sessionsEnded} other ${sessionsEnded === 1 ? "session was" : "sessions were"} signed out.`,
        variant: "success",
      });
    } catch (error) {
      if (error instanceof HttpError && error.body?.details?.length) setErrors(fieldErrorsFrom(error.body.details));
      else if (!isUnauthorized(error)) {
        notify({ title: "Password not changed", description: errorMessage(error, "Please try again."), variant: "destructive" });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password" className="admin-narrow-form">
      <Flex direction="column" gap="3">
        {fields.map((f) => (
          <PasswordField
            key={f.name}
            id={`password-${f.name}`}
            label={f.label}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
            error={errors[f.name]}
          />
        ))}
        <Flex>
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
