import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import { type CheckoutForm, clientAmountToPence, type OrderSummary, orderNumberText } from "../../../schema/api/orders";
import { cartItems, orderLines, orders, products } from "../../../schema/db";
import { formatPence, penceToDecimal } from "../../../schema/format";
import { randomText } from "../../../schema/random";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { ApiError } from "../../lib/errors";
import { type CartContents, readCart } from "./cart";
import { forgetCatalogue } from "./catalogue-cache";
import { isOutOfStock, outOfStockError, shortLines, takeStock } from "./stock";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] };

/** "ord_" and 24 base32 characters (120 random bits): shown to customers, so never guessable. */
export function newOrderId(): string {
  return `ord_${randomText(24)}`;
}

/**
 * What the cart costs now, from D1. `fingerprint` pins the exact lines, quantities, prices and stock
 * that were priced, so the order is only written if nothing changed in between (see recordOrder).
 */
export type PricedCart = { rows: CartContents; totalPence: number; fingerprint: string };

export function priceCart(rows: CartContents): PricedCart {
  if (rows.length === 0) throw new ApiError("VALIDATION_FAILED", "Your cart is empty");
  const short = shortLines(rows);
  if (short.length > 0) throw outOfStockError(short);
  return {
    rows,
    totalPence: rows.reduce((sum, r) => sum + r.product.pricePence * r.line.quantity, 0),
    fingerprint: rows
      .map((r) => `${r.line.id}:${r.line.quantity}:${r.product.pricePence}:${r.product.inStock ? 1 : 0}`)
      .join(","),
  };
}

/** The 409 that tells the customer the real total before anything is charged or ordered. */
function priceChanged(totalPence: number): ApiError {
  const currentTotal = penceToDecimal(totalPence);
  const message = `The prices in your cart have changed. Your total is now ${formatPence(totalPence)}.`;
  return new ApiError("CONFLICT", message, { details: [{ path: "totalAmount", message, value: currentTotal }] });
}

type NewOrder = {
  id: string;
  sessionId: string;
  customer: CheckoutForm | null;
  paymentMethod: OrderRow["paymentMethod"];
  paymentStatus: OrderRow["paymentStatus"];
  priced: PricedCart;
  /** The checkout form sells the stock and empties the cart with the order; card payment holds it until paid. */
  stock: { state: "taken"; reason: "sale" } | { state: "held"; reason: "hold"; until: string };
  clearCart: boolean;
};

/** Products an order took to their low-stock level (each told to the owner once until restocked). */
export type LowStockProduct = { id: number; name: string; stockQuantity: number | null; lowStockThreshold: number };

/** The same fingerprint as priceCart's, computed by SQLite inside the write transaction. */
const cartFingerprint = (sessionId: string) => sql`(
  SELECT group_concat(f, ',') FROM (
    SELECT c.id || ':' || c.quantity || ':' || p.price_pence || ':' || p.in_stock AS f
    FROM cart_items c JOIN products p ON p.id = c.product_id
    WHERE c.session_id = ${sessionId} ORDER BY c.id))`;

const orderExists = (db: Db, orderId: string) => exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.id, orderId)));

/** Deletes the cart lines of the products an order contains (only once the order exists). */
export const clearOrderedLines = (db: Db, orderId: string, sessionId: string) =>
  db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        inArray(
          cartItems.productId,
          db.select({ id: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId)),
        ),
      ),
    );

/**
 * Writes the order, its line snapshots (name, brand, image, price from D1), its stock (sold or
 * held) and, for the checkout form, the cart deletion in one D1 batch (one transaction). The order
 * row is only inserted while the cart still matches the priced fingerprint, and the other
 * statements only act once it was: a concurrent change or a double submit writes nothing, and the
 * caller answers with the new total. A line whose stock ran out meanwhile fails the whole batch
 * (counts never go below zero), answered with which lines are short.
 */
export async function recordOrder(db: Db, order: NewOrder): Promise<{ order: OrderWithLines; lowStock: LowStockProduct[] }> {
  const now = new Date().toISOString();
  const c = order.customer;
  const [take, ledger, claimAlerts] = takeStock(db, order.id, order.stock.reason);
  const results = await db
    .batch([
      insertWhen(
        db,
        orders,
        {
          id: order.id,
          sessionId: order.sessionId,
          customerName: c?.customerName ?? null,
          customerEmail: c?.customerEmail ?? null,
          customerPhone: c?.customerPhone ?? null,
          shippingAddress: c?.shippingAddress ?? null,
          notes: c?.notes || null,
          totalPence: order.priced.totalPence,
          paymentMethod: order.paymentMethod,
          paymentStatus: order.paymentStatus,
          fulfilmentStatus: "new",
          // One writer at a time in D1: the next number is taken inside the transaction that uses it.
          number: sql`(SELECT COALESCE(MAX(${orders.number}), 10000) + 1 FROM ${orders})`,
          stockState: order.stock.state,
          holdExpiresAt: order.stock.state === "held" ? order.stock.until : null,
          createdAt: now,
          updatedAt: now,
        },
        {
          from: cartItems,
          where: and(
            eq(cartItems.sessionId, order.sessionId),
            sql`${cartFingerprint(order.sessionId)} = ${order.priced.fingerprint}`,
          ),
          limit: 1,
        },
      ),
      insertWhen(
        db,
        orderLines,
        {
          orderId: order.id,
          productId: products.id,
          name: products.name,
          brand: products.brand,
          image: sql`COALESCE(${products.editedImage}, ${products.image})`,
          unitPricePence: products.pricePence,
          quantity: cartItems.quantity,
        },
        {
          from: cartItems,
          innerJoin: [products, eq(products.id, cartItems.productId)],
          where: and(eq(cartItems.sessionId, order.sessionId), orderExists(db, order.id)),
          orderBy: [asc(cartItems.id)],
        },
      ),
      take,
      ledger,
      claimAlerts,
      db.select().from(orders).where(eq(orders.id, order.id)),
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
      ...(order.clearCart ? [clearOrderedLines(db, order.id, order.sessionId)] : []),
    ])
    .catch(async (error: unknown) => {
      if (!isOutOfStock(error)) throw error;
      // Someone else bought the last ones between pricing and writing: say which lines are short.
      throw outOfStockError(shortLines(await readCart(db, order.sessionId)));
    });
  const [, , , , lowStock, [row], lines] = results;
  // (Not meta.changes: D1 counts the search index rows the triggers write too.)
  if (!row) {
    // The cart changed between pricing and writing: price it again for an honest answer.
    const repriced = priceCart(await readCart(db, order.sessionId));
    throw priceChanged(repriced.totalPence);
  }
  await forgetCatalogue();
  return { order: { ...row, lines }, lowStock };
}

/**
 * POST /api/orders: the checkout form's order, priced from D1. A client total that differs from the
 * server's is refused (409 with the current total) so nobody is held to a price they did not see.
 */
export async function placeOrder(db: Db, sessionId: string, form: CheckoutForm, clientTotal: string | number) {
  const priced = priceCart(await readCart(db, sessionId));
  if (clientAmountToPence(clientTotal) !== priced.totalPence) throw priceChanged(priced.totalPence);
  return recordOrder(db, {
    id: newOrderId(),
    sessionId,
    customer: form,
    paymentMethod: "order_form",
    paymentStatus: "unpaid",
    priced,
    stock: { state: "taken", reason: "sale" },
    clearCart: true,
  });
}

export function summariseOrder(order: OrderWithLines): OrderSummary {
  return {
    id: order.id,
    number: orderNumberText(order.number),
    totalAmount: penceToDecimal(order.totalPence),
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    createdAt: order.createdAt,
    lines: order.lines.map((l) => ({
      name: l.name,
      brand: l.brand,
      quantity: l.quantity,
      unitPrice: penceToDecimal(l.unitPricePence),
    })),
  };
}
