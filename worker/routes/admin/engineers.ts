import { Hono } from "hono";
import { blockParamSchema, blocksQuerySchema, engineerBlockSchema, engineerHoursSchema } from "../../../schema/api/diary";
import { idParamSchema } from "../../../schema/api/lists";
import { addDays, londonToday, londonToUtc } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { validate } from "../../lib/validate";
import { engineerFeedSecret } from "../../services/visits/calendar";
import { addBlock, deleteBlock, diaryEngineers, listBlocks, saveEngineerHours } from "../../services/visits/engineer-diary";

/** An engineer sees their own diary's settings and feed only; the owner and the office anyone's. */
function requireOwnOrOffice(user: AdminUser | undefined, id: number) {
  if (user?.role === "engineer" && user.id !== id) {
    throw new ApiError("FORBIDDEN", "You can see only your own diary.");
  }
}

/**
 * Mounted at /api/admin: the diary's engineers (its columns), each one's working week and blocked
 * times, and each engineer's own calendar feed address.
 */
const app = new Hono<HonoEnv>()
  .get("/engineers", async (c) => c.json(await diaryEngineers(getDb(c.env))))
  .put("/engineers/:id/hours", validate("param", idParamSchema), validate("json", engineerHoursSchema), async (c) =>
    c.json(await saveEngineerHours(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .get("/engineers/:id/blocks", validate("param", idParamSchema), validate("query", blocksQuerySchema), async (c) => {
    const { id } = c.req.valid("param");
    requireOwnOrOffice(c.get("adminUser"), id);
    const { from = londonToday(), days } = c.req.valid("query");
    const start = londonToUtc(from, "00:00").toISOString();
    const end = londonToUtc(addDays(from, days), "00:00").toISOString();
    return c.json(await listBlocks(getDb(c.env), id, start, end));
  })
  .post("/engineers/:id/blocks", validate("param", idParamSchema), validate("json", engineerBlockSchema), async (c) =>
    c.json(await addBlock(getDb(c.env), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .delete("/engineers/:id/blocks/:blockId", validate("param", blockParamSchema), async (c) => {
    const { id, blockId } = c.req.valid("param");
    await deleteBlock(getDb(c.env), id, blockId);
    return c.json({ success: true });
  })
  .get("/engineers/:id/feed", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    requireOwnOrOffice(c.get("adminUser"), id);
    const secret = await engineerFeedSecret(c.env, getDb(c.env), id);
    return c.json({ feedUrl: siteUrl(c.env, `/api/calendar/${secret}.ics`) });
  });

export default app;
