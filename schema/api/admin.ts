import { adminBrands, adminCategories, productConditions } from "../business";
import { parsePriceToPence } from "../format";
import type { Product } from "./products";
import { z } from "./z";

/**
 * The admin API's request contracts and response shapes. Browser-safe (no Drizzle): the admin
 * screens validate their forms with these same schemas and read these types.
 */

/** A code from the authenticator app (6 digits) or a one-time recovery code. */
const secondFactorCode = z
  .string({ error: "Please enter the code from your authenticator app" })
  .trim()
  .min(1, "Please enter the code from your authenticator app")
  .max(40, "That code is too long");

export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode.optional(),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;
/**
 * A sign-in: a token, or (right password, second factor on, no valid code sent) a request for the
 * code. Wrong credentials or a wrong code are a 401 UNAUTHORIZED error instead.
 */
export type AdminLoginResult = { success: true; token: string } | { success: false; mfaRequired: true };

export const mfaEnableSchema = z.object({ code: secondFactorCode });
/** The owner's password and a current code (or a recovery code): to turn the factor off or get new recovery codes. */
export const mfaConfirmSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode,
});

/** POST /api/admin/mfa/setup: the secret to add to an authenticator app (as text and as a QR code's address). */
export type MfaSetup = { secret: string; otpauthUri: string };
/** POST /api/admin/mfa/enable: ten one-time recovery codes, shown this once. */
export type MfaEnabled = { enabled: true; recoveryCodes: string[] };
/** POST /api/admin/mfa/recovery-codes: ten new recovery codes, shown this once; the old ones stop working. */
export type MfaRecoveryCodes = { recoveryCodes: string[] };

export type AdminSignIn = {
  at: string;
  address: string;
  userAgent: string | null;
  outcome: "success" | "wrong_credentials" | "wrong_code" | "code_required" | "throttled";
};

/** GET /api/admin/security: the second factor's state and the latest sign-ins, newest first. */
export type AdminSecurity = {
  mfaEnabled: boolean;
  mfaEnabledAt: string | null;
  recoveryCodesLeft: number;
  signIns: AdminSignIn[];
};

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: "The id must be a whole number" })
    .int("The id must be a whole number")
    .positive("The id must be a whole number"),
});

/** Stored quote: `isRead` is the string 'true' once read, `repliedAt` set when replied. */
export type AdminQuote = {
  id: number;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  service: string;
  message: string | null;
  createdAt: string;
  isRead: "true" | "false";
  repliedAt: string | null;
  /** The owner's own notes. */
  notes: string | null;
  /** A call back asked for in the chat: its conversation (GET /api/admin/chats?session=…). */
  chatSessionId: string | null;
};

/**
 * A subscriber of the deals list. `isActive` ("true"/"false") is the field the list has always
 * had; `status` tells the pending sign-ups (not confirmed yet, never e-mailed) from the
 * unsubscribed.
 */
export type AdminSubscriber = {
  id: number;
  email: string;
  isActive: "true" | "false";
  status: "pending" | "active" | "unsubscribed";
  signedUpAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};

export type AdminCustomer = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  postcode: string | null;
  isLandlord: boolean;
  createdAt: string;
};

export type AdminServiceRecord = {
  id: number;
  customerId: number | null;
  /** "First Last" of the linked customer; null when none (the screen shows "Unknown Customer"). */
  customerName: string | null;
  customerEmail: string | null;
  serviceType: string;
  equipmentType: string | null;
  equipmentModel: string | null;
  status: "completed" | "in-progress" | "scheduled" | "pending";
  /** ISO date, yyyy-mm-dd. */
  serviceDate: string;
  technicianName: string | null;
  /** Decimal text ("85.00"), or null when not recorded. */
  cost: string | null;
  workCompleted: string | null;
  partsUsed: string | null;
  nextServiceDue: string | null;
  description: string | null;
  notes: string | null;
  quoteId: number | null;
};

// ---- Products ------------------------------------------------------------------------------

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

/** The format rules of the fields that are present (a new product has them all; an edit only the ones it changes). */
function checkProductFields(v: ProductFieldValues, ctx: z.RefinementCtx) {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (v.image !== undefined) {
    if (v.image === "") fail("image", PRODUCT_IMAGE_MISSING);
    else if (!isProductImagePath(v.image)) fail("image", "The product image must be an image uploaded here.");
  }
  const price = v.price === undefined ? undefined : parsePriceToPence(v.price);
  if (price === null) fail("price", "Price must be an amount in pounds, like 45.99 or £45.99");
  else if (price !== undefined && price <= 0) fail("price", "Price must be more than £0.00");
  if (v.originalPrice !== undefined && v.originalPrice !== "") {
    const original = parsePriceToPence(v.originalPrice);
    if (original === null) fail("originalPrice", "Original price must be an amount in pounds, like 59.99 or £59.99");
    else if (price != null && original <= price) fail("originalPrice", "Original price must be higher than the price");
  }
  if (v.category !== undefined && !(adminCategories as readonly string[]).includes(v.category)) {
    fail("category", "Please choose a category from the list");
  }
  if (v.brand !== undefined && !(adminBrands as readonly string[]).includes(v.brand))
    fail("brand", "Please choose a brand from the list");
  if (v.rating != null && !isRating(v.rating)) fail("rating", "Rating must be a number from 1 to 5 in steps of 0.1");
}

/** The stored form of the fields that are present. */
function toProductColumns(v: ProductFieldValues) {
  return {
    ...(v.name !== undefined && { name: v.name }),
    ...(v.description !== undefined && { description: v.description }),
    ...(v.price !== undefined && { pricePence: parsePriceToPence(v.price)! }),
    ...(v.originalPrice !== undefined && {
      originalPricePence: v.originalPrice === "" ? null : parsePriceToPence(v.originalPrice),
    }),
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
export const productFormSchema = z
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
    checkProductFields(v, ctx);
  })
  .transform((v) => ({
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
  /** The owner's flag, used when the product is not counted. */
  inStockFlag: boolean;
  /** Counted, and at or below its low-stock level. */
  lowStock: boolean;
};

export type StockMovement = {
  id: number;
  change: number;
  quantityAfter: number | null;
  reason: "sale" | "hold" | "release" | "cancellation" | "edit" | "import";
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
};

// ---- Orders --------------------------------------------------------------------------------

export const fulfilmentStatusList = ["new", "confirmed", "dispatched", "completed", "cancelled"] as const;
export type FulfilmentStatus = (typeof fulfilmentStatusList)[number];

/** new → confirmed → dispatched → completed; anything not completed may be cancelled. */
export const fulfilmentTransitions: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  new: ["confirmed", "cancelled"],
  confirmed: ["dispatched", "cancelled"],
  dispatched: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

export const fulfilmentUpdateSchema = z.object({
  fulfilmentStatus: z.enum(fulfilmentStatusList, {
    error: "Fulfilment status must be one of new, confirmed, dispatched, completed or cancelled",
  }),
  /** On dispatch: who carries it and their tracking reference (both optional). */
  courier: z.string({ error: "The courier must be text" }).trim().max(60, "The courier's name is too long").nullish(),
  trackingReference: z
    .string({ error: "The tracking reference must be text" })
    .trim()
    .max(80, "The tracking reference is too long")
    .nullish(),
});
export type FulfilmentUpdate = z.output<typeof fulfilmentUpdateSchema>;

export type AdminOrderLine = {
  id: number;
  productId: number | null;
  name: string;
  brand: string;
  image: string | null;
  unitPrice: string;
  quantity: number;
  lineTotal: string;
};

export type AdminOrder = {
  id: string;
  /** What people see and say: "NS-10001". */
  number: string | null;
  courier: string | null;
  trackingReference: string | null;
  createdAt: string;
  updatedAt: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  shippingAddress: string | null;
  notes: string | null;
  totalAmount: string;
  paymentMethod: "order_form" | "card";
  paymentStatus: "unpaid" | "pending_payment" | "paid" | "cancelled";
  paidAt: string | null;
  fulfilmentStatus: FulfilmentStatus;
  /** The states this order may move to next (for the screen's buttons). */
  nextStatuses: readonly FulfilmentStatus[];
  lines: AdminOrderLine[];
};

// ---- Image uploads -------------------------------------------------------------------------

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
