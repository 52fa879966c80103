import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import {
  type CartCleared,
  type CartLine,
  type CartLineRemoved,
  cartSessionIdSchema,
  MAX_LINE_QUANTITY,
} from "../../../schema/api/cart";
import { cartItems, products } from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { ApiError, notFound } from "../../lib/errors";
import { isAvailable, type ProductRow, toApiProduct } from "./products";

/**
 * The cart session may arrive in the X-Cart-Session header, in the body (as the site's own client sends it), or
 * both; when both are given they must agree. The id is only ever used to own cart lines.
 */
export function resolveCartSession(fromHeader: string | undefined, fromBody: string | undefined): string {
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw new ApiError("VALIDATION_FAILED", "The cart session in the header and the body do not match");
  }
  const parsed = cartSessionIdSchema.safeParse(fromHeader ?? fromBody);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The cart session id is not valid";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "sessionId", message }] });
  }
  return parsed.data;
}

const toCartLine = (line: { id: number; quantity: number }, product: ProductRow): CartLine => ({
  id: line.id,
  productId: product.id,
  quantity: line.quantity,
  product: toApiProduct(product),
});

/**
 * A line with its product. The line's columns are aliased because D1 batches return rows as
 * objects keyed by column name, where the two tables' `id` would collide.
 */
const lineWithProduct = {
  line: { id: sql<number>`${cartItems.id}`.as("line_id"), quantity: sql<number>`${cartItems.quantity}`.as("line_quantity") },
  product: products,
};

export type CartContents = { line: { id: number; quantity: number }; product: ProductRow }[];

/** The session's lines with their products (one query); the raw rows serve orders and payments. */
export const readCart = (db: Db, sessionId: string): Promise<CartContents> =>
  db
    .select(lineWithProduct)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.id));

export async function listCart(db: Db, sessionId: string): Promise<CartLine[]> {
  return (await readCart(db, sessionId)).map((row) => toCartLine(row.line, row.product));
}

/** The count of the product a cart line holds, or null when it is not counted. */
const stockOfLine = sql<
  number | null
>`(SELECT ${products.stockQuantity} FROM ${products} WHERE ${products.id} = ${cartItems.productId})`;

/** A refusal that says how many are left, so the page can offer that many. */
function notEnoughStock(product: ProductRow, inCart: number): ApiError {
  const available = product.stockQuantity ?? 0;
  const message =
    available === 0
      ? `${product.name} is out of stock`
      : `Only ${available} of ${product.name} ${available === 1 ? "is" : "are"} left${inCart > 0 ? ` (you have ${inCart} in your cart)` : ""}`;
  return new ApiError("CONFLICT", message, {
    details: [{ path: "quantity", message, productId: product.id, available, value: inCart }],
  });
}

/**
 * Adds to the line of that product (or creates it) in one atomic statement: concurrent adds each
 * increment, none is lost. The insert only happens for an available product, never past 99 nor
 * past the count in stock, so when nothing changed, the read in the same batch says why.
 */
export async function addToCart(db: Db, sessionId: string, productId: number, quantity: number): Promise<CartLine> {
  const now = new Date().toISOString();
  const [upsert, [state]] = await db.batch([
    insertWhen(
      db,
      cartItems,
      { sessionId, productId: products.id, quantity, createdAt: now, updatedAt: now },
      {
        from: products,
        where: and(
          eq(products.id, productId),
          isAvailable,
          or(isNull(products.stockQuantity), gte(products.stockQuantity, quantity)),
        ),
      },
    ).onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: now },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}
          AND COALESCE(${stockOfLine}, ${MAX_LINE_QUANTITY}) >= ${cartItems.quantity} + excluded.quantity`,
    }),
    db
      .select({
        lineId: sql<number | null>`${cartItems.id}`.as("line_id"),
        quantity: sql<number | null>`${cartItems.quantity}`.as("line_quantity"),
        product: products,
      })
      .from(products)
      .leftJoin(cartItems, and(eq(cartItems.productId, products.id), eq(cartItems.sessionId, sessionId)))
      .where(eq(products.id, productId)),
  ]);
  if (!state) throw notFound("Product");
  if (upsert.meta.changes === 0 || state.lineId === null || state.quantity === null) {
    const current = state.quantity ?? 0;
    if (!toApiProduct(state.product).inStock) throw new ApiError("CONFLICT", `${state.product.name} is out of stock`);
    if (state.product.stockQuantity !== null && current + quantity > state.product.stockQuantity) {
      throw notEnoughStock(state.product, current);
    }
    const message = `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart (you have ${current})`;
    throw new ApiError("CONFLICT", message, { details: [{ path: "quantity", message, value: current }] });
  }
  return toCartLine({ id: state.lineId, quantity: state.quantity }, state.product);
}

const cartLineNotFound = () => notFound("Cart item");

/** Sets a line's quantity (never past the count in stock); 0 or less removes it. Only the owning session can touch a line. */
export async function updateCartLine(
  db: Db,
  sessionId: string,
  id: number,
  quantity: number,
): Promise<CartLine | CartLineRemoved> {
  if (quantity <= 0) return removeCartLine(db, sessionId, id);
  const owned = and(eq(cartItems.id, id), eq(cartItems.sessionId, sessionId));
  const [updated, [row]] = await db.batch([
    db
      .update(cartItems)
      .set({ quantity, updatedAt: new Date().toISOString() })
      .where(and(owned, sql`COALESCE(${stockOfLine}, ${quantity}) >= ${quantity}`))
      .returning({ id: cartItems.id }),
    db.select(lineWithProduct).from(cartItems).innerJoin(products, eq(products.id, cartItems.productId)).where(owned),
  ]);
  if (!row) throw cartLineNotFound();
  if (updated.length === 0) throw notEnoughStock(row.product, row.line.quantity);
  return toCartLine(row.line, row.product);
}

export async function removeCartLine(db: Db, sessionId: string, id: number): Promise<CartLineRemoved> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw cartLineNotFound();
  return { id, removed: true };
}

export async function clearCart(db: Db, sessionId: string): Promise<CartCleared> {
  const deleted = await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId)).returning({ id: cartItems.id });
  return { cleared: deleted.length };
}
