import { and, count, desc, eq, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { AdminProduct, CatalogueQuery } from "../../../schema/api/catalogue";
import type { Product } from "../../../schema/api/products";
import { products } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import type { Db } from "../../db/client";

export type ProductRow = typeof products.$inferSelect;

/** A counted product is in stock while its count is above zero; an uncounted one as the owner says. */
export const isAvailable = sql<boolean>`(CASE WHEN ${products.stockQuantity} IS NULL THEN ${products.inStock} ELSE ${products.stockQuantity} > 0 END)`;
/** Counted and at or below its low-stock level. */
export const isLowStock = and(isNotNull(products.stockQuantity), lte(products.stockQuantity, products.lowStockThreshold));

const inStock = (row: ProductRow) => (row.stockQuantity === null ? row.inStock : row.stockQuantity > 0);

/** The product as the API gives it: prices as decimal text, nulls not undefined. */
export function toApiProduct(row: ProductRow): Product {
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
    inStock: inStock(row),
    rating: row.rating,
    stockLeft: row.stockQuantity !== null && row.stockQuantity <= row.lowStockThreshold ? row.stockQuantity : null,
  };
}

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toApiProduct(row),
    stockQuantity: row.stockQuantity,
    lowStockThreshold: row.lowStockThreshold,
    costPrice: row.costPence === null ? null : penceToDecimal(row.costPence),
    inStockFlag: row.inStock,
    lowStock: row.stockQuantity !== null && row.stockQuantity <= row.lowStockThreshold,
  };
}

/**
 * Words of a search as an FTS5 query: each word a quoted prefix, all of them required, so
 * "worc val" finds "Worcester … Valve" and nothing typed can be read as FTS syntax.
 */
export function searchExpression(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words?.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

function catalogueFilter(query: CatalogueQuery): SQL | undefined {
  const search = query.q ? searchExpression(query.q) : null;
  return and(
    search ? sql`${products.id} IN (SELECT rowid FROM products_search WHERE products_search MATCH ${search})` : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.brand ? eq(products.brand, query.brand) : undefined,
    query.lowStock ? isLowStock : undefined,
  );
}

/**
 * The catalogue, newest first: all of it, or the products matching the query a page at a time with
 * the total count. One D1 round trip either way (the page and the count go in one batch).
 */
export async function listProducts(db: Db, query: CatalogueQuery): Promise<{ items: ProductRow[]; total: number }> {
  const where = catalogueFilter(query);
  const page = db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.id))
    .limit(query.limit ?? -1)
    .offset(query.offset);
  if (query.limit === undefined && query.offset === 0) {
    const items = await page;
    return { items, total: items.length };
  }
  const [items, [totals]] = await db.batch([page, db.select({ total: count() }).from(products).where(where)]);
  return { items, total: totals?.total ?? 0 };
}
