import { Box, Button, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Offers a switch to a recovery code ("k3x9p-q2mzd"): letters, so not the phone's number pad. */
  allowRecovery?: boolean;
  autoFocus?: boolean;
};

/**
 * The one-time code of two-step sign-in (login, turning it on, turning it off): the phone offers
 * its number pad and the code the authenticator app or a text message suggests.
 */
export function CodeField({ id, value, onChange, error, allowRecovery = false, autoFocus }: Props) {
  const [recovery, setRecovery] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {recovery ? "Recovery code" : "Code from your app"}
      </Text>
      <TextField.Root
        id={id}
        name="code"
        required
        size="3"
        mt="1"
        className="admin-code-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        autoComplete={recovery ? "off" : "one-time-code"}
        inputMode={recovery ? "text" : "numeric"}
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <Text as="p" id={hintId} size="1" color="gray" mt="1">
        {recovery
          ? "One of the ten recovery codes you saved, like k3x9p-q2mzd."
          : "The 6-digit code your authenticator app shows now."}
      </Text>
      {error ? (
        <Text as="p" id={errorId} size="2" color="red" mt="1">
          {error}
        </Text>
      ) : null}
      {allowRecovery ? (
        <Button
          type="button"
          variant="ghost"
          size="1"
          mt="2"
          onClick={() => {
            setRecovery((r) => !r);
            onChange("");
          }}
        >
          {recovery ? "Use the code from your app" : "Use a recovery code instead"}
        </Button>
      ) : null}
    </Box>
  );
}
