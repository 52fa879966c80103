import { Hono } from "hono";
import { z } from "../../schema/api/z";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validate";
import { documentKindNames, documentKinds } from "../services/document-kinds";
import { documentByLink, pdfResponse } from "../services/documents/files";

/**
 * Issued documents opened from the link in their e-mail, without signing in: the signed token names
 * the document and its link version (services/documents/files.ts). Never cached, never indexed.
 */
const params = z.object({
  kind: z.enum(documentKindNames, { error: "Unknown document" }),
  token: z.string().max(400, "This link is not valid"),
});

const app = new Hono<HonoEnv>().get("/:kind/:token", validate("param", params), async (c) => {
  const { kind, token } = c.req.valid("param");
  const file = await documentByLink(c.env, getDb(c.env), documentKinds[kind], token);
  if (!file) throw new ApiError("NOT_FOUND", "This link is not valid any more. Please ask us for a new one.");
  return pdfResponse(file);
});

export default app;
