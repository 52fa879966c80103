import { eq } from "drizzle-orm";
import type { NewProduct } from "../../../schema/api/admin";
import { products } from "../../../schema/db";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { type ApiProduct, toApiProduct } from "../products";

export async function createProduct(db: Db, input: NewProduct): Promise<ApiProduct> {
  const [row] = await db
    .insert(products)
    .values({ ...input, editedImage: null })
    .returning();
  return toApiProduct(row!);
}

/**
 * Removes a product from the store. Cart lines holding it go with it (FK cascade); order lines keep
 * their snapshot and lose only the link (FK set null). The image object stays in R2: past orders
 * still show it.
 */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (!row) throw notFound("Product");
}
