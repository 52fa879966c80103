import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { cleanStrings } from "../../schema/clean-text";
import { ApiError } from "./errors";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A JSON body sent as anything else would otherwise be validated as `{}` and answered with a
 * misleading "field is required"; say what is wrong instead. A request with no body at all is
 * left to the schema.
 */
const requireJsonBody = createMiddleware(async (c, next) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  const hasBody = c.req.raw.body !== null;
  if (hasBody && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Please send the request as JSON (Content-Type: application/json).");
  }
  await next();
});

/**
 * zValidator with the house error shape: the first issue's message becomes `error` (it is the
 * product's wording, shown to people as is), all issues become `details`. Every string is cleaned
 * of control characters first (schema/clean-text.ts), whatever the schema.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const cleaned = z.preprocess((value) => cleanStrings(value), schema) as unknown as T;
  const validator = zValidator(target, cleaned, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new ApiError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", {
        details: issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
  });
  return target === "json" ? (every(requireJsonBody, validator) as typeof validator) : validator;
}
