import { Hono } from "hono";
import {
  availabilityQuerySchema,
  bookingRequestSchema,
  manageTokenRequestSchema,
  moveBookingSchema,
} from "../../schema/api/bookings";
import { londonToday } from "../../schema/london-time";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { queueInBackground } from "../services/mail";
import { textBookingInBackground } from "../services/sms/visit-texts";
import { feedIcs } from "../services/visits/agenda";
import { cancelBooking, createBooking, moveBooking, readManagedBooking } from "../services/visits/book";
import { freeSlots } from "../services/visits/slots";

/** Mounted at /api: free slots, booking, the customer's own link, the owner's calendar feed. */
const app = new Hono<HonoEnv>()
  .get("/availability", validate("query", availabilityQuerySchema), async (c) => {
    const { service, minutes, from, days } = c.req.valid("query");
    const { slots } = await freeSlots(getDb(c.env), { length: service ?? minutes!, now: Date.now(), from, days });
    c.header("Cache-Control", "no-store");
    return c.json(slots);
  })
  .post("/bookings", limitPerAddress("booking"), validate("json", bookingRequestSchema), async (c) => {
    const db = getDb(c.env);
    const { created, mails } = await createBooking(c.env, db, c.req.valid("json"));
    queueInBackground(c.executionCtx, c.env, ...mails);
    textBookingInBackground(c.executionCtx, c.env, db, created.reference, "booking-confirmed");
    return c.json(created, 201);
  })
  .get("/bookings/manage", validate("query", manageTokenRequestSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readManagedBooking(c.env, getDb(c.env), c.req.valid("query").token));
  })
  .post("/bookings/manage/cancel", limitPerAddress("booking"), validate("json", manageTokenRequestSchema), async (c) => {
    const db = getDb(c.env);
    const { managed, mails } = await cancelBooking(c.env, db, c.req.valid("json").token);
    queueInBackground(c.executionCtx, c.env, ...mails);
    textBookingInBackground(c.executionCtx, c.env, db, managed.reference, "visit-cancelled");
    return c.json(managed);
  })
  .post("/bookings/manage/move", limitPerAddress("booking"), validate("json", moveBookingSchema), async (c) => {
    const { token, start } = c.req.valid("json");
    const db = getDb(c.env);
    const { managed, mails } = await moveBooking(c.env, db, token, start);
    queueInBackground(c.executionCtx, c.env, ...mails);
    textBookingInBackground(c.executionCtx, c.env, db, managed.reference, "visit-moved");
    return c.json(managed);
  })
  .get("/calendar/:file", async (c) => {
    const file = c.req.param("file");
    const ics = file.endsWith(".ics") ? await feedIcs(c.env, getDb(c.env), file.slice(0, -".ics".length), londonToday()) : null;
    if (ics === null) return c.json({ error: "Not found", code: "NOT_FOUND", requestId: c.get("requestId") }, 404);
    c.header("Content-Type", "text/calendar; charset=utf-8");
    // Never kept: a copy would outlive a "make a new calendar address" (the old link must die at once).
    c.header("Cache-Control", "no-store");
    return c.body(ics);
  });

export default app;
