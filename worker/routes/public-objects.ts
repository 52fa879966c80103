import { Hono } from "hono";
import type { HonoEnv } from "../env";
import { serveProductImage } from "../services/admin/product-images";

const app = new Hono<HonoEnv>().get("/product-images/:name", (c) =>
  serveProductImage(c.env, c.req.param("name"), c.req.raw.headers),
);

export default app;
