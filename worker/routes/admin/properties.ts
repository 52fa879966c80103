import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import {
  applianceInputSchema,
  appliancePatchSchema,
  propertyInputSchema,
  propertyPatchSchema,
} from "../../../schema/api/properties";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import {
  createAppliance,
  createProperty,
  getProperty,
  listProperties,
  updateAppliance,
  updateProperty,
} from "../../services/customers/properties";
import { listAllDocuments } from "../../services/document-kinds";

/** Mounted at /api/admin: a customer's properties and each property's gas appliances. */
const app = new Hono<HonoEnv>()
  .get("/customers/:id/properties", validate("param", idParamSchema), async (c) =>
    c.json(await listProperties(getDb(c.env), c.req.valid("param").id)),
  )
  .post("/customers/:id/properties", validate("param", idParamSchema), validate("json", propertyInputSchema), async (c) =>
    c.json(await createProperty(getDb(c.env), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .get("/properties/:id", validate("param", idParamSchema), async (c) => {
    const db = getDb(c.env);
    const { id } = c.req.valid("param");
    const property = await getProperty(db, id);
    return c.json({ ...property, documents: await listAllDocuments(c.env, db, { propertyIds: [id] }) });
  })
  .patch("/properties/:id", validate("param", idParamSchema), validate("json", propertyPatchSchema), async (c) =>
    c.json(await updateProperty(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/properties/:id/appliances", validate("param", idParamSchema), validate("json", applianceInputSchema), async (c) =>
    c.json(await createAppliance(getDb(c.env), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .patch("/appliances/:id", validate("param", idParamSchema), validate("json", appliancePatchSchema), async (c) =>
    c.json(await updateAppliance(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  );

export default app;
