import { createMiddleware } from "hono/factory";

/** Past this, an unread body is cut off rather than read: nothing the Worker takes is larger. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads to the end whatever part of a request body the handler left unread (a 413 from the size
 * limit, a 401 or 404 to a POST, a 429, a 503), before the answer goes out. Answering while the
 * client is still sending makes the runtime reset the connection, and some HTTP stacks then fail
 * the exchange instead of delivering the answer: locally, `vite preview` answered about one such
 * request in ten with a 500 page carrying an undici stack trace. A handler that stops reading part
 * way releases its reader, so what it left is read here too.
 */
export const drainUnreadBody = createMiddleware(async (c, next) => {
  try {
    await next();
  } finally {
    const body = c.req.raw.body;
    if (body && !body.locked) await drain(body.getReader());
  }
});

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    for (let read = 0; read <= DRAIN_LIMIT_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away, or the body was already read in full: nothing left to read.
  }
}
