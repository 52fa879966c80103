import {
  type AdminProduct,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type ProductFormInput,
  type ProductPatchInput,
  requiredProductFields,
} from "../../../../schema/api/catalogue";
import { adminBrands, adminCategories, type productConditions } from "../../../../schema/business";
import { changedFields, type FieldErrors } from "../../../lib/use-form";

/** The product form as typed: text inputs stay text until the form is sent. */
export type ProductFormState = {
  name: string;
  price: string;
  originalPrice: string;
  /** What a unit costs the firm before VAT: the margin report's parts at cost. */
  costPrice: string;
  category: string;
  brand: string;
  condition: (typeof productConditions)[number];
  rating: string;
  /** The owner's flag: rules only while the product is not counted. */
  inStock: boolean;
  description: string;
  image: string;
  /** Counted: the shelf count below decides whether it is in stock. */
  countStock: boolean;
  stockQuantity: string;
  lowStockThreshold: string;
};

/** Add Product's defaults: Gas Valves, Vaillant, New, in stock, not counted. */
export const emptyProductForm: ProductFormState = {
  name: "",
  price: "",
  originalPrice: "",
  costPrice: "",
  category: adminCategories[0],
  brand: adminBrands[0],
  condition: "New",
  rating: "",
  inStock: true,
  description: "",
  image: "",
  countStock: false,
  stockQuantity: "",
  lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
};

/** The editor's starting point: the product as stored. */
export function productFormFrom(product: AdminProduct): ProductFormState {
  return {
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice ?? "",
    costPrice: product.costPrice ?? "",
    category: product.category,
    brand: product.brand,
    condition: product.condition,
    rating: product.rating === null ? "" : String(product.rating),
    inStock: product.inStockFlag,
    description: product.description,
    image: product.image,
    countStock: product.stockQuantity !== null,
    stockQuantity: product.stockQuantity === null ? "" : String(product.stockQuantity),
    lowStockThreshold: String(product.lowStockThreshold),
  };
}

/** A whole-number box: blank is not a number, so the schema says what to type rather than saving 0. */
const wholeNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** Every field as the API takes it (the Add Product request). */
export function productInput(form: ProductFormState): ProductFormInput {
  return {
    name: form.name,
    price: form.price,
    originalPrice: form.originalPrice.trim() === "" ? null : form.originalPrice,
    costPrice: form.costPrice.trim() === "" ? null : form.costPrice,
    image: form.image,
    category: form.category,
    brand: form.brand,
    description: form.description,
    condition: form.condition,
    rating: form.rating.trim() === "" ? null : Number(form.rating),
    inStock: form.inStock,
    stockQuantity: form.countStock ? wholeNumber(form.stockQuantity) : null,
    lowStockThreshold: wholeNumber(form.lowStockThreshold),
  };
}

/** Only what the owner changed since `initial` (the PATCH request); empty when nothing did. */
export function productChanges(initial: ProductFormState, form: ProductFormState): ProductPatchInput {
  const before = productInput(initial);
  const after = productInput(form);
  const changes: Partial<ProductFormInput> = changedFields(before, after);
  // The flag is the owner's only while the product is not counted; a counted product keeps its own.
  if (form.countStock) delete changes.inStock;
  return changes as ProductPatchInput;
}

/** Each required field left blank, in the schema's own words ("Please fill in: Price"). */
export function missingFieldErrors(sent: Partial<ProductFormInput>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, label] of requiredProductFields) {
    const value = sent[key];
    if (typeof value === "string" && value.trim() === "") errors[key] = `Please fill in: ${label}`;
  }
  return errors;
}
