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
 * the cart session header on cart calls. Answers the successful response; a non-OK one throws.
 */
async function request(path: string, options: RequestOptions): Promise<Response> {
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
  return checked(res);
}

/** The response if OK; else an HttpError with the server's message. */
async function checked(res: Response): Promise<Response> {
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
  return res;
}

/** A call whose JSON answer is all that matters. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return answerOf<T>(await request(path, options));
}

/** The JSON answer of a request made elsewhere (a page's HTML starting its own read), as api() gives it. */
export async function answerOf<T = unknown>(pending: Response | Promise<Response>): Promise<T> {
  const res = await checked(await pending);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A call whose answer is text (a CSV export). */
export async function apiText(path: string, options: RequestOptions = {}): Promise<string> {
  return (await request(path, options)).text();
}

/** A call whose answer is a file (a visit's photo). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await request(path, options)).blob();
}

/** One page of a list: the items, the full count (X-Total-Count) and any tab counts (X-Tab-Counts). */
export type ListPage<T, Tabs = Record<string, number>> = { items: T[]; total: number; tabs: Tabs | null };

export async function apiPage<T, Tabs = Record<string, number>>(
  path: string,
  options: RequestOptions = {},
): Promise<ListPage<T, Tabs>> {
  const res = await request(path, options);
  const items = (await res.json()) as T[];
  const tabs = res.headers.get("X-Tab-Counts");
  return {
    items,
    total: Number(res.headers.get("X-Total-Count") ?? items.length),
    tabs: tabs ? (JSON.parse(tabs) as Tabs) : null,
  };
}

/** SWR's default fetcher: the key is the URL (key segments joined with '/'). */
export const swrFetcher = (key: string | string[]) => api(Array.isArray(key) ? key.join("/") : key);
