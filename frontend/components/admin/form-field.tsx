import { Box, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A field's problem, right under it (the server's words or the form schema's). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Text as="p" id={`${id}-error`} size="1" color="red" mt="1" className="admin-field-error">
      {error}
    </Text>
  );
}

/** A labelled form control with its error message and an optional hint. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Box mt="1">{children}</Box>
      {hint && !error ? (
        <Text as="p" size="1" color="gray" mt="1" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
      <FieldError id={id} error={error} />
    </Box>
  );
}
