import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { unsubscribeTokenSchema } from "../../schema/api/campaigns";
import { reminderOptOutTokenSchema } from "../../schema/api/reminders";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { ApiError } from "../lib/errors";
import {
  INVALID_LINK_MESSAGE,
  isSubscribed,
  requireUnsubscribeAddress,
  unsubscribeByToken,
} from "../services/campaigns/unsubscribe";
import { remindersList, renderUnsubscribePage, type UnsubscribePage } from "../services/campaigns/unsubscribe-page";
import { INVALID_REMINDER_LINK, optOutOfReminders, reminderOptOutState } from "../services/reminders/reminders";

/** The pages carry a token in their URL: nothing loads from elsewhere, nothing is cached or indexed. */
function page(c: Context<HonoEnv>, content: UnsubscribePage, status: ContentfulStatusCode = 200) {
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex");
  return c.html(renderUnsubscribePage(content), status);
}

/**
 * The token may come in the query string (the e-mail's link, and RFC 8058 one-click POSTs whose
 * form body is just `List-Unsubscribe=One-Click`), a form field (the confirm page) or JSON.
 */
async function tokenFrom(c: Context<HonoEnv>, schema: z.ZodType<string>, invalid: string): Promise<string> {
  let token: unknown = c.req.query("token");
  if (token === undefined) {
    const type = c.req.header("Content-Type") ?? "";
    if (type.includes("application/json")) {
      const body = (await c.req.json().catch(() => {
        throw new ApiError("VALIDATION_FAILED", "The request body is not valid JSON.");
      })) as { token?: unknown } | null;
      token = body?.token;
    } else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError("VALIDATION_FAILED", "The form could not be read. Please use the button on the unsubscribe page.");
      });
      token = form.token;
    }
  }
  const parsed = schema.safeParse(token);
  if (!parsed.success) throw new ApiError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? invalid);
  return parsed.data;
}

const wantsHtml = (c: Context<HonoEnv>) => (c.req.header("Accept") ?? "").includes("text/html");

/** A bad link answers the page's "invalid" view for people, the JSON error for everything else. */
async function orInvalidPage(c: Context<HonoEnv>, asPage: boolean, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (asPage && error instanceof ApiError && error.code === "VALIDATION_FAILED") {
      return page(c, { kind: "invalid", message: error.message }, 400);
    }
    throw error;
  }
}

/**
 * Mounted at "/": the confirm pages and the actions of the deals list and of service reminders.
 * GET never changes anything (link scanners follow links).
 */
const app = new Hono<HonoEnv>()
  .get("/unsubscribe", (c) =>
    orInvalidPage(c, true, async () => {
      const parsed = unsubscribeTokenSchema.safeParse(c.req.query("token"));
      if (!parsed.success) throw new ApiError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? INVALID_LINK_MESSAGE);
      const email = await requireUnsubscribeAddress(c.env, parsed.data);
      return page(
        c,
        (await isSubscribed(c.env, email)) ? { kind: "confirm", email, token: parsed.data } : { kind: "already", email },
      );
    }),
  )
  .post("/api/unsubscribe", (c) =>
    orInvalidPage(c, wantsHtml(c), async () => {
      const { email } = await unsubscribeByToken(c.env, await tokenFrom(c, unsubscribeTokenSchema, INVALID_LINK_MESSAGE));
      return wantsHtml(c) ? page(c, { kind: "done", email }) : c.json({ unsubscribed: true, email });
    }),
  )
  .get("/reminders/opt-out", (c) =>
    orInvalidPage(c, true, async () => {
      const parsed = reminderOptOutTokenSchema.safeParse(c.req.query("token"));
      if (!parsed.success) throw new ApiError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? INVALID_REMINDER_LINK);
      const { email, optedOut } = await reminderOptOutState(c.env, getDb(c.env), parsed.data);
      return page(
        c,
        optedOut
          ? { kind: "already", email, list: remindersList }
          : { kind: "confirm", email, token: parsed.data, list: remindersList },
      );
    }),
  )
  .post("/api/reminders/opt-out", (c) =>
    orInvalidPage(c, wantsHtml(c), async () => {
      const token = await tokenFrom(c, reminderOptOutTokenSchema, INVALID_REMINDER_LINK);
      const { email } = await optOutOfReminders(c.env, getDb(c.env), token);
      return wantsHtml(c) ? page(c, { kind: "done", email, list: remindersList }) : c.json({ optedOut: true, email });
    }),
  );

export default app;
