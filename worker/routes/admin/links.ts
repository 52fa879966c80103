import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { z } from "../../../schema/api/z";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { revokeInvoiceLinks } from "../../services/invoices/revoke-links";
import { revokeQuoteLinks } from "../../services/quotes/revoke-links";
import { revokeBookingLink } from "../../services/visits/revoke-booking-link";

/**
 * Mounted at /api/admin: "Revoke links" on a quote, an invoice (with its credit notes) and a
 * booking (a paper's are papers.ts's). Each answers the document as its screen shows it, with the new link.
 */
const id = validate("param", idParamSchema);
const reference = validate("param", z.object({ reference: z.string().regex(/^BK-[A-Z0-9]{6}$/, "Not a booking reference") }));

const app = new Hono<HonoEnv>()
  .post("/estimates/:id/revoke-links", id, async (c) =>
    c.json(await revokeQuoteLinks(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .post("/invoices/:id/revoke-links", id, async (c) =>
    c.json(await revokeInvoiceLinks(c.env, getDb(c.env), c.req.valid("param").id)),
  )
  .post("/bookings/:reference/revoke-link", reference, async (c) =>
    c.json(await revokeBookingLink(c.env, getDb(c.env), c.req.valid("param").reference)),
  );

export default app;
