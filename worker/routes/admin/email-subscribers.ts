import { Hono } from "hono";
import { adminListQuerySchema } from "../../../schema/api/lists";
import { subscriberEmailParamSchema } from "../../../schema/api/signups";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { listSubscribers, unsubscribeSubscriber } from "../../services/campaigns/subscribers";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", adminListQuerySchema), async (c) =>
    listAnswer(c, await listSubscribers(getDb(c.env), c.req.valid("query"))),
  )
  .patch("/:email/unsubscribe", validate("param", subscriberEmailParamSchema), async (c) => {
    const subscriber = await unsubscribeSubscriber(getDb(c.env), c.req.valid("param").email);
    if (!subscriber) throw notFound("Subscriber");
    return c.json(subscriber);
  });

export default app;
