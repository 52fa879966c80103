import { Box, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { CodeField } from "../code-field";
import { ConfirmButton } from "../confirm-button";

type Props = {
  disable: (password: string, code: string) => Promise<unknown>;
  onDisabled: () => void;
  onCancel: () => void;
};

/**
 * Turning two-step sign-in off needs the password and a current code (or a recovery code), and a
 * confirmation: someone at an unlocked screen must not be able to switch it off.
 */
export function MfaDisableForm({ disable, onDisabled, onCancel }: Props) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const ready = password !== "" && code.trim() !== "";

  async function turnOff() {
    setPending(true);
    setErrors({});
    try {
      await disable(password, code.replace(/\s+/g, ""));
      onDisabled();
    } catch (error) {
      const wrong =
        error instanceof HttpError ? { password: error.detail("password")?.message, code: error.detail("code")?.message } : {};
      if (wrong.password || wrong.code) {
        setErrors(wrong);
        if (wrong.code) setCode("");
      } else if (!isUnauthorized(error)) {
        notify({
          title: "Couldn't turn off two-step sign-in",
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
    <form onSubmit={(e: FormEvent) => e.preventDefault()} aria-label="Turn off two-step sign-in" className="admin-narrow-form">
      <Flex direction="column" gap="3" mt="3">
        <Box>
          <Text as="label" htmlFor="mfa-disable-password" size="2" weight="medium">
            Your password
          </Text>
          <TextField.Root
            id="mfa-disable-password"
            type="password"
            autoComplete="current-password"
            required
            size="3"
            mt="1"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "mfa-disable-password-error" : undefined}
          />
          {errors.password ? (
            <Text as="p" id="mfa-disable-password-error" size="2" color="red" mt="1">
              {errors.password}
            </Text>
          ) : null}
        </Box>
        <CodeField id="mfa-disable-code" value={code} onChange={setCode} error={errors.code} allowRecovery />
        <Flex gap="3" wrap="wrap">
          <ConfirmButton
            type="submit"
            disabled={!ready}
            loading={pending}
            title="Turn off two-step sign-in?"
            description="Signing in will need only your password again, and your recovery codes stop working."
            confirmLabel="Turn off"
            onConfirm={turnOff}
          >
            Turn off two-step sign-in
          </ConfirmButton>
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
