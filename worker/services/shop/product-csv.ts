import { sql } from "drizzle-orm";
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  type ImportedProduct,
  type ProductImportResult,
  productImportRowSchema,
} from "../../../schema/api/catalogue";
import { products, stockMovements } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import { type Db, runBatch } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { inJsonList } from "../../db/json-list";
import { readCsv, writeCsv } from "../../lib/csv";
import { ApiError } from "../../lib/errors";
import { forgetCatalogue } from "./catalogue-cache";
import type { ProductRow } from "./products";

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

/** Every product as CSV, through the one writer (lib/csv.ts); the import reads it back unchanged. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db.select().from(products).orderBy(products.id);
  return writeCsv(
    CSV_COLUMNS,
    rows.map((p) => CSV_COLUMNS.map((c) => csvRow(p)[c])),
  );
}

type ParsedRow = { line: number; id: number | null; product: ImportedProduct };
type RowError = ProductImportResult["errors"][number];

const bool = (text: string) => (/^(true|yes|1|y)$/i.test(text) ? true : /^(false|no|0|n)$/i.test(text) ? false : text);
const wholeOrNull = (text: string) => (text === "" ? null : /^-?\d+$/.test(text) ? Number(text) : text);

/**
 * What a new product gets for the columns a file leaves out (a supplier's price list has a name and a
 * price): its name as its description, no image yet (the store shows its placeholder), "Other".
 */
const newProductDefaults = (name: string): Record<CsvColumn, string> => ({
  id: "",
  name,
  description: name,
  price: "",
  originalPrice: "",
  category: "Other",
  brand: "Other",
  condition: "New",
  rating: "",
  image: "",
  inStock: "true",
  stockQuantity: "",
  lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
});

/**
 * One row: the product as stored (or the defaults, for a new one) with the file's columns laid over
 * it, checked by the Add Product form's own schema; errors name the row and column.
 */
function readRow(
  cells: Partial<Record<CsvColumn, string>>,
  line: number,
  current: ProductRow | undefined,
  errors: RowError[],
): ParsedRow | null {
  const base = current ? csvRow(current) : newProductDefaults(cells.name ?? "");
  const value = (c: CsvColumn) => (cells[c] ?? base[c]).trim();
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
    lowStockThreshold: value("lowStockThreshold") === "" ? DEFAULT_LOW_STOCK_THRESHOLD : wholeOrNull(value("lowStockThreshold")),
  };
  const parsed = productImportRowSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push({ row: line, column: String(issue.path[0] ?? ""), message: issue.message });
    return null;
  }
  return { line, id: current?.id ?? null, product: parsed.data };
}

/** The columns whose values a row changes, as the export writes them: for the preview's old → new. */
function changedColumns(row: ProductRow, p: ImportedProduct) {
  const before = csvRow(row);
  const after = csvRow({ ...row, ...p });
  return CSV_COLUMNS.filter((c) => c !== "id" && before[c] !== after[c]).map((column) => ({
    column,
    from: before[column],
    to: after[column],
  }));
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / ROWS_PER_STATEMENT) }, (_, i) =>
    items.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT),
  );

const json = (key: keyof ImportedProduct | "id") => sql.raw(`json_extract(value, '$.${key}')`);

/** How many rows of changes and additions the answer lists (the counts are always whole). */
const PREVIEW_ROWS = 500;

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Creates or updates products from a CSV. Only `name` and `price` are needed; any other column of
 * the export may be given, and what a file leaves out keeps its stored value (or a new product's
 * default). A row with an `id` updates that product; one without updates the product of exactly
 * that name when there is one, or adds a product. Every row is checked first; with `dryRun`, or when
 * any row has an error, nothing is written and the answer says what would change, field by field.
 * Otherwise every row is applied in one D1 batch (one transaction), stock changes go into the
 * ledger, and the cached catalogue is dropped. However many rows, the stored products are read in
 * one round trip: the ids and names go in as JSON parameters (D1 binds at most 100 a statement).
 */
export async function importProductsCsv(db: Db, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  const parsed = readCsv(csv);
  const errors: RowError[] = parsed.errors.map((e) => ({ row: (e.row ?? 0) + 2, column: "", message: e.message }));
  const header = parsed.fields;
  const missing = (["name", "price"] as const).filter((c) => !header.includes(c));
  const unknown = header.filter((c) => c !== "" && !(CSV_COLUMNS as readonly string[]).includes(c));
  if (missing.length > 0 || unknown.length > 0) {
    const message = [
      missing.length ? `The CSV's header row lacks: ${missing.join(", ")} (every file needs name and price).` : "",
      unknown.length
        ? `Unknown columns: ${unknown.join(", ")}. The columns are those of an export: ${CSV_COLUMNS.join(", ")}.`
        : "",
    ]
      .filter(Boolean)
      .join(" ");
    throw new ApiError("VALIDATION_FAILED", message, {
      details: [
        ...missing.map((column) => ({ path: column, message: "Missing column" })),
        ...unknown.map((column) => ({ path: column, message: "Unknown column" })),
      ],
    });
  }
  const records = parsed.records.map((record, i) => {
    const cells: Partial<Record<CsvColumn, string>> = {};
    for (const [key, text] of Object.entries(record))
      if ((CSV_COLUMNS as readonly string[]).includes(key.trim())) cells[key.trim() as CsvColumn] = text ?? "";
    // Row 1 is the header, as a spreadsheet numbers them.
    return { line: i + 2, cells };
  });

  const idText = (r: (typeof records)[number]) => (r.cells.id ?? "").trim();
  for (const r of records)
    if (idText(r) !== "" && !/^\d+$/.test(idText(r)))
      errors.push({ row: r.line, column: "id", message: "The id must be a product's number, or blank for a new product" });
  const ids = records.flatMap((r) => (/^\d+$/.test(idText(r)) ? [Number(idText(r))] : []));
  const names = records.flatMap((r) => (idText(r) === "" && r.cells.name?.trim() ? [nameKey(r.cells.name)] : []));
  const [byIdRows, byNameRows] = await db.batch([
    db.select().from(products).where(inJsonList(products.id, ids)),
    db
      .select()
      .from(products)
      .where(inJsonList(sql`lower(trim(${products.name}))`, [...new Set(names)])),
  ]);
  const byId = new Map(byIdRows.map((p) => [p.id, p]));
  const byName = new Map<string, ProductRow[]>();
  for (const p of byNameRows) byName.set(nameKey(p.name), [...(byName.get(nameKey(p.name)) ?? []), p]);

  const rows: ParsedRow[] = [];
  const seen = new Set<number>();
  for (const r of records) {
    if (idText(r) !== "" && !/^\d+$/.test(idText(r))) continue;
    let current: ProductRow | undefined;
    if (idText(r) !== "") {
      current = byId.get(Number(idText(r)));
      if (!current) {
        errors.push({ row: r.line, column: "id", message: `There is no product with id ${idText(r)}` });
        continue;
      }
    } else if (r.cells.name?.trim()) {
      const named = byName.get(nameKey(r.cells.name)) ?? [];
      if (named.length > 1) {
        errors.push({
          row: r.line,
          column: "name",
          message: `${named.length} products are called "${r.cells.name.trim()}": add the id column to say which`,
        });
        continue;
      }
      current = named[0];
    }
    if (current && seen.has(current.id)) {
      errors.push({ row: r.line, column: "id", message: `Product ${current.id} appears twice` });
      continue;
    }
    if (current) seen.add(current.id);
    // A row matched by its name keeps the stored spelling: the name there was the key, not a change.
    const cells = current && idText(r) === "" ? { ...r.cells, name: undefined } : r.cells;
    const row = readRow(cells, r.line, current, errors);
    if (row) rows.push(row);
  }

  const creates = rows.filter((r) => r.id === null);
  const changed = rows
    .filter((r) => r.id !== null)
    .map((r) => ({ row: r, fields: changedColumns(byId.get(r.id!) ?? byNameRows.find((p) => p.id === r.id)!, r.product) }))
    .filter((c) => c.fields.length > 0);
  const result = {
    created: creates.length,
    updated: changed.length,
    unchanged: rows.length - creates.length - changed.length,
    errors: errors.sort((a, b) => a.row - b.row),
    changes: changed
      .slice(0, PREVIEW_ROWS)
      .map((c) => ({ row: c.row.line, id: c.row.id!, name: c.row.product.name, fields: c.fields })),
    additions: creates
      .slice(0, PREVIEW_ROWS)
      .map((r) => ({ row: r.line, name: r.product.name, price: penceToDecimal(r.product.pricePence) })),
  };
  if (dryRun || errors.length > 0 || (creates.length === 0 && changed.length === 0)) return { ...result, applied: false };

  await runBatch(
    db,
    applyStatements(
      db,
      creates.map((r) => r.product),
      changed.map((c) => c.row),
    ),
  );
  await forgetCatalogue();
  return { ...result, applied: true };
}

function applyStatements(db: Db, creates: ImportedProduct[], changed: ParsedRow[]) {
  const now = new Date().toISOString();
  const updates = chunks(changed.map((r) => ({ id: r.id, ...r.product })));
  const newRows = chunks(creates);
  const rowsOf = (part: object[]) => sql`json_each(${JSON.stringify(part)})`;
  return [
    // The ledger first, reading the counts the update replaces.
    ...updates.map((part) =>
      insertWhen(
        db,
        stockMovements,
        {
          productId: products.id,
          change: sql`COALESCE(${json("stockQuantity")}, 0) - COALESCE(${products.stockQuantity}, 0)`,
          quantityAfter: json("stockQuantity"),
          reason: "import",
          createdAt: now,
        },
        {
          from: products,
          innerJoin: [rowsOf(part), sql`${products.id} = ${json("id")}`],
          where: sql`${products.stockQuantity} IS NOT ${json("stockQuantity")}`,
        },
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
      insertWhen(
        db,
        products,
        {
          name: json("name"),
          description: json("description"),
          pricePence: json("pricePence"),
          originalPricePence: json("originalPricePence"),
          image: json("image"),
          condition: json("condition"),
          brand: json("brand"),
          category: json("category"),
          inStock: json("inStock"),
          rating: json("rating"),
          stockQuantity: json("stockQuantity"),
          lowStockThreshold: json("lowStockThreshold"),
          createdAt: now,
        },
        { from: rowsOf(part) },
      ),
    ),
    // New counted products start their ledger with their first count.
    ...(newRows.length > 0
      ? [
          insertWhen(
            db,
            stockMovements,
            {
              productId: products.id,
              change: products.stockQuantity,
              quantityAfter: products.stockQuantity,
              reason: "import",
              createdAt: now,
            },
            // The rows this batch inserted carry its own timestamp.
            { from: products, where: sql`${products.createdAt} = ${now} AND ${products.stockQuantity} IS NOT NULL` },
          ),
        ]
      : []),
  ];
}
