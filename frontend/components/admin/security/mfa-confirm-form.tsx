import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { CodeField } from "../code-field";
import { ConfirmButton } from "../confirm-button";
import { PasswordField } from "../password-field";

type Props<T> = {
  /** What it does, as the form's name and its button: "Turn off two-step sign-in". */
  purpose: string;
  /** The confirmation that the button asks for. */
  confirm: { title: string; description: string; label: string };
  action: (password: string, code: string) => Promise<T>;
  onDone: (result: T) => void;
  onCancel: () => void;
};

/**
 * A change to two-step sign-in (turning it off, new recovery codes) needs the password and a
 * current code (or a recovery code), and a confirmation: someone at an unlocked screen must not be
 * able to make it. A wrong password or code is one message, under the password.
 */
export function MfaConfirmForm<T>({ purpose, confirm, action, onDone, onCancel }: Props<T>) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const ready = password !== "" && code.trim() !== "";

  async function submit() {
    setPending(true);
    setErrors({});
    try {
      onDone(await action(password, code.replace(/\s+/g, "")));
    } catch (error) {
      // One answer for a wrong password or code (the server never says which): shown once, the code cleared.
      const message = error instanceof HttpError ? (error.detail("password") ?? error.detail("code"))?.message : undefined;
      if (message) {
        setErrors({ password: message });
        setCode("");
      } else if (!isUnauthorized(error)) {
        notify({
          title: `Couldn't ${purpose.toLowerCase()}`,
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    // Enter in a field "clicks" the submit button, which asks for the confirmation.
    <form onSubmit={(e: FormEvent) => e.preventDefault()} aria-label={purpose} className="admin-narrow-form">
      <Flex direction="column" gap="3" mt="3">
        <PasswordField
          id="mfa-confirm-password"
          label="Your password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <CodeField id="mfa-confirm-code" value={code} onChange={setCode} error={errors.code} allowRecovery />
        <Flex gap="3" wrap="wrap">
          <ConfirmButton
            type="submit"
            disabled={!ready}
            loading={pending}
            title={confirm.title}
            description={confirm.description}
            confirmLabel={confirm.label}
            onConfirm={submit}
          >
            {purpose}
          </ConfirmButton>
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
