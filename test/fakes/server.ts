import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};
export type FakeHandler = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>;
export type FakeServer = { url: string; close: () => Promise<void> };

/**
 * A small HTTP server on 127.0.0.1 standing in for an outside API (Stripe, the mail provider).
 * Every request is recorded; tests read them at GET /__requests and clear them with
 * DELETE /__requests, so a test can assert what the Worker actually sent.
 */
export async function startFakeServer(handler: FakeHandler, listenOn = 0): Promise<FakeServer> {
  const recorded: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "/";
    if (path === "/__requests") {
      if (req.method === "DELETE") recorded.length = 0;
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(recorded));
      return;
    }
    // A test's own questions to the fake (/__accepted…) are not requests the Worker made.
    if (!path.startsWith("/__")) recorded.push({ method: req.method ?? "GET", path, headers: req.headers, body });
    try {
      await handler(req, body, res);
    } catch (error) {
      res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}
