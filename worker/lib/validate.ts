import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type * as z from "zod";
import { ApiError } from "./errors";

/**
 * zValidator with the house error shape: the first issue's message becomes `error` (it is the
 * spec's wording, shown to people as is), all issues become `details`.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new ApiError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", {
        details: issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
  });
}
