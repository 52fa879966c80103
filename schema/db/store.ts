import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Money is integer pence everywhere in D1; the API turns it into "45.99".
 *
 * Stock: `stockQuantity` is a count (never below zero: triggers in migration 0002 refuse it, so a
 * batch that would oversell fails whole), or null for "not counted" (services, special orders),
 * where the owner's `inStock` flag rules. Text search goes through the FTS5 table
 * `products_search` (same migration), kept in step by triggers.
 */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    pricePence: integer("price_pence").notNull(),
    originalPricePence: integer("original_price_pence"),
    image: text("image").notNull(),
    editedImage: text("edited_image"),
    condition: text("condition", { enum: ["New", "Used"] })
      .notNull()
      .default("New"),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    rating: real("rating"),
    stockQuantity: integer("stock_quantity"),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    /** Set when the owner was told this product ran low; cleared when it is restocked above the threshold. */
    lowStockAlertedAt: text("low_stock_alerted_at"),
    createdAt: createdAt(),
    /**
     * What a unit costs the firm, in pence before VAT, or null when the owner has not said. Copied
     * onto each ledger movement as it happens, so a later change of cost rewrites no past job's margin.
     */
    costPence: integer("cost_pence"),
  },
  (t) => [
    check("products_price_positive", sql`${t.pricePence} > 0`),
    check("products_rating_range", sql`${t.rating} IS NULL OR (${t.rating} BETWEEN 1 AND 5)`),
    index("products_category_brand").on(t.category, t.brand),
  ],
);

/** "visit": parts the engineer used on a visit (their job sheet), with the visit named. */
export const stockReasons = ["sale", "hold", "release", "cancellation", "edit", "import", "visit"] as const;

/** Every change of a counted product's stock, with why: the product editor shows the latest. */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    change: integer("change").notNull(),
    /** The count after the change. */
    quantityAfter: integer("quantity_after"),
    reason: text("reason", { enum: stockReasons }).notNull(),
    orderId: text("order_id"),
    createdAt: createdAt(),
    /** The visit whose job sheet used the part (reason "visit"). */
    serviceRecordId: integer("service_record_id"),
    /** The product's cost price per unit when it moved (reason "visit"), null when it had none: a job's parts at cost. */
    unitCostPence: integer("unit_cost_pence"),
  },
  (t) => [index("stock_movements_product").on(t.productId, t.id), index("stock_movements_visit").on(t.serviceRecordId)],
);

/** One line per product per anonymous cart session; quantity changes are single atomic UPDATEs. */
export const cartItems = sqliteTable(
  "cart_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cart_items_session_product").on(t.sessionId, t.productId),
    index("cart_items_updated_at").on(t.updatedAt),
    check("cart_items_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

export const paymentStatuses = ["unpaid", "pending_payment", "paid", "cancelled"] as const;
/**
 * Whether an order holds stock: `taken` (a form order, or a paid card order), `held` (a card
 * payment in progress), `released` (given back: expired, cancelled), `none` (orders before stock
 * was counted). Releasing is conditional on held/taken, so stock is never given back twice.
 */
export const stockStates = ["none", "held", "taken", "released"] as const;
export const fulfilmentStatuses = ["new", "confirmed", "dispatched", "completed", "cancelled"] as const;

/**
 * Orders come from the checkout form (customer details given, paid on delivery/invoice) or from
 * card payment (details collected by Stripe, so they are nullable until the webhook fills them).
 * The id is random (not guessable) because it is shown to the customer.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    customerName: text("customer_name"),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    shippingAddress: text("shipping_address"),
    notes: text("notes"),
    totalPence: integer("total_pence").notNull(),
    paymentMethod: text("payment_method", { enum: ["order_form", "card"] }).notNull(),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull(),
    fulfilmentStatus: text("fulfilment_status", { enum: fulfilmentStatuses }).notNull().default("new"),
    stripeSessionId: text("stripe_session_id"),
    paidAt: text("paid_at"),
    /** How an order-form order was paid, as the owner recorded it (cash, bank transfer, card on delivery). */
    paidBy: text("paid_by"),
    /** The number people see ("NS-10001"): sequential, given when the order is written. */
    number: integer("number"),
    courier: text("courier"),
    trackingReference: text("tracking_reference"),
    stockState: text("stock_state", { enum: stockStates }).notNull().default("none"),
    /** A card payment's hold ends here if no webhook came (the cron releases it). */
    holdExpiresAt: text("hold_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_stripe_session").on(t.stripeSessionId),
    uniqueIndex("orders_number").on(t.number),
    index("orders_created_at").on(t.createdAt),
    index("orders_fulfilment").on(t.fulfilmentStatus, t.createdAt),
    index("orders_customer_email").on(t.customerEmail),
  ],
);

/** Snapshots: an order keeps what was bought at what price even if the product changes or goes. */
export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    image: text("image"),
    unitPricePence: integer("unit_price_pence").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_lines_order").on(t.orderId)],
);

/** Stripe webhook events already handled: a replay changes nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});
