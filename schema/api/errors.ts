/**
 * The one error contract of the API. Every non-2xx answer is exactly `ApiErrorBody`; the codes are a
 * closed list, each with its status, shared by the Worker (which writes the body in one place) and
 * the pages (which read it). Browser-safe: no zod, no Worker types.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that worked once and no longer does (a booking's link 30 days after the visit). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /**
   * Well formed, but it contradicts what the key it carries already stands for (an Idempotency-Key
   * sent again with a different body): sending it again as it is will never work.
   */
  UNPROCESSABLE_CONTENT: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * One thing wrong with the request: the field (`path`, dotted) and a message a person can read.
 * `value` carries the current state the client may need to recover (the cart's real total, the
 * quantity already in the cart, an address that was skipped, an order's current state); a stock
 * shortage names the product and how many are left.
 */
export type ErrorDetail = {
  path: string;
  message: string;
  value?: string | number | null;
  productId?: number;
  available?: number;
};

export type ApiErrorBody = {
  error: string;
  code: ErrorCode;
  requestId: string;
  details?: ErrorDetail[];
};
