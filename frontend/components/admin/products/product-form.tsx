import { Box, Button, Card, Flex, Grid, Heading, Select, Switch, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, useState } from "react";
import { type ProductFormInput, productFormSchema } from "../../../../schema/api/admin";
import { adminBrands, adminCategories, productConditions } from "../../../../schema/business";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { ProductImageField } from "./product-image-field";

type FormState = {
  name: string;
  price: string;
  originalPrice: string;
  category: string;
  brand: string;
  condition: (typeof productConditions)[number];
  rating: string;
  inStock: boolean;
  description: string;
  image: string;
};

/** The form's defaults: Gas Valves, Vaillant, New, in stock. */
const initialForm: FormState = {
  name: "",
  price: "",
  originalPrice: "",
  category: adminCategories[0],
  brand: adminBrands[0],
  condition: "New",
  rating: "",
  inStock: true,
  description: "",
  image: "",
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Box mt="1">{children}</Box>
    </Box>
  );
}

function Choice({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
}) {
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger id={id} className="admin-select" />
      <Select.Content position="popper">
        {options.map((o) => (
          <Select.Item key={o} value={o}>
            {o}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

type Props = { onCancel: () => void; onCreate: (input: ProductFormInput) => Promise<void> };

/** The inline Add Product form, validated with the API's own schema. */
export function ProductForm({ onCancel, onCreate }: Props) {
  const [form, setForm] = useState<FormState>(initialForm);
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: "name" | "price" | "originalPrice" | "rating" | "description") => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: ProductFormInput = {
      name: form.name,
      price: form.price,
      originalPrice: form.originalPrice.trim() === "" ? null : form.originalPrice,
      image: form.image,
      category: form.category,
      brand: form.brand,
      description: form.description,
      condition: form.condition,
      rating: form.rating.trim() === "" ? null : Number(form.rating),
      inStock: form.inStock,
    };
    const parsed = productFormSchema.safeParse(input);
    if (!parsed.success) {
      notify({ title: "Validation Error", description: parsed.error.issues[0]?.message, variant: "destructive" });
      return;
    }
    setCreating(true);
    try {
      await onCreate(input);
      notify({
        title: "Product created",
        description: "The product has been successfully added to the store.",
        variant: "success",
      });
      setForm(initialForm);
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to create product"), variant: "destructive" });
      }
    } finally {
      setCreating(false);
    }
  }

  return (
    <Card size="3" asChild className="admin-product-form">
      <form onSubmit={submit} aria-labelledby="add-product-heading" noValidate>
        <Heading as="h2" size="5" id="add-product-heading" mb="4">
          Add Product
        </Heading>
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
          <Field id="product-name" label="Product Name">
            <TextField.Root id="product-name" {...text("name")} maxLength={200} />
          </Field>
          <Field id="product-price" label="Price (£)">
            <TextField.Root id="product-price" {...text("price")} inputMode="decimal" placeholder="45.99" />
          </Field>
          <Field id="product-original-price" label="Original Price (£)">
            <TextField.Root id="product-original-price" {...text("originalPrice")} inputMode="decimal" placeholder="Optional" />
          </Field>
          <Field id="product-category" label="Category">
            <Choice id="product-category" value={form.category} options={adminCategories} onChange={(v) => set("category", v)} />
          </Field>
          <Field id="product-brand" label="Brand">
            <Choice id="product-brand" value={form.brand} options={adminBrands} onChange={(v) => set("brand", v)} />
          </Field>
          <Field id="product-condition" label="Condition">
            <Choice
              id="product-condition"
              value={form.condition}
              options={productConditions}
              onChange={(v) => set("condition", v as FormState["condition"])}
            />
          </Field>
          <Field id="product-rating" label="Rating (1-5)">
            <TextField.Root
              id="product-rating"
              type="number"
              min={1}
              max={5}
              step={0.1}
              {...text("rating")}
              placeholder="Optional"
            />
          </Field>
          <Flex align="center" gap="2" pt={{ initial: "0", sm: "5" }}>
            <Text as="label" size="2" weight="medium">
              <Flex gap="2" align="center">
                <Switch checked={form.inStock} onCheckedChange={(v) => set("inStock", v)} />
                In Stock
              </Flex>
            </Text>
          </Flex>
        </Grid>
        <Box mt="4">
          <Field id="product-description" label="Description">
            <TextArea id="product-description" {...text("description")} rows={4} maxLength={2000} />
          </Field>
        </Box>

        <Box mt="4">
          <ProductImageField
            image={form.image}
            onChange={(image) => set("image", image)}
            uploading={uploading}
            onUploadingChange={setUploading}
          />
        </Box>

        <Flex gap="3" mt="5" justify="end" wrap="wrap">
          <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" disabled={uploading || creating}>
            {creating ? "Creating..." : "Create Product"}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
