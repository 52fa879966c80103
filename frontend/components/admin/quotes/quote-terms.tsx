import { Box, Card, Checkbox, Flex, Grid, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FieldErrors, invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import "../documents/documents.css";
import type { QuoteForm } from "./quote-form-state";

const depositLabels = { none: "No deposit", percent: "A percentage", fixed: "A fixed sum" } as const;

/** A quote's terms: how long it is valid, its deposit, its words, and whether follow-ups go out. */
export function QuoteTerms({
  values,
  set,
  errors,
  isNew,
  quoteValidDays,
}: {
  values: QuoteForm;
  set: <K extends keyof QuoteForm>(key: K, value: QuoteForm[K]) => void;
  errors: FieldErrors;
  isNew: boolean;
  /** The billing settings' validity, for the hint of an empty date. */
  quoteValidDays: number;
}) {
  return (
    <Card className="admin-panel">
      <Grid gap="4" columns={{ initial: "1", sm: "2" }}>
        <Field
          id="estimate-validUntil"
          label="Valid until"
          error={errors.validUntil}
          hint={values.validUntil ? undefined : `Left empty: ${quoteValidDays} days from today.`}
        >
          <TextField.Root
            id="estimate-validUntil"
            size="3"
            type="date"
            value={values.validUntil}
            onChange={(e) => set("validUntil", e.target.value)}
            {...invalidProps("estimate-validUntil", errors.validUntil)}
          />
        </Field>
        <Field
          id="estimate-deposit"
          label="Deposit"
          error={errors.deposit ?? errors["deposit.percent"] ?? errors["deposit.pence"]}
        >
          <Flex gap="2" className="estimate-deposit">
            <Select.Root value={values.depositKind} onValueChange={(v) => set("depositKind", v as QuoteForm["depositKind"])}>
              <Select.Trigger id="estimate-deposit" className="admin-select" />
              <Select.Content position="popper">
                {(Object.keys(depositLabels) as QuoteForm["depositKind"][]).map((k) => (
                  <Select.Item key={k} value={k}>
                    {depositLabels[k]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {values.depositKind === "none" ? null : (
              <TextField.Root
                size="3"
                aria-label={values.depositKind === "percent" ? "Deposit (%)" : "Deposit (£)"}
                inputMode="decimal"
                value={values.depositValue}
                onChange={(e) => set("depositValue", e.target.value)}
              >
                <TextField.Slot side="right">{values.depositKind === "percent" ? "%" : "£"}</TextField.Slot>
              </TextField.Root>
            )}
          </Flex>
        </Field>
      </Grid>
      <Box mt="4">
        <Field
          id="estimate-terms"
          label="Terms"
          error={errors.terms}
          hint={isNew ? "Left empty: your default terms from the billing settings." : undefined}
        >
          <TextArea
            id="estimate-terms"
            size="3"
            rows={4}
            value={values.terms}
            maxLength={5000}
            onChange={(e) => set("terms", e.target.value)}
          />
        </Field>
      </Box>
      <Text as="label" size="2" mt="4" className="doc-check">
        <Checkbox checked={values.followUps} onCheckedChange={(on) => set("followUps", on === true)} /> Send follow-up e-mails 3
        and 7 days after sending if not answered
      </Text>
    </Card>
  );
}
