import { Hono } from "hono";
import * as z from "zod";
import { adminListQuerySchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { listSubscribers, unsubscribeSubscriber } from "../../services/subscribers";

// Hono decodes the path parameter, so "jo%40example.com" arrives as "jo@example.com".
const emailParam = z.object({
  email: z.string().trim().min(3, "That is not an e-mail address").max(254, "That is not an e-mail address"),
});

const app = new Hono<HonoEnv>()
  .get("/", validate("query", adminListQuerySchema), async (c) =>
    listAnswer(c, await listSubscribers(getDb(c.env), c.req.valid("query"))),
  )
  .patch("/:email/unsubscribe", validate("param", emailParam), async (c) => {
    const subscriber = await unsubscribeSubscriber(getDb(c.env), c.req.valid("param").email);
    if (!subscriber) throw notFound("Subscriber");
    return c.json(subscriber);
  });

export default app;
