import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { catalogueQuerySchema, importQuerySchema, productFormSchema, productPatchSchema } from "../../../schema/api/catalogue";
import { idParamSchema } from "../../../schema/api/lists";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { createProduct, deleteProduct, listStockMovements, updateProduct } from "../../services/shop/product-admin";
import { exportProductsCsv, importProductsCsv, MAX_IMPORT_BYTES } from "../../services/shop/product-csv";
import { listProducts, toAdminProduct } from "../../services/shop/products";

/** The catalogue as the owner runs it: list and search, add, edit, delete, stock history, CSV in and out. */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", catalogueQuerySchema), async (c) => {
    const { items, total } = await listProducts(getDb(c.env), c.req.valid("query"));
    return listAnswer(c, { items: items.map(toAdminProduct), total });
  })
  .get("/export.csv", async (c) => {
    const csv = await exportProductsCsv(getDb(c.env));
    const date = londonToday();
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${date}.csv"`,
    });
  })
  .post(
    "/import",
    // The app's 64 KB JSON limit does not apply here (app.ts); a catalogue of thousands of parts fits in 2 MB.
    bodyLimit({
      maxSize: MAX_IMPORT_BYTES,
      onError: () => {
        throw new ApiError("PAYLOAD_TOO_LARGE", "The CSV is too large (2 MB at most). Split it into smaller files.");
      },
    }),
    validate("query", importQuerySchema),
    async (c) => {
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "text/csv" && type !== "text/plain") {
        throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Please send the catalogue as CSV (Content-Type: text/csv).");
      }
      const dryRun = ["1", "true"].includes(c.req.valid("query").dryRun ?? "");
      return c.json(await importProductsCsv(getDb(c.env), await c.req.text(), dryRun));
    },
  )
  .post("/", validate("json", productFormSchema), async (c) =>
    c.json(await createProduct(getDb(c.env), c.req.valid("json")), 201),
  )
  .patch("/:id", validate("param", idParamSchema), validate("json", productPatchSchema), async (c) =>
    c.json(await updateProduct(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .get("/:id/stock-movements", validate("param", idParamSchema), async (c) =>
    c.json(await listStockMovements(getDb(c.env), c.req.valid("param").id)),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteProduct(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
