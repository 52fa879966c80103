import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import {
  idempotencyKeySchema,
  onMyWaySchema,
  sheetInputSchema,
  todayQuerySchema,
  visitPhotoParamSchema,
  visitPhotoUrlSchema,
} from "../../../schema/api/visits";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { textOnMyWay } from "../../services/sms/on-my-way";
import { createVisitPhotoUrl, getVisitPhoto, requirePhotosUploaded } from "../../services/visits/photos";
import { syncSheet } from "../../services/visits/sheets";
import { today } from "../../services/visits/today";

/** Mounted at /api/admin: the engineer's day and the job sheets their phone syncs. */
const app = new Hono<HonoEnv>()
  // An engineer's day is their own visits; the owner and the office see everyone's, or one engineer's.
  .get("/today", validate("query", todayQuerySchema), async (c) => {
    const { date, engineer } = c.req.valid("query");
    const user = c.get("adminUser");
    return c.json(await today(getDb(c.env), date ?? londonToday(), user?.role === "engineer" ? user.id : engineer));
  })
  .put("/visits/:id/sheet", validate("param", idParamSchema), validate("json", sheetInputSchema), async (c) => {
    const key = idempotencyKeySchema.safeParse(c.req.header("Idempotency-Key"));
    if (!key.success) {
      const message = key.error.issues[0]!.message;
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "Idempotency-Key", message }] });
    }
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    await requirePhotosUploaded(c.env, id, input.photos);
    const result = await syncSheet(getDb(c.env), id, key.data, input, c.get("adminUser"));
    if (result.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(result);
  })
  .post("/visits/:id/photo-url", validate("param", idParamSchema), validate("json", visitPhotoUrlSchema), async (c) =>
    c.json(
      await createVisitPhotoUrl(
        c.env,
        getDb(c.env),
        new URL(c.req.url).origin,
        c.req.valid("param").id,
        c.req.valid("json").name,
        c.get("adminJti")!,
      ),
    ),
  )
  .get("/visits/:id/photos/:name", validate("param", visitPhotoParamSchema), async (c) => {
    const { id, name } = c.req.valid("param");
    const photo = await getVisitPhoto(c.env, id, name);
    const headers = new Headers();
    photo.writeHttpMetadata(headers);
    headers.set("ETag", photo.httpEtag);
    return new Response(photo.body, { headers });
  })
  // One text each tap, naming the engineer who tapped (an owner or office tap names them).
  .post("/visits/:id/on-my-way", validate("param", idParamSchema), validate("json", onMyWaySchema), async (c) => {
    const user = c.get("adminUser");
    const answer = await textOnMyWay(
      c.env,
      getDb(c.env),
      c.req.valid("param").id,
      c.req.valid("json").minutes,
      user?.name ?? null,
    );
    return c.json(answer);
  });

export default app;
