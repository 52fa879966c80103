import { CART_SESSION_HEADER } from "../../schema/api/constants";
import type { ApiErrorBody, ErrorDetail } from "../../schema/api/errors";
import { getAdminToken } from "./admin-token";
import { getCartSessionId } from "./cart-session";

/**
 * A non-OK response. `message` reads "{status}: {body text or status text}";
 * `body` is the parsed JSON error so screens can show the server's human message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "HttpError";
  }

  /** The server's human message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error;
  }

  /** The first detail about one field of the request (`path`), if the server named it. */
  detail(path: string): ErrorDetail | undefined {
    return this.body?.details?.find((d) => d.path === path);
  }
}

type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * The single fetcher: cookies sent, JSON in and out, the admin bearer token on every /admin/ call,
 * the cart session header on cart calls.
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  if (path.includes("/admin/")) {
    const token = getAdminToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (path.startsWith("/api/cart") || path.startsWith("/api/orders") || path.startsWith("/api/create-checkout-session")) {
    headers[CART_SESSION_HEADER] = getCartSessionId();
  }
  const res = await fetch(path, {
    method: options.method ?? (options.json !== undefined ? "POST" : "GET"),
    credentials: "include",
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: options.signal,
  });
  if (!res.ok) {
    const text = await res.text();
    let body: ApiErrorBody | null = null;
    try {
      const parsed = text ? (JSON.parse(text) as Partial<ApiErrorBody>) : null;
      // Only the API's own error shape counts; a proxy's error page or another JSON is just text.
      body = typeof parsed?.error === "string" && typeof parsed.code === "string" ? (parsed as ApiErrorBody) : null;
    } catch {
      body = null;
    }
    throw new HttpError(res.status, text || res.statusText, body);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** SWR's default fetcher: the key is the URL (key segments joined with '/'). */
export const swrFetcher = (key: string | string[]) => api(Array.isArray(key) ? key.join("/") : key);
