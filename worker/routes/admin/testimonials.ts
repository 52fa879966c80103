import { Hono } from "hono";
import { idParamSchema, listQuerySchema } from "../../../schema/api/lists";
import { testimonialPatchSchema, testimonialSchema } from "../../../schema/api/testimonials";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { addTestimonial, deleteTestimonial, editTestimonial, listTestimonials } from "../../services/testimonials/testimonials";

/**
 * Mounted at /api/admin/testimonials: what the site says customers said (services/testimonials),
 * the owner's alone (routes/admin/roles.ts): publishing words in a customer's name is the owner's word.
 */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", listQuerySchema()), async (c) =>
    listAnswer(c, await listTestimonials(getDb(c.env), c.req.valid("query"))),
  )
  .post("/", validate("json", testimonialSchema), async (c) =>
    c.json(await addTestimonial(getDb(c.env), c.req.valid("json")), 201),
  )
  .patch("/:id", validate("param", idParamSchema), validate("json", testimonialPatchSchema), async (c) =>
    c.json(await editTestimonial(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteTestimonial(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
