import { inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import { type NewProduct, type ProductImportResult, productFormSchema } from "../../../schema/api/catalogue";
import { products, stockMovements } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import { type Db, runBatch } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { forgetCatalogue } from "../catalogue-cache";
import type { ProductRow } from "../products";

/** The catalogue's columns, in this order, in the export and the import alike. */
export const CSV_COLUMNS = [
  "id",
  "name",
  "description",
  "price",
  "originalPrice",
  "category",
  "brand",
  "condition",
  "rating",
  "image",
  "inStock",
  "stockQuantity",
  "lowStockThreshold",
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Rows per statement: each batch statement carries its rows as one JSON parameter. */
const ROWS_PER_STATEMENT = 400;

const csvRow = (p: ProductRow): Record<CsvColumn, string> => ({
  id: String(p.id),
  name: p.name,
  description: p.description,
  price: penceToDecimal(p.pricePence),
  originalPrice: p.originalPricePence === null ? "" : penceToDecimal(p.originalPricePence),
  category: p.category,
  brand: p.brand,
  condition: p.condition,
  rating: p.rating === null ? "" : String(p.rating),
  image: p.image,
  inStock: p.inStock ? "true" : "false",
  stockQuantity: p.stockQuantity === null ? "" : String(p.stockQuantity),
  lowStockThreshold: String(p.lowStockThreshold),
});

/** Every product as CSV (RFC 4180: a header row, quoted where needed, CRLF line ends). */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db.select().from(products).orderBy(products.id);
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((p) => CSV_COLUMNS.map((c) => csvRow(p)[c])) },
    { newline: "\r\n" },
  );
}

type ParsedRow = { line: number; id: number | null; product: NewProduct };
type RowError = ProductImportResult["errors"][number];

const bool = (text: string) => (/^(true|yes|1|y)$/i.test(text) ? true : /^(false|no|0|n)$/i.test(text) ? false : text);
const wholeOrNull = (text: string) => (text === "" ? null : /^-?\d+$/.test(text) ? Number(text) : text);

/** One row as the Add Product form would send it, checked by the same schema; errors name the row and column. */
function readRow(record: Record<string, string>, line: number, errors: RowError[]): ParsedRow | null {
  const value = (c: CsvColumn) => (record[c] ?? "").trim();
  const idText = value("id");
  if (idText !== "" && !/^\d+$/.test(idText)) {
    errors.push({ row: line, column: "id", message: "The id must be a product's number, or blank for a new product" });
    return null;
  }
  const input = {
    name: value("name"),
    description: value("description"),
    price: value("price"),
    originalPrice: value("originalPrice") || null,
    category: value("category"),
    brand: value("brand"),
    condition: value("condition") || "New",
    rating: value("rating") || null,
    image: value("image"),
    inStock: value("inStock") === "" ? true : bool(value("inStock")),
    stockQuantity: wholeOrNull(value("stockQuantity")),
    lowStockThreshold: value("lowStockThreshold") === "" ? 3 : wholeOrNull(value("lowStockThreshold")),
  };
  const parsed = productFormSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ row: line, column: String(issue.path[0] ?? ""), message: issue.message });
    }
    return null;
  }
  return { line, id: idText === "" ? null : Number(idText), product: parsed.data };
}

const sameProduct = (row: ProductRow, p: NewProduct) =>
  row.name === p.name &&
  row.description === p.description &&
  row.pricePence === p.pricePence &&
  row.originalPricePence === p.originalPricePence &&
  row.image === p.image &&
  row.condition === p.condition &&
  row.brand === p.brand &&
  row.category === p.category &&
  row.inStock === p.inStock &&
  row.rating === p.rating &&
  row.stockQuantity === p.stockQuantity &&
  row.lowStockThreshold === p.lowStockThreshold;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / ROWS_PER_STATEMENT) }, (_, i) =>
    items.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT),
  );

const json = (key: keyof NewProduct | "id") => sql.raw(`json_extract(value, '$.${key}')`);

/**
 * Creates or updates products from a CSV of the export's columns (blank id = new). Every row is
 * checked first; with `dryRun`, or when any row has an error, nothing is written and the answer
 * says what would happen. Otherwise every row is applied in one D1 batch (one transaction), stock
 * changes go into the ledger, and the cached catalogue is dropped.
 */
export async function importProductsCsv(db: Db, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy" });
  const errors: RowError[] = parsed.errors.map((e) => ({ row: (e.row ?? 0) + 2, column: "", message: e.message }));
  const header = parsed.meta.fields ?? [];
  const missing = CSV_COLUMNS.filter((c) => c !== "id" && !header.includes(c));
  if (missing.length > 0) {
    throw new ApiError("VALIDATION_FAILED", `The CSV's header row lacks: ${missing.join(", ")}. Start from an export.`, {
      details: missing.map((column) => ({ path: column, message: "Missing column" })),
    });
  }
  // Row 1 is the header, as a spreadsheet numbers them.
  const rows = parsed.data.flatMap((record, i) => readRow(record, i + 2, errors) ?? []);

  const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  const existing = new Map<number, ProductRow>();
  for (const part of chunks(ids)) {
    for (const row of await db.select().from(products).where(inArray(products.id, part))) existing.set(row.id, row);
  }
  const seen = new Set<number>();
  for (const r of rows) {
    if (r.id === null) continue;
    if (!existing.has(r.id)) errors.push({ row: r.line, column: "id", message: `There is no product with id ${r.id}` });
    else if (seen.has(r.id)) errors.push({ row: r.line, column: "id", message: `Product ${r.id} appears twice` });
    seen.add(r.id);
  }
  const creates = rows.filter((r) => r.id === null).map((r) => r.product);
  const changed = rows.filter((r) => r.id !== null && existing.has(r.id) && !sameProduct(existing.get(r.id)!, r.product));
  const result = {
    created: creates.length,
    updated: changed.length,
    unchanged: rows.length - creates.length - changed.length,
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (dryRun || errors.length > 0 || (creates.length === 0 && changed.length === 0)) return { ...result, applied: false };

  await runBatch(db, applyStatements(db, creates, changed));
  await forgetCatalogue();
  return { ...result, applied: true };
}

function applyStatements(db: Db, creates: NewProduct[], changed: ParsedRow[]) {
  const now = new Date().toISOString();
  const updates = chunks(changed.map((r) => ({ id: r.id, ...r.product })));
  const newRows = chunks(creates);
  const rowsOf = (part: object[]) => sql`json_each(${JSON.stringify(part)})`;
  return [
    // The ledger first, reading the counts the update replaces.
    ...updates.map((part) =>
      db.insert(stockMovements).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            productId: products.id,
            change: sql<number>`COALESCE(${json("stockQuantity")}, 0) - COALESCE(${products.stockQuantity}, 0)`.as("change"),
            quantityAfter: sql<number | null>`${json("stockQuantity")}`.as("quantity_after"),
            reason: sql<"import">`'import'`.as("reason"),
            orderId: sql<null>`NULL`.as("order_id"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(products)
          .innerJoin(rowsOf(part), sql`${products.id} = ${json("id")}`)
          .where(sql`${products.stockQuantity} IS NOT ${json("stockQuantity")}`),
      ),
    ),
    ...updates.map((part) =>
      db
        .update(products)
        .set({
          name: sql`j.name`,
          description: sql`j.description`,
          pricePence: sql`j.price_pence`,
          originalPricePence: sql`j.original_price_pence`,
          image: sql`j.image`,
          condition: sql`j.condition`,
          brand: sql`j.brand`,
          category: sql`j.category`,
          inStock: sql`j.in_stock`,
          rating: sql`j.rating`,
          stockQuantity: sql`j.stock_quantity`,
          lowStockThreshold: sql`j.low_stock_threshold`,
          lowStockAlertedAt: sql`CASE WHEN ${products.stockQuantity} IS NOT j.stock_quantity THEN NULL ELSE ${products.lowStockAlertedAt} END`,
        })
        .from(
          sql`(SELECT ${json("id")} AS id, ${json("name")} AS name, ${json("description")} AS description,
            ${json("pricePence")} AS price_pence, ${json("originalPricePence")} AS original_price_pence, ${json("image")} AS image,
            ${json("condition")} AS condition, ${json("brand")} AS brand, ${json("category")} AS category,
            ${json("inStock")} AS in_stock, ${json("rating")} AS rating, ${json("stockQuantity")} AS stock_quantity,
            ${json("lowStockThreshold")} AS low_stock_threshold FROM ${rowsOf(part)}) AS j`,
        )
        .where(sql`${products.id} = j.id`),
    ),
    ...newRows.map((part) =>
      db.insert(products).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            name: sql<string>`${json("name")}`.as("name"),
            description: sql<string>`${json("description")}`.as("description"),
            pricePence: sql<number>`${json("pricePence")}`.as("price_pence"),
            originalPricePence: sql<number | null>`${json("originalPricePence")}`.as("original_price_pence"),
            image: sql<string>`${json("image")}`.as("image"),
            editedImage: sql<null>`NULL`.as("edited_image"),
            condition: sql<"New" | "Used">`${json("condition")}`.as("condition"),
            brand: sql<string>`${json("brand")}`.as("brand"),
            category: sql<string>`${json("category")}`.as("category"),
            inStock: sql<boolean>`${json("inStock")}`.as("in_stock"),
            rating: sql<number | null>`${json("rating")}`.as("rating"),
            stockQuantity: sql<number | null>`${json("stockQuantity")}`.as("stock_quantity"),
            lowStockThreshold: sql<number>`${json("lowStockThreshold")}`.as("low_stock_threshold"),
            lowStockAlertedAt: sql<null>`NULL`.as("low_stock_alerted_at"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(rowsOf(part)),
      ),
    ),
    // New counted products start their ledger with their first count.
    ...(newRows.length > 0
      ? [
          db.insert(stockMovements).select(
            db
              .select({
                id: sql<number>`NULL`.as("id"),
                productId: products.id,
                change: sql<number>`${products.stockQuantity}`.as("change"),
                quantityAfter: products.stockQuantity,
                reason: sql<"import">`'import'`.as("reason"),
                orderId: sql<null>`NULL`.as("order_id"),
                createdAt: sql<string>`${now}`.as("created_at"),
              })
              .from(products)
              // The rows this batch inserted carry its own timestamp.
              .where(sql`${products.createdAt} = ${now} AND ${products.stockQuantity} IS NOT NULL`),
          ),
        ]
      : []),
  ];
}
