import { Box, Button, Flex, Grid, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import {
  type AdminProduct,
  type ProductFormInput,
  type ProductPatchInput,
  productFormSchema,
  productPatchSchema,
} from "../../../../schema/api/catalogue";
import { adminBrands, adminCategories, productConditions } from "../../../../schema/business";
import { toastFailure, toastInvalid } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
import { Field, FieldError } from "../form-field";
import { Choice } from "../select-choice";
import {
  emptyProductForm,
  missingFieldErrors,
  type ProductFormState,
  productChanges,
  productFormFrom,
  productInput,
} from "./product-form-state";
import { ProductImageField } from "./product-image-field";
import { StockFields } from "./stock-fields";

type Props = {
  /** Prefix of the fields' ids, so Add Product and the editor can be open together. */
  idPrefix: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  onCancel: () => void;
} & (
  | { product?: undefined; onCreate: (input: ProductFormInput) => Promise<void> }
  | { product: AdminProduct; onSave: (changes: ProductPatchInput) => Promise<void> }
);

/** The API field whose error a form field clears as it is edited (the Count stock switch: the count). */
const errorKey = (key: string) => [key === "countStock" ? "stockQuantity" : key];

/**
 * The product form: Add Product (every field, created with POST) and the editor (filled in from the
 * product, sending only what changed with PATCH). Checked with the API's own schemas first; each
 * problem, the server's included, shows beside its field.
 */
export function ProductForm(props: Props) {
  const { idPrefix, labelledBy, onCancel, product } = props;
  const editing = product !== undefined;
  const form = useForm<ProductFormState>({
    initial: () => (product ? productFormFrom(product) : emptyProductForm),
    schema: product ? productPatchSchema : productFormSchema,
    input: (values, initial) => (product ? productChanges(initial, values) : productInput(values)),
    idPrefix,
    clears: errorKey,
  });
  const [uploading, setUploading] = useState(false);
  const { values, errors, set, busy, id } = form;
  const text = (key: "name" | "price" | "originalPrice" | "costPrice" | "rating" | "description", fieldId: string) =>
    form.text(key, fieldId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = props.product ? productChanges(form.initial, values) : productInput(values);
    if (props.product && Object.keys(sent).length === 0) {
      notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
      return;
    }
    await form.submit(
      async (_data, input) => {
        if (props.product) {
          await props.onSave(input as ProductPatchInput);
          notify({ title: "Product saved", description: "The changes are live in the store.", variant: "success" });
          form.reset(values);
        } else {
          await props.onCreate(input as ProductFormInput);
          notify({
            title: "Product created",
            description: "The product has been successfully added to the store.",
            variant: "success",
          });
          form.reset(emptyProductForm);
        }
      },
      {
        // A blank required field is named at itself, beside the schema's one message for them all.
        extra: missingFieldErrors(sent),
        onInvalid: toastInvalid,
        onError: toastFailure("Error", editing ? "Failed to save the product" : "Failed to create product"),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        <Field id={id("name")} label="Product Name" error={errors.name}>
          <TextField.Root {...text("name", id("name"))} maxLength={200} />
        </Field>
        <Field id={id("price")} label="Price (£)" error={errors.price}>
          <TextField.Root {...text("price", id("price"))} inputMode="decimal" placeholder="45.99" />
        </Field>
        <Field id={id("original-price")} label="Original Price (£)" error={errors.originalPrice}>
          <TextField.Root {...text("originalPrice", id("original-price"))} inputMode="decimal" placeholder="Optional" />
        </Field>
        <Field id={id("cost-price")} label="Cost Price (£, before VAT)" error={errors.costPrice}>
          <TextField.Root {...text("costPrice", id("cost-price"))} inputMode="decimal" placeholder="Optional" />
        </Field>
        <Field id={id("category")} label="Category" error={errors.category}>
          <Choice
            id={id("category")}
            value={values.category}
            options={adminCategories}
            onChange={(v) => set("category", v)}
            error={errors.category}
          />
        </Field>
        <Field id={id("brand")} label="Brand" error={errors.brand}>
          <Choice
            id={id("brand")}
            value={values.brand}
            options={adminBrands}
            onChange={(v) => set("brand", v)}
            error={errors.brand}
          />
        </Field>
        <Field id={id("condition")} label="Condition" error={errors.condition}>
          <Choice
            id={id("condition")}
            value={values.condition}
            options={productConditions}
            onChange={(v) => set("condition", v as ProductFormState["condition"])}
            error={errors.condition}
          />
        </Field>
        <Field id={id("rating")} label="Rating (1-5)" error={errors.rating}>
          <TextField.Root {...text("rating", id("rating"))} type="number" min={1} max={5} step={0.1} placeholder="Optional" />
        </Field>
      </Grid>

      <StockFields idPrefix={idPrefix} form={values} set={set} errors={errors} />

      <Box mt="4">
        <Field id={id("description")} label="Description" error={errors.description}>
          <TextArea {...text("description", id("description"))} rows={4} maxLength={2000} />
        </Field>
      </Box>

      <Box mt="4">
        <ProductImageField
          id={id("image")}
          image={values.image}
          onChange={(image) => set("image", image)}
          uploading={uploading}
          onUploadingChange={setUploading}
        />
        <FieldError id={id("image")} error={errors.image} />
      </Box>

      <Flex gap="3" mt="5" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading || busy}>
          {editing ? (busy ? "Saving..." : "Save Changes") : busy ? "Creating..." : "Create Product"}
        </Button>
      </Flex>
    </form>
  );
}
