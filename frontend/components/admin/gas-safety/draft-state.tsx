import { Badge, Callout, Flex, Text } from "@radix-ui/themes";
import type { RefObject } from "react";
import type { FieldErrors } from "../../../lib/use-form";
import type { SaveState } from "./use-draft-autosave";

const saveWords = {
  saved: "All changes saved",
  saving: "Saving…",
  waiting: "Not saved yet: kept on this phone, will retry",
  refused: "Not saved: see the fields marked",
} as const;

/** A draft paper's badge and whether its changes have reached the server. */
export function DraftState({ state }: { state: SaveState }) {
  return (
    <Flex align="center" gap="2" mb="4" wrap="wrap">
      <Badge size="2" color="amber" variant="soft" highContrast>
        Draft
      </Badge>
      {/* Amber's own text step is under 4.5:1 on the page's grey: the darker step while saving or waiting. */}
      <Text
        size="2"
        color={state === "saved" ? "gray" : state === "refused" ? "red" : "amber"}
        highContrast={state === "saving" || state === "waiting"}
        role="status"
        aria-live="polite"
      >
        {saveWords[state]}
      </Text>
    </Flex>
  );
}

/** How many things stop the paper being issued, above them: the focus lands here when Issue finds any. */
export function MissingSummary({
  errors,
  paper,
  summary,
}: {
  errors: FieldErrors;
  /** "record", "sheet". */
  paper: string;
  summary: RefObject<HTMLDivElement | null>;
}) {
  const count = Object.values(errors).filter(Boolean).length;
  if (count === 0) return null;
  return (
    <Callout.Root color="red" mb="4" ref={summary} tabIndex={-1} role="alert">
      <Callout.Text>
        {count === 1 ? "1 thing needs" : `${count} things need`} filling in before this {paper} can be issued: each is marked
        below.
      </Callout.Text>
    </Callout.Root>
  );
}
