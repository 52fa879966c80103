import { Hono } from "hono";
import { uploadUrlSchema } from "../../../schema/api/catalogue";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { createUploadUrl } from "../../services/uploads/uploads";

/** The upload URL is on the origin the admin is using, so the PUT is same-origin. */
const app = new Hono<HonoEnv>().post("/", validate("json", uploadUrlSchema), async (c) =>
  c.json(await createUploadUrl(c.env, new URL(c.req.url).origin, c.req.valid("json").fileName, c.get("adminJti")!)),
);

export default app;
