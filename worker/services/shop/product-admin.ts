import { desc, eq, sql } from "drizzle-orm";
import type { AdminProduct, NewProduct, ProductChanges, StockMovement } from "../../../schema/api/catalogue";
import { products, stockMovements } from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { ApiError, notFound } from "../../lib/errors";
import { forgetCatalogue } from "./catalogue-cache";
import { toAdminProduct } from "./products";

export async function createProduct(db: Db, input: NewProduct): Promise<AdminProduct> {
  const [row] = await db
    .insert(products)
    .values({ ...input, editedImage: null })
    .returning();
  if (row!.stockQuantity !== null) {
    await db
      .insert(stockMovements)
      .values({ productId: row!.id, change: row!.stockQuantity, quantityAfter: row!.stockQuantity, reason: "edit" });
  }
  await forgetCatalogue();
  return toAdminProduct(row!);
}

/**
 * Changes any fields of a product. Orders keep their own snapshot of name and price, so nothing
 * already ordered changes. A new count is recorded in the stock ledger (against the count it
 * replaces, read in the same transaction) and re-arms the owner's low-stock alert: the next sale
 * that takes it to its low-stock level tells the owner again.
 */
export async function updateProduct(db: Db, id: number, changes: ProductChanges): Promise<AdminProduct> {
  const [current] = await db
    .select({ pricePence: products.pricePence, originalPricePence: products.originalPricePence })
    .from(products)
    .where(eq(products.id, id));
  if (!current) throw notFound("Product");
  const price = changes.pricePence ?? current.pricePence;
  const original = changes.originalPricePence === undefined ? current.originalPricePence : changes.originalPricePence;
  if (original !== null && original <= price) {
    const message = "Original price must be higher than the price";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "originalPrice", message }] });
  }
  const update = db
    .update(products)
    .set({ ...changes, ...(changes.stockQuantity !== undefined && { lowStockAlertedAt: null }) })
    .where(eq(products.id, id))
    .returning();
  // Before the update, in the same batch: the ledger reads the count being replaced.
  const ledger = insertWhen(
    db,
    stockMovements,
    {
      productId: products.id,
      change: sql`COALESCE(${changes.stockQuantity ?? null}, 0) - COALESCE(${products.stockQuantity}, 0)`,
      quantityAfter: changes.stockQuantity ?? null,
      reason: "edit",
      createdAt: new Date().toISOString(),
    },
    { from: products, where: sql`${products.id} = ${id} AND ${products.stockQuantity} IS NOT ${changes.stockQuantity ?? null}` },
  );
  const [row] = changes.stockQuantity === undefined ? await update : (await db.batch([ledger, update]))[1];
  await forgetCatalogue();
  return toAdminProduct(row!);
}

/**
 * Removes a product from the store. Cart lines holding it go with it (FK cascade); order lines keep
 * their snapshot and lose only the link (FK set null). The image object stays in R2: past orders
 * still show it.
 */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (!row) throw notFound("Product");
  await forgetCatalogue();
}

/** A product's latest stock movements, newest first. */
export async function listStockMovements(db: Db, productId: number, limit = 20): Promise<StockMovement[]> {
  const [[exists], rows] = await db.batch([
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
    db
      .select({
        id: stockMovements.id,
        change: stockMovements.change,
        quantityAfter: stockMovements.quantityAfter,
        reason: stockMovements.reason,
        orderId: stockMovements.orderId,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.id))
      .limit(limit),
  ]);
  if (!exists) throw notFound("Product");
  return rows;
}
