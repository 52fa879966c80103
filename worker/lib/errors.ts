import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The closed list of error codes (DESIGN.md "Errors"), mapped to statuses in this one place. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorDetail = { path: string; message: string };

/**
 * Services throw this; only app.onError turns it into a response body. `extra` carries fields a
 * client needs beside the message (the current total on a price conflict, `message` for sign-ups).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; retryAfter?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} not found`);
