import { Hono } from "hono";
import { businessFactsPatchSchema } from "../../../schema/api/settings";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { readFacts, saveFacts } from "../../services/settings/business-facts";

/** The version of the facts, as an ETag: when they were last saved, or "new" before the first save. */
const etagOf = (updatedAt: string | null) => `"${updatedAt ?? "new"}"`;

/** If-Match's version: undefined when absent or "*" (a save over anything), null for "new". */
function expectedVersion(header: string | undefined): string | null | undefined {
  const tag = header?.trim().replace(/^W\//, "");
  if (!tag || tag === "*") return undefined;
  const version = tag.replace(/^"|"$/g, "");
  return version === "new" ? null : version;
}

export const SETTINGS_CHANGED_ELSEWHERE =
  "These settings were changed elsewhere since you opened them. Reload to see them, or save yours over them.";

/**
 * GET /api/admin/settings: the company's facts, with their version as the ETag; PATCH: any of their
 * groups, live on the next page. A PATCH with If-Match is only made over the version it names;
 * over a newer one it answers 409 with the facts as they are now.
 */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const settings = await readFacts(getDb(c.env));
    c.header("ETag", etagOf(settings.updatedAt));
    return c.json(settings);
  })
  .patch("/", validate("json", businessFactsPatchSchema), async (c) => {
    const result = await saveFacts(getDb(c.env), c.req.valid("json"), expectedVersion(c.req.header("If-Match")));
    if ("conflict" in result) {
      c.header("ETag", etagOf(result.conflict.updatedAt));
      return c.json(
        { error: SETTINGS_CHANGED_ELSEWHERE, code: "CONFLICT", requestId: c.get("requestId"), current: result.conflict },
        409,
      );
    }
    c.header("ETag", etagOf(result.saved.updatedAt));
    return c.json(result.saved);
  });

export default app;
