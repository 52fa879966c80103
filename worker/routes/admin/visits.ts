import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { idempotencyKeySchema, sheetInputSchema, todayQuerySchema } from "../../../schema/api/visits";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { syncSheet } from "../../services/visits/sheets";
import { today } from "../../services/visits/today";

/** Mounted at /api/admin: the engineer's day and the job sheets their phone syncs. */
const app = new Hono<HonoEnv>()
  .get("/today", validate("query", todayQuerySchema), async (c) =>
    c.json(await today(getDb(c.env), c.req.valid("query").date ?? londonToday())),
  )
  .put("/visits/:id/sheet", validate("param", idParamSchema), validate("json", sheetInputSchema), async (c) => {
    const key = idempotencyKeySchema.safeParse(c.req.header("Idempotency-Key"));
    if (!key.success) {
      const message = key.error.issues[0]!.message;
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "Idempotency-Key", message }] });
    }
    const result = await syncSheet(getDb(c.env), c.req.valid("param").id, key.data, c.req.valid("json"));
    if (result.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(result);
  });

export default app;
