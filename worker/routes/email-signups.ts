import { Hono } from "hono";
import { emailSignupSchema } from "../../schema/api/signups";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { ApiError, type ErrorCode } from "../lib/errors";
import { limitPublicWrite } from "../middleware/rate-limit";
import { signUp } from "../services/signups";

/** The sign-up modal shows the error body's `message` (spec section 8), so every refusal carries one. */
const refuse = (code: ErrorCode, message: string, details?: { path: string; message: string }[]) =>
  new ApiError(code, message, { details, extra: { message } });

/**
 * POST /api/email-signups. The body is read here rather than by the shared validator so that
 * malformed JSON and a wrong content type also answer with `message`.
 */
const app = new Hono<HonoEnv>().post("/", limitPublicWrite("email-signup"), async (c) => {
  if (!/^application\/json\b/i.test(c.req.header("Content-Type") ?? "")) {
    throw refuse("UNSUPPORTED_MEDIA_TYPE", "Please send the sign-up as JSON.");
  }
  const raw = await c.req.json<unknown>().catch(() => {
    throw refuse("VALIDATION_FAILED", "The request body is not valid JSON.");
  });
  const parsed = emailSignupSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw refuse("VALIDATION_FAILED", issues[0]?.message ?? "Please enter a valid email address", issues);
  }
  const result = await signUp(getDb(c.env), parsed.data.email, parsed.data.source);
  return c.json(result, result.status === "subscribed" ? 201 : 200);
});

export default app;
