import { Hono } from "hono";
import { type AdminCalendar, calendarPatchSchema, calendarWeekQuerySchema } from "../../../schema/api/bookings";
import { londonToday } from "../../../schema/london-time";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { validate } from "../../lib/validate";
import { calendarEntries } from "../../services/visits/agenda";
import { readCalendarAndFeed, rotateFeedSecret, saveCalendar } from "../../services/visits/calendar";

const feedUrl = (env: HonoEnv["Bindings"], secret: string) => siteUrl(env, `/api/calendar/${secret}.ics`);

/** The owner's availability, the private feed's address, and the diary (mounted at /api/admin). */
const app = new Hono<HonoEnv>()
  .get("/calendar", async (c) => {
    const { settings, secret } = await readCalendarAndFeed(c.env, getDb(c.env));
    return c.json({ settings, feedUrl: feedUrl(c.env, secret) } satisfies AdminCalendar);
  })
  .patch("/calendar", validate("json", calendarPatchSchema), async (c) => {
    const { settings, secret } = await saveCalendar(c.env, getDb(c.env), c.req.valid("json"));
    return c.json({ settings, feedUrl: feedUrl(c.env, secret) } satisfies AdminCalendar);
  })
  .post("/calendar/rotate-feed", async (c) => c.json({ feedUrl: feedUrl(c.env, await rotateFeedSecret(c.env, getDb(c.env))) }))
  .get("/bookings", validate("query", calendarWeekQuerySchema), async (c) => {
    const { from, days, engineer } = c.req.valid("query");
    return c.json(await calendarEntries(getDb(c.env), from ?? londonToday(), days, engineer));
  });

export default app;
