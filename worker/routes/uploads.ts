import { type Context, Hono } from "hono";
import { visitPhotoParamSchema } from "../../schema/api/visits";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { storeProductImage } from "../services/uploads/uploads";
import { storeVisitPhoto } from "../services/visits/photos";

/**
 * The signed PUT target of POST /api/admin/upload-url. The token in the query is the credential;
 * the app's 64 KB body limit skips this path and the service enforces the 10 MB image limit.
 */
const request = (c: Context<HonoEnv>) => ({
  name: c.req.param("name") ?? "",
  token: c.req.query("token"),
  contentType: c.req.header("Content-Type"),
  contentLength: c.req.header("Content-Length"),
  body: c.req.raw.body,
});

const app = new Hono<HonoEnv>()
  .put("/product-images/:name", async (c) => c.json(await storeProductImage(c.env, request(c))))
  // A visit's photo from the engineer's phone (POST /api/admin/visits/:id/photo-url).
  .put("/visits/:id/:name", validate("param", visitPhotoParamSchema), async (c) =>
    c.json(await storeVisitPhoto(c.env, c.req.valid("param").id, request(c))),
  );

export default app;
