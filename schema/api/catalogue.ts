import { adminBrands, adminCategories, productConditions } from "../business";
import { parsePriceToPence } from "../format";
import { limitParam, offsetParam, searchParam } from "./lists";
import type { Product } from "./products";
import { z } from "./z";

/**
 * GET /api/products and GET /api/admin/products: the matching products (all of them without a
 * filter), newest first, a page at a time, with the full count in the X-Total-Count header. The
 * public list without a query answers its first page (settings.catalogue.firstPage): the whole
 * catalogue of a shop of a few hundred parts. `q` matches words of the name, brand or description.
 */
export const catalogueQuerySchema = z.object({
  q: searchParam,
  category: z.string().trim().max(60, "That category is too long").optional(),
  brand: z.string().trim().max(60, "That brand is too long").optional(),
  /** Back office only: counted products at or below their low-stock level. */
  lowStock: z
    .enum(["1", "true", "0", "false"], { error: "lowStock must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // No default: without a limit the public list answers its first page, the one the cache keeps.
  limit: limitParam(500).optional(),
  offset: offsetParam,
});

export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** Is this the plain first page of the whole catalogue (the one the public cache keeps)? */
export const isWholeCatalogue = (q: CatalogueQuery) =>
  !q.q && !q.category && !q.brand && !q.lowStock && q.limit === undefined && q.offset === 0;

/** The form labels of the required fields, in the order its message lists them. */
export const requiredProductFields = [
  ["name", "Product Name"],
  ["price", "Price"],
  ["category", "Category"],
  ["brand", "Brand"],
  ["description", "Description"],
] as const;

export const PRODUCT_IMAGE_MISSING = "Please upload a product image.";

export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

const MAX_STOCK = 1_000_000;

/** Uploaded images (R2) or the bundled artwork; never an outside URL. */
const productImagePath = /^\/(public-objects\/product-images\/[A-Za-z0-9][A-Za-z0-9._-]*|images\/[A-Za-z0-9][A-Za-z0-9/._-]*)$/;

export const isProductImagePath = (path: string) => productImagePath.test(path) && !path.includes("..");

const formText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => v ?? "");

/** Price inputs are text that may carry "£"; numbers are tolerated. */
const priceText = z
  .union([z.string(), z.number()], { error: "Price must be an amount in pounds, like 45.99" })
  .nullish()
  .transform((v) => (v == null ? "" : String(v).trim()));

const ratingInput = z
  .union([z.number(), z.string()], { error: "Rating must be a number from 1 to 5" })
  .nullish()
  .transform((v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : Number(v)));

const isRating = (r: number) => Number.isFinite(r) && r >= 1 && r <= 5 && Math.abs(r * 10 - Math.round(r * 10)) < 1e-9;

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be below 0`)
    .max(max, `${label} is too large`);

/**
 * Every field of a product as the form (and a CSV row) gives it. `stockQuantity` null means "not
 * counted": then the `inStock` flag rules.
 */
const productFields = {
  name: formText("Product Name", 200),
  price: priceText,
  originalPrice: priceText,
  /** What a unit costs the firm before VAT (blank: not known); the back office's margin report reads it. */
  costPrice: priceText,
  image: formText("Image", 300),
  category: formText("Category", 60),
  brand: formText("Brand", 60),
  description: formText("Description", 2000),
  condition: z.enum(productConditions, { error: "Condition must be New or Used" }),
  rating: ratingInput,
  inStock: z.boolean({ error: "In stock must be true or false" }),
  stockQuantity: wholeNumber("Stock", MAX_STOCK).nullable(),
  lowStockThreshold: wholeNumber("Low-stock level", 10_000),
};

type ProductFieldValues = { [K in keyof typeof productFields]?: z.output<(typeof productFields)[K]> };

/**
 * The format rules of the fields that are present (a new product has them all; an edit only the
 * ones it changes). A product from an imported price list may have no image yet (the store shows
 * its placeholder until the owner uploads one).
 */
function checkProductFields(v: ProductFieldValues, ctx: z.RefinementCtx, { imageRequired = true } = {}) {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (v.image !== undefined) {
    if (v.image === "") {
      if (imageRequired) fail("image", PRODUCT_IMAGE_MISSING);
    } else if (!isProductImagePath(v.image)) fail("image", "The product image must be an image uploaded here.");
  }
  const price = v.price === undefined ? undefined : parsePriceToPence(v.price);
  if (price === null) fail("price", "Price must be an amount in pounds, like 45.99 or £45.99");
  else if (price !== undefined && price <= 0) fail("price", "Price must be more than £0.00");
  if (v.originalPrice !== undefined && v.originalPrice !== "") {
    const original = parsePriceToPence(v.originalPrice);
    if (original === null) fail("originalPrice", "Original price must be an amount in pounds, like 59.99 or £59.99");
    else if (price != null && original <= price) fail("originalPrice", "Original price must be higher than the price");
  }
  if (v.costPrice !== undefined && v.costPrice !== "" && parsePriceToPence(v.costPrice) === null)
    fail("costPrice", "Cost price must be an amount in pounds before VAT, like 12.50 or £12.50");
  if (v.category !== undefined && !(adminCategories as readonly string[]).includes(v.category)) {
    fail("category", "Please choose a category from the list");
  }
  if (v.brand !== undefined && !(adminBrands as readonly string[]).includes(v.brand))
    fail("brand", "Please choose a brand from the list");
  if (v.rating != null && !isRating(v.rating)) fail("rating", "Rating must be a number from 1 to 5 in steps of 0.1");
}

const costPenceOf = (text: string) => (text === "" ? null : parsePriceToPence(text));

/** The stored form of the fields that are present. */
function toProductColumns(v: ProductFieldValues) {
  return {
    ...(v.name !== undefined && { name: v.name }),
    ...(v.description !== undefined && { description: v.description }),
    ...(v.price !== undefined && { pricePence: parsePriceToPence(v.price)! }),
    ...(v.originalPrice !== undefined && {
      originalPricePence: v.originalPrice === "" ? null : parsePriceToPence(v.originalPrice),
    }),
    ...(v.costPrice !== undefined && { costPence: costPenceOf(v.costPrice) }),
    ...(v.image !== undefined && { image: v.image }),
    ...(v.condition !== undefined && { condition: v.condition }),
    ...(v.brand !== undefined && { brand: v.brand }),
    ...(v.category !== undefined && { category: v.category }),
    ...(v.inStock !== undefined && { inStock: v.inStock }),
    ...(v.rating !== undefined && { rating: v.rating }),
    ...(v.stockQuantity !== undefined && { stockQuantity: v.stockQuantity }),
    ...(v.lowStockThreshold !== undefined && { lowStockThreshold: v.lowStockThreshold }),
  };
}

/**
 * POST /api/admin/products and the Add Product form. The first issue is the one to show: missing
 * fields first ("Please fill in: …"), then the image, then formats.
 */

const productSchema = ({ imageRequired }: { imageRequired: boolean }) =>
  z
    .object({
      ...productFields,
      condition: productFields.condition.default("New"),
      inStock: productFields.inStock.default(true),
      stockQuantity: productFields.stockQuantity.default(null),
      lowStockThreshold: productFields.lowStockThreshold.default(DEFAULT_LOW_STOCK_THRESHOLD),
    })
    .superRefine((v, ctx) => {
      const missing = requiredProductFields.filter(([key]) => v[key] === "").map(([, label]) => label);
      if (missing.length > 0) {
        ctx.addIssue({ code: "custom", message: `Please fill in: ${missing.join(", ")}`, path: [missing[0] ?? ""] });
        return;
      }
      checkProductFields(v, ctx, { imageRequired });
    });

export const productFormSchema = productSchema({ imageRequired: true }).transform((v) => ({
  name: v.name,
  description: v.description,
  pricePence: parsePriceToPence(v.price)!,
  originalPricePence: v.originalPrice === "" ? null : parsePriceToPence(v.originalPrice),
  costPence: costPenceOf(v.costPrice),
  image: v.image,
  condition: v.condition,
  brand: v.brand,
  category: v.category,
  inStock: v.inStock,
  rating: v.rating,
  stockQuantity: v.stockQuantity,
  lowStockThreshold: v.lowStockThreshold,
}));

/** A row of the CSV import: as the form, but a product may arrive without an image (a supplier's price list). */
export const productImportRowSchema = productSchema({ imageRequired: false }).transform((v) => ({
  name: v.name,
  description: v.description,
  pricePence: parsePriceToPence(v.price)!,
  originalPricePence: v.originalPrice === "" ? null : parsePriceToPence(v.originalPrice),
  image: v.image,
  condition: v.condition,
  brand: v.brand,
  category: v.category,
  inStock: v.inStock,
  rating: v.rating,
  stockQuantity: v.stockQuantity,
  lowStockThreshold: v.lowStockThreshold,
}));

/** What the form sends (price text, originalPrice or null, rating or null). */
export type ProductFormInput = z.input<typeof productFormSchema>;

export type NewProduct = z.output<typeof productFormSchema>;

/** A product as a CSV row gives it (the price list carries no cost price: an import leaves the owner's as it is). */
export type ImportedProduct = z.output<typeof productImportRowSchema>;

/**
 * PATCH /api/admin/products/:id: any subset of the fields. A required field, when sent, may not be
 * blank. The original price is checked against the price here when both are sent, and against the
 * stored price by the service when only one is.
 */
export const productPatchSchema = z
  .object(productFields)
  .partial()
  .superRefine((v, ctx) => {
    const blank = requiredProductFields.filter(([key]) => v[key] === "");
    if (blank.length > 0) {
      const labels = blank.map(([, label]) => label).join(", ");
      ctx.addIssue({ code: "custom", message: `Please fill in: ${labels}`, path: [blank[0]![0]] });
      return;
    }
    if (Object.keys(v).length === 0) ctx.addIssue({ code: "custom", message: "Nothing to change was sent.", path: [] });
    checkProductFields(v, ctx);
  })
  .transform(toProductColumns);

export type ProductPatchInput = z.input<typeof productPatchSchema>;

export type ProductChanges = z.output<typeof productPatchSchema>;

/** A product as the back office sees it: the public fields, the count and the owner's own flag. */
export type AdminProduct = Product & {
  /** Null: not counted (the owner's In Stock flag rules). */
  stockQuantity: number | null;
  lowStockThreshold: number;
  /** What a unit costs the firm before VAT ("12.50"), or null when not given. */
  costPrice: string | null;
  /** The owner's flag, used when the product is not counted. */
  inStockFlag: boolean;
  /** Counted, and at or below its low-stock level. */
  lowStock: boolean;
};

export type StockMovement = {
  id: number;
  change: number;
  quantityAfter: number | null;
  reason: "sale" | "hold" | "release" | "cancellation" | "edit" | "import" | "visit";
  orderId: string | null;
  createdAt: string;
};

/** GET /api/admin/products/:id/stock-movements: the latest 20, newest first. */
export type StockMovements = StockMovement[];

/** POST /api/admin/products/import (and ?dryRun=1). */
export type ProductImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string; message: string }[];
  applied: boolean;
  /** What the import changes, field by field (the first 500 products), so the owner sees old → new before confirming. */
  changes: { row: number; id: number; name: string; fields: { column: string; from: string; to: string }[] }[];
  /** The products it adds (the first 500). */
  additions: { row: number; name: string; price: string }[];
};

export const MAX_IMAGE_BYTES = 10_485_760;

export const INVALID_IMAGE_TYPE = "Please select an image file (JPG, PNG, GIF, etc.)";

export const uploadUrlSchema = z.object({
  fileName: z
    .string({ error: "A file name is required" })
    .trim()
    .min(1, "A file name is required")
    .max(255, "That file name is too long"),
});

/** POST /api/admin/upload-url: `uploadURL` (the name the client reads) plus the path the product should store. */
export type UploadUrlResult = { uploadURL: string; objectPath: string };

/** PUT to uploadURL. */
export type UploadResult = { objectPath: string; contentType: string; size: number };

/** POST /api/admin/products/import?dryRun=1: check the file and say what would change, changing nothing. */
export const importQuerySchema = z.object({
  dryRun: z.enum(["1", "true", "0", "false"], { error: "dryRun must be 1 or 0" }).optional(),
});
