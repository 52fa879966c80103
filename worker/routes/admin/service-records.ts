import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import {
  ownerFreeTimesQuerySchema,
  serviceRecordInputSchema,
  serviceRecordListQuerySchema,
  serviceRecordPatchSchema,
} from "../../../schema/api/records";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { queueInBackground } from "../../services/mail";
import { textVisitBookingInBackground } from "../../services/sms/visit-texts";
import { freeSlots } from "../../services/visits/slots";
import { createServiceRecord, deleteServiceRecord, readRecord, updateServiceRecord } from "../../services/visits/visit-admin";
import { listServiceRecords } from "../../services/visits/visit-list";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", serviceRecordListQuerySchema), async (c) =>
    listAnswer(c, await listServiceRecords(getDb(c.env), c.req.valid("query"))),
  )
  .post("/", validate("json", serviceRecordInputSchema), async (c) => {
    const db = getDb(c.env);
    const { record, mails } = await createServiceRecord(c.env, db, c.req.valid("json"), Date.now(), c.get("adminUser"));
    queueInBackground(c.executionCtx, c.env, ...mails);
    // A booking confirmation was e-mailed: the customer who chose texts (or the tenant) is texted it too.
    if (mails.length > 0) textVisitBookingInBackground(c.executionCtx, c.env, db, record.id);
    return c.json(record, 201);
  })
  // The free times for a visit of this length, from today: anyone's, or when each chosen engineer is (the owner may still set any time by hand).
  .get("/free-times", validate("query", ownerFreeTimesQuerySchema), async (c) => {
    const { minutes, from, days, engineer } = c.req.valid("query");
    const { slots } = await freeSlots(getDb(c.env), {
      length: minutes,
      now: Date.now(),
      from,
      days,
      audience: "owner",
      who: { engineers: engineer },
    });
    return c.json(slots);
  })
  .get("/:id", validate("param", idParamSchema), async (c) => c.json(await readRecord(getDb(c.env), c.req.valid("param").id)))
  .patch("/:id", validate("param", idParamSchema), validate("json", serviceRecordPatchSchema), async (c) => {
    const db = getDb(c.env);
    const { record, mails } = await updateServiceRecord(c.env, db, c.req.valid("param").id, c.req.valid("json"));
    queueInBackground(c.executionCtx, c.env, ...mails);
    if (mails.length > 0) textVisitBookingInBackground(c.executionCtx, c.env, db, record.id);
    return c.json(record);
  })
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    const mails = await deleteServiceRecord(getDb(c.env), c.req.valid("param").id);
    queueInBackground(c.executionCtx, c.env, ...mails);
    return c.json({ success: true });
  });

export default app;
