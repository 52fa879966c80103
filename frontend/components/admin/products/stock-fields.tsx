import { Flex, Grid, Switch, Text, TextField } from "@radix-ui/themes";
import { type FieldErrors, invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import type { ProductFormState } from "./product-form-state";

type Props = {
  idPrefix: string;
  form: ProductFormState;
  set: <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) => void;
  errors: FieldErrors;
};

function SwitchField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Text as="label" size="2" weight="medium">
      <Flex gap="2" align="center">
        <Switch checked={checked} onCheckedChange={onChange} />
        {label}
      </Flex>
    </Text>
  );
}

/**
 * Stock: counted (a shelf count, sold down by orders, and the level at which it is low) or not
 * counted, when the owner's In Stock switch alone says whether it can be bought.
 */
export function StockFields({ idPrefix, form, set, errors }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="admin-stock-fields">
      <legend>
        <Text size="2" weight="bold">
          Stock
        </Text>
      </legend>
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" align="start">
        {/* Level with the count's box when counting, with the In Stock switch when not. */}
        <Flex direction="column" gap="1" pt={form.countStock ? { initial: "0", sm: "5" } : "0"}>
          <SwitchField label="Count stock" checked={form.countStock} onChange={(v) => set("countStock", v)} />
          <Text size="1" color="gray">
            {form.countStock
              ? "Orders take from the count; at 0 it is out of stock."
              : "Not counted: the In Stock switch decides."}
          </Text>
        </Flex>
        {form.countStock ? (
          <>
            <Field id={id("stock-quantity")} label="Stock count" error={errors.stockQuantity}>
              <TextField.Root
                id={id("stock-quantity")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={form.stockQuantity}
                onChange={(e) => set("stockQuantity", e.target.value)}
                {...invalidProps(id("stock-quantity"), errors.stockQuantity)}
              />
            </Field>
            <Field
              id={id("low-stock")}
              label="Low-stock level"
              hint="Marked low stock at or below this count."
              error={errors.lowStockThreshold}
            >
              <TextField.Root
                id={id("low-stock")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={form.lowStockThreshold}
                onChange={(e) => set("lowStockThreshold", e.target.value)}
                {...invalidProps(id("low-stock"), errors.lowStockThreshold)}
              />
            </Field>
          </>
        ) : (
          <Flex align="center">
            <SwitchField label="In Stock" checked={form.inStock} onChange={(v) => set("inStock", v)} />
          </Flex>
        )}
      </Grid>
    </fieldset>
  );
}
