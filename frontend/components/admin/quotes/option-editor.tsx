import { Box, Button, Card, Flex, TextField } from "@radix-ui/themes";
import type { optionTotals } from "../../../../schema/api/quotes";
import type { FieldErrors } from "../../../lib/use-form";
import { Totals } from "../../documents/totals";
import { LineItems } from "../documents/line-items";
import { Field, FieldError } from "../form-field";
import { TrashIcon } from "../icons";
import type { OptionForm } from "./quote-form-state";

/** One of a quote's options: its name, its lines and its live totals; duplicated or removed whole. */
export function OptionEditor({
  index,
  option,
  errors,
  totals,
  vatRegistered,
  canRemove,
  canDuplicate,
  onChange,
  onRemove,
  onDuplicate,
}: {
  index: number;
  option: OptionForm;
  errors: FieldErrors;
  totals: ReturnType<typeof optionTotals> | null;
  vatRegistered: boolean;
  canRemove: boolean;
  canDuplicate: boolean;
  onChange: (o: OptionForm) => void;
  onRemove: () => void;
  onDuplicate: () => void;
}) {
  const id = (field: string) => `estimate-option-${index}-${field}`;
  const err = (field: string) => errors[`options.${index}.${field}`];
  return (
    <Card className="admin-panel estimate-option" aria-label={`Option: ${option.name || `${index + 1}`}`} role="group">
      <Flex gap="2" align="end" wrap="wrap" justify="between">
        <Box flexGrow="1">
          <Field id={id("name")} label="Option name" error={err("name")}>
            <TextField.Root
              id={id("name")}
              size="3"
              value={option.name}
              maxLength={60}
              onChange={(e) => onChange({ ...option, name: e.target.value })}
            />
          </Field>
        </Box>
        <Flex gap="2">
          {canDuplicate ? (
            <Button type="button" variant="soft" color="gray" onClick={onDuplicate}>
              Duplicate
            </Button>
          ) : null}
          {canRemove ? (
            <Button type="button" variant="soft" color="red" onClick={onRemove} aria-label={`Remove ${option.name}`}>
              <TrashIcon />
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <FieldError id={id("lines")} error={err("lines")} />
      <LineItems
        lines={option.lines}
        onChange={(lines) => onChange({ ...option, lines })}
        fieldId={(j, field) => `${id("line")}-${j}-${field}`}
        error={(j, field) => err(`lines.${j}.${field}`)}
        vatRegistered={vatRegistered}
      />
      {totals ? (
        <Totals
          label={`${option.name} totals`}
          totals={totals}
          vatRegistered={vatRegistered}
          deposit={{ label: "Deposit", pence: totals.depositPence }}
        />
      ) : null}
    </Card>
  );
}
