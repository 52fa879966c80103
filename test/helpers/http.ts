import { exports } from "cloudflare:workers";

/** Calls the Worker's own fetch handler (the whole Hono app, as a browser would). */
export function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  return exports.default.fetch(`http://localhost${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { "Content-Type": "application/json" } : {}), ...(headers as Record<string, string>) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

export async function callJson<T = any>(path: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await call(path, init);
  return { res, status: res.status, body: (await res.json()) as T };
}

/** What a fake outside service received (see test/fakes/server.ts). */
export async function fakeRequests(baseUrl: string) {
  const res = await fetch(`${baseUrl}/__requests`);
  return (await res.json()) as { method: string; path: string; headers: Record<string, string>; body: string }[];
}
