import { and, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { ErrorDetail } from "../../../schema/api/errors";
import { orderLines, orders, products, stockMovements, type stockReasons } from "../../../schema/db";
import { type Db, runBatch } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { ApiError } from "../../lib/errors";
import type { CartContents } from "./cart";

/**
 * Stock moves with orders, inside the same D1 batch as the order write. Counts never go below zero
 * (a trigger refuses it, failing the whole batch), every change writes a ledger row, and giving
 * stock back is conditional on the order still holding it, so it happens once.
 */
type Reason = (typeof stockReasons)[number];

/** The quantity of one product in one order (a correlated subquery for UPDATE … SET). */
const orderedQuantity = (orderId: string) =>
  sql<number>`(SELECT ${orderLines.quantity} FROM ${orderLines} WHERE ${orderLines.orderId} = ${orderId} AND ${orderLines.productId} = ${products.id})`;

/** Ledger rows for an order's counted products: `sign` -1 takes, +1 gives back, 0 records a hold becoming a sale. */
const ledgerFor = (db: Db, orderId: string, sign: 1 | 0 | -1, reason: Reason, onlyIf?: ReturnType<typeof sql>) =>
  insertWhen(
    db,
    stockMovements,
    {
      productId: products.id,
      change: sql`${sign} * ${orderLines.quantity}`,
      quantityAfter: products.stockQuantity,
      reason,
      orderId: orderLines.orderId,
      createdAt: new Date().toISOString(),
    },
    {
      from: orderLines,
      innerJoin: [products, eq(products.id, orderLines.productId)],
      where: and(eq(orderLines.orderId, orderId), isNotNull(products.stockQuantity), onlyIf),
    },
  );

/**
 * The statements that take an order's stock (a sale, or a hold while a card payment is open), to
 * run after the order lines are written. The last one claims the low-stock alerts this takes due
 * (each product alerts once until restocked) and returns the products to tell the owner about.
 */
export function takeStock(db: Db, orderId: string, reason: "sale" | "hold") {
  return [
    db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${orderedQuantity(orderId)}` })
      .where(and(isNotNull(products.stockQuantity), inArrayOfOrder(db, orderId))),
    ledgerFor(db, orderId, -1, reason),
    db
      .update(products)
      .set({ lowStockAlertedAt: new Date().toISOString() })
      .where(
        and(
          inArrayOfOrder(db, orderId),
          isNotNull(products.stockQuantity),
          lte(products.stockQuantity, products.lowStockThreshold),
          isNull(products.lowStockAlertedAt),
        ),
      )
      .returning({
        id: products.id,
        name: products.name,
        stockQuantity: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      }),
  ] as const;
}

const inArrayOfOrder = (db: Db, orderId: string) =>
  inArray(products.id, db.select({ id: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId)));

/**
 * The statements that give an order's stock back (a hold that ended, an order cancelled), only if
 * the order still holds it (and meets `onlyIf`, a condition on the order row); the last marks it
 * released. A count back above its low-stock level re-arms the owner's alert.
 */
export function releaseStock(db: Db, orderId: string, reason: "release" | "cancellation", onlyIf?: SQL) {
  const holds = and(eq(orders.id, orderId), inArray(orders.stockState, ["held", "taken"]), onlyIf);
  const stillHeld = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${holds})`;
  return [
    db
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} + ${orderedQuantity(orderId)}`,
        lowStockAlertedAt: sql`CASE WHEN ${products.stockQuantity} + ${orderedQuantity(orderId)} > ${products.lowStockThreshold} THEN NULL ELSE ${products.lowStockAlertedAt} END`,
      })
      .where(and(isNotNull(products.stockQuantity), inArrayOfOrder(db, orderId), stillHeld)),
    ledgerFor(db, orderId, 1, reason, stillHeld),
    db.update(orders).set({ stockState: "released" }).where(holds).returning({ id: orders.id }),
  ] as const;
}

/** A batch failed because a count would have gone below zero (the trigger's message). */
export function isOutOfStock(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as Error).cause, depth++) {
    if (/OUT_OF_STOCK/.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/** Cart lines that ask for more than is left: one detail each, naming the product and how many are left. */
export function shortLines(rows: CartContents): ErrorDetail[] {
  return rows.flatMap(({ line, product }, index) => {
    const available = product.stockQuantity === null ? (product.inStock ? null : 0) : product.stockQuantity;
    if (available === null || line.quantity <= available) return [];
    const message =
      available === 0
        ? `${product.name} is out of stock`
        : `Only ${available} of ${product.name} ${available === 1 ? "is" : "are"} left`;
    return [{ path: `lines.${index}.quantity`, message, productId: product.id, available }];
  });
}

/** The 409 for an order some of whose lines lack stock; nothing has been written. */
export function outOfStockError(details: ErrorDetail[]): ApiError {
  const first = details[0]?.message ?? "Some items in your cart are out of stock";
  const message =
    details.length === 1
      ? `${first}. Please change your cart and try again.`
      : "Some items in your cart are no longer in stock in the quantities you chose. Please change your cart and try again.";
  return new ApiError("CONFLICT", message, { details });
}

/** A paid card order: its held stock is now sold (the count already moved when it was held). */
export function holdBecomesSale(db: Db, orderId: string) {
  const heldAndPaid = and(eq(orders.id, orderId), eq(orders.stockState, "held"), eq(orders.paymentStatus, "paid"));
  return [
    ledgerFor(db, orderId, 0, "sale", sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${heldAndPaid})`),
    db.update(orders).set({ stockState: "taken" }).where(heldAndPaid),
  ] as const;
}

/**
 * Card payments whose hold ran out with no word from Stripe (its session expired first, so they can
 * no longer be paid): each order is cancelled and its stock given back, in one batch. The cron runs
 * this; a hold that Stripe's webhook or the visitor already ended is not touched again. Four
 * statements an order: `HOLDS_PER_RUN` keeps the run to 101 of the invocation's 1,000 D1 queries
 * (decision 014's budget); the rest wait five minutes.
 */
const HOLDS_PER_RUN = 25;

export async function releaseExpiredHolds(db: Db, now = Date.now()): Promise<string[]> {
  const nowIso = new Date(now).toISOString();
  const expired = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.stockState, "held"), eq(orders.paymentStatus, "pending_payment"), lte(orders.holdExpiresAt, nowIso)))
    .limit(HOLDS_PER_RUN);
  const statements = expired.flatMap(({ id }) => [
    db
      .update(orders)
      .set({ paymentStatus: "cancelled", fulfilmentStatus: "cancelled", updatedAt: nowIso })
      .where(and(eq(orders.id, id), eq(orders.paymentStatus, "pending_payment"))),
    ...releaseStock(db, id, "release", eq(orders.paymentStatus, "cancelled")),
  ]);
  await runBatch(db, statements);
  return expired.map(({ id }) => id);
}
