import { Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import type { ChangeEvent } from "react";
import "./cart.css";

type Props = {
  id: string;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** A labelled input whose message sits under it and is announced with it (aria-describedby). */
export function FormField({
  id,
  label,
  value,
  error,
  required,
  multiline,
  type = "text",
  autoComplete,
  placeholder,
  onChange,
  onBlur,
}: Props) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: id,
    value,
    placeholder,
    autoComplete,
    required,
    onBlur,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    color: error ? ("red" as const) : undefined,
    size: "3" as const,
  };
  return (
    <Flex direction="column" gap="1" className="form-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Text>
      {multiline ? (
        <TextArea
          {...shared}
          rows={3}
          resize="vertical"
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
        />
      ) : (
        <TextField.Root {...shared} type={type} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)} />
      )}
      {error ? (
        <Text id={errorId} size="2" color="red" className="form-field__error">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
