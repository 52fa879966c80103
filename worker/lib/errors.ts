import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, type ErrorDetail, errorStatus } from "../../schema/api/errors";

export { type ErrorCode, type ErrorDetail, errorStatus };

// Every status of the shared list is one Hono can send with a body.
const statuses: Record<ErrorCode, ContentfulStatusCode> = errorStatus;

/** Services throw this; only app.onError turns it into a response body (schema/api/errors.ts). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): ContentfulStatusCode {
    return statuses[this.code];
  }
}

export const notFound = (what: string) => new ApiError("NOT_FOUND", `${what} not found`);
