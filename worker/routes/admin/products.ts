import { Hono } from "hono";
import { idParamSchema, productFormSchema } from "../../../schema/api/admin";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { createProduct, deleteProduct } from "../../services/admin/products";
import { listProducts } from "../../services/products";

const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listProducts(getDb(c.env))))
  .post("/", validate("json", productFormSchema), async (c) =>
    c.json(await createProduct(getDb(c.env), c.req.valid("json")), 201),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteProduct(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
