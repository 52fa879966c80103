import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { unsubscribeTokenSchema } from "../../schema/api/campaigns";
import type { HonoEnv } from "../env";
import { ApiError } from "../lib/errors";
import {
  INVALID_LINK_MESSAGE,
  isSubscribed,
  requireUnsubscribeAddress,
  unsubscribeByToken,
} from "../services/campaigns/unsubscribe";
import { renderUnsubscribePage, type UnsubscribePage } from "../services/campaigns/unsubscribe-page";

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
async function tokenFrom(c: Context<HonoEnv>): Promise<string> {
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
  const parsed = unsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) throw new ApiError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? INVALID_LINK_MESSAGE);
  return parsed.data;
}

const wantsHtml = (c: Context<HonoEnv>) => (c.req.header("Accept") ?? "").includes("text/html");

/** Mounted at "/": the confirm page and the unsubscribe action. GET never unsubscribes (link scanners follow links). */
const app = new Hono<HonoEnv>()
  .get("/unsubscribe", async (c) => {
    const parsed = unsubscribeTokenSchema.safeParse(c.req.query("token"));
    if (!parsed.success)
      return page(c, { kind: "invalid", message: parsed.error.issues[0]?.message ?? INVALID_LINK_MESSAGE }, 400);
    try {
      const email = await requireUnsubscribeAddress(c.env, parsed.data);
      if (!(await isSubscribed(c.env, email))) return page(c, { kind: "already", email });
      return page(c, { kind: "confirm", email, token: parsed.data });
    } catch (error) {
      if (error instanceof ApiError && error.code === "VALIDATION_FAILED") {
        return page(c, { kind: "invalid", message: error.message }, 400);
      }
      throw error;
    }
  })
  .post("/api/unsubscribe", async (c) => {
    try {
      const { email } = await unsubscribeByToken(c.env, await tokenFrom(c));
      return wantsHtml(c) ? page(c, { kind: "done", email }) : c.json({ unsubscribed: true, email });
    } catch (error) {
      if (wantsHtml(c) && error instanceof ApiError && error.code === "VALIDATION_FAILED") {
        return page(c, { kind: "invalid", message: error.message }, 400);
      }
      throw error;
    }
  });

export default app;
