import { Button, Flex } from "@radix-ui/themes";
import type { FormEvent } from "react";
import { MIN_PASSWORD_LENGTH, passwordChangeSchema } from "../../../../schema/api/security";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
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
  const form = useForm<Values>({ initial: empty, schema: passwordChangeSchema });
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async () => {
        const { sessionsEnded } = await adminApi<{ sessionsEnded: number }>("/api/admin/security/password", { json: values });
        form.reset(empty);
        notify({
          title: "Password changed",
          description: `Use it next time you log in. ${sessionsEnded} other ${sessionsEnded === 1 ? "session was" : "sessions were"} signed out.`,
          variant: "success",
        });
      },
      {
        onError: (error, found) => {
          // A refusal about the fields is shown beside them; anything else in a toast.
          if (Object.keys(found).length === 0) toastFailure("Password not changed", "Please try again.")(error);
        },
      },
    );
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
            onChange={(value) => form.set(f.name, value)}
            error={errors[f.name]}
          />
        ))}
        <Flex>
          <Button type="submit" loading={form.busy}>
            Change password
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
