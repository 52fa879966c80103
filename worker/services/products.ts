import { desc } from "drizzle-orm";
import type { Product } from "../../schema/api/products";
import { products } from "../../schema/db";
import { penceToDecimal } from "../../schema/format";
import type { Db } from "../db/client";

export type ProductRow = typeof products.$inferSelect;

/** The product as the API gives it: prices as decimal text, nulls not undefined. */
export function toApiProduct(row: ProductRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: penceToDecimal(row.pricePence),
    originalPrice: row.originalPricePence === null ? null : penceToDecimal(row.originalPricePence),
    image: row.image,
    editedImage: row.editedImage,
    condition: row.condition,
    brand: row.brand,
    category: row.category,
    inStock: row.inStock,
    rating: row.rating,
  } satisfies Product;
}

export type ApiProduct = ReturnType<typeof toApiProduct>;

/** The whole catalogue in one query, newest first. */
export async function listProducts(db: Db): Promise<ApiProduct[]> {
  const rows = await db.select().from(products).orderBy(desc(products.id));
  return rows.map(toApiProduct);
}
