import { Button, Checkbox, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { type InstallationKind, installationKinds, installationLabels } from "../../../../schema/api/installations";
import { VAT_RATES } from "../../../../schema/money";
import { invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import type { LineForm } from "./line-form";

/**
 * A priced line as the owner types it (a quote's or an invoice's): description, quantity, unit
 * price and, when the business is VAT-registered, the rate; and a line picked from the catalogue.
 * A quote's line may be an optional extra, and may be marked as the notifiable installation it
 * fits (a boiler, a cylinder, a gas fire), so its job knows it owes a Building Regulations notification.
 */
export function LineEditor({
  id,
  line,
  error,
  vatRegistered,
  canBeOptional = true,
  onChange,
  onRemove,
}: {
  id: (field: string) => string;
  line: LineForm;
  error: (field: string) => string | undefined;
  vatRegistered: boolean;
  /** A quote's line may be an optional extra; an invoice's may not. */
  canBeOptional?: boolean;
  onChange: (l: LineForm) => void;
  onRemove?: () => void;
}) {
  const set = <K extends keyof LineForm>(key: K, value: LineForm[K]) => onChange({ ...line, [key]: value });
  const cell = (field: "quantity" | "unitPrice", label: string, apiField: string) => (
    <Field id={id(field)} label={label} error={error(apiField)}>
      <TextField.Root
        id={id(field)}
        size="3"
        inputMode="decimal"
        value={line[field]}
        onChange={(e) => set(field, e.target.value)}
        {...invalidProps(id(field), error(apiField))}
      />
    </Field>
  );
  return (
    <fieldset className="doc-line" aria-label={`Line: ${line.description || "new"}`}>
      <Field id={id("description")} label="Description" error={error("description")}>
        <TextField.Root
          id={id("description")}
          size="3"
          value={line.description}
          maxLength={300}
          onChange={(e) => set("description", e.target.value)}
          {...invalidProps(id("description"), error("description"))}
        />
      </Field>
      <div className="doc-line-numbers">
        {cell("quantity", "Qty", "quantity")}
        {cell("unitPrice", "Unit price (£)", "unitPence")}
        {vatRegistered ? (
          <Field id={id("vatRate")} label="VAT" error={error("vatRate")}>
            <Select.Root value={String(line.vatRate)} onValueChange={(v) => set("vatRate", Number(v) as LineForm["vatRate"])}>
              <Select.Trigger id={id("vatRate")} className="admin-select" />
              <Select.Content position="popper">
                {VAT_RATES.map((r) => (
                  <Select.Item key={r} value={String(r)}>
                    {r} %
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        ) : null}
      </div>
      {canBeOptional ? (
        <Field id={id("installation")} label="Notifiable installation" error={error("installation")}>
          <Select.Root
            value={line.installation ?? "none"}
            onValueChange={(v) => set("installation", v === "none" ? null : (v as InstallationKind))}
          >
            <Select.Trigger id={id("installation")} className="admin-select" />
            <Select.Content position="popper">
              <Select.Item value="none">None</Select.Item>
              {installationKinds.map((kind) => (
                <Select.Item key={kind} value={kind}>
                  {installationLabels[kind]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
      ) : null}
      <Flex justify={canBeOptional ? "between" : "end"} align="center" gap="2">
        {canBeOptional ? (
          <Text as="label" size="2" className="doc-check">
            <Checkbox checked={line.optional} onCheckedChange={(on) => set("optional", on === true)} /> Optional extra
          </Text>
        ) : null}
        {onRemove ? (
          <Button type="button" variant="ghost" color="red" onClick={onRemove}>
            Remove line
          </Button>
        ) : null}
      </Flex>
    </fieldset>
  );
}
