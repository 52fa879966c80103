import { Box, Button, Checkbox, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { Product } from "../../../../schema/api/products";
import { formatPence, parsePriceToPence } from "../../../../schema/format";
import { VAT_RATES } from "../../../../schema/money";
import { adminPage } from "../../../lib/admin/admin-api";
import { Field, invalidProps } from "../form-field";
import type { LineForm } from "./estimate-form-state";

/**
 * A priced line as the owner types it (a quote's or an invoice's): description, quantity, unit
 * price and, when the business is VAT-registered, the rate; and a line picked from the catalogue.
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
    <fieldset className="estimate-line" aria-label={`Line: ${line.description || "new"}`}>
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
      <div className="estimate-line-numbers">
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
      <Flex justify={canBeOptional ? "between" : "end"} align="center" gap="2">
        {canBeOptional ? (
          <Text as="label" size="2" className="estimate-check">
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

/** A line from the catalogue: its name and price, found by typing. */
export function CataloguePicker({ onPick }: { onPick: (line: LineForm) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [found, setFound] = useState<Product[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return setFound([]);
    const timer = setTimeout(
      () =>
        void adminPage<Product>(`/api/admin/products?q=${encodeURIComponent(text.trim())}&limit=6`).then(
          (page) => setFound(page.items),
          () => setFound([]),
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [text]);
  if (!open) {
    return (
      <Button type="button" variant="soft" color="gray" onClick={() => setOpen(true)}>
        Add from the catalogue
      </Button>
    );
  }
  return (
    <Box className="estimate-catalogue" width="100%">
      <TextField.Root
        size="3"
        autoFocus
        placeholder="Find a part"
        aria-label="Find a part in the catalogue"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Flex direction="column" gap="1" mt="2">
        {found.map((p) => (
          <Button
            key={p.id}
            type="button"
            variant="soft"
            onClick={() => {
              onPick({ description: p.name, quantity: "1", unitPrice: p.price, vatRate: 20, optional: false, productId: p.id });
              setOpen(false);
              setText("");
            }}
          >
            {p.name} · {formatPence(parsePriceToPence(p.price) ?? 0)}
          </Button>
        ))}
      </Flex>
    </Box>
  );
}
