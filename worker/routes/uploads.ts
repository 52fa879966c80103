import { Hono } from "hono";
import type { HonoEnv } from "../env";
import { storeProductImage } from "../services/uploads/uploads";

/**
 * The signed PUT target of POST /api/admin/upload-url. The token in the query is the credential;
 * the app's 64 KB body limit skips this path and the service enforces the 10 MB image limit.
 */
const app = new Hono<HonoEnv>().put("/product-images/:name", async (c) =>
  c.json(
    await storeProductImage(c.env, {
      name: c.req.param("name"),
      token: c.req.query("token"),
      contentType: c.req.header("Content-Type"),
      contentLength: c.req.header("Content-Length"),
      body: c.req.raw.body,
    }),
  ),
);

export default app;
