import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { getDb } from "./db/client";
import { causeChain, isMissingTable } from "./db/errors";
import { type HonoEnv, isDevelopment } from "./env";
import { ApiError, type ErrorCode, errorStatus } from "./lib/errors";
import { drainUnreadBody } from "./middleware/drain-body";
import { requestId } from "./middleware/request-id";
import account from "./routes/account";
import admin from "./routes/admin";
import bookings from "./routes/bookings";
import cart from "./routes/cart";
import chat from "./routes/chat";
import config from "./routes/config";
import documents from "./routes/documents";
import emailSignups from "./routes/email-signups";
import enquiries from "./routes/enquiries";
import invoices from "./routes/invoices";
import orders from "./routes/orders";
import { servePage } from "./routes/pages";
import payments from "./routes/payments";
import products from "./routes/products";
import publicObjects from "./routes/public-objects";
import quotes from "./routes/quotes";
import sms from "./routes/sms";
import unsubscribe from "./routes/unsubscribe";
import uploads from "./routes/uploads";
import { withFacts } from "./services/settings/business-facts";

/** JSON bodies of the API are small; only image uploads (their own 10 MB check) are larger. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

const app = new Hono<HonoEnv>();

/** Hosts of a developer's own machine: only requests to these may use the development login and key. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

app.use("*", requestId);
app.use("*", drainUnreadBody);
app.use("*", async (c, next) => {
  c.env = { ...c.env, LOCAL_REQUEST: LOCAL_HOSTS.has(new URL(c.req.url).hostname) };
  await next();
});
app.use("/api/*", secureHeaders({ crossOriginResourcePolicy: "same-origin" }));
app.use("/unsubscribe", secureHeaders());
app.use("/reminders/opt-out", secureHeaders());
// Every API request, and the pages the Worker writes itself, run with the owner's facts as they
// are now (e-mails, refusals and chat answers quote the phone number and hours): read once per
// request, from this isolate's memory while it is fresh (usually no lookup at all). The health
// check is the one answer that never needs them.
app.use("*", async (c, next) => {
  if (
    c.req.path === "/api/health" ||
    !(c.req.path.startsWith("/api/") || c.req.path === "/unsubscribe" || c.req.path.startsWith("/reminders/"))
  )
    return next();
  await withFacts(getDb(c.env), next);
});
app.use("/api/*", async (c, next) => {
  // Image uploads (10 MB) and catalogue imports (2 MB) check their own, larger limits.
  if (c.req.path.startsWith("/api/uploads/") || c.req.path === "/api/admin/products/import") return next();
  return bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new ApiError("PAYLOAD_TOO_LARGE", "That request is too large.");
    },
  })(c, next);
});

app.get("/api/health", (c) => c.json({ ok: true }));

const routes = app
  .route("/api/config", config)
  .route("/api/products", products)
  .route("/api/cart", cart)
  .route("/api/orders", orders)
  .route("/api/quotes", enquiries)
  .route("/api/email-signups", emailSignups)
  .route("/api/chat", chat)
  .route("/api/uploads", uploads)
  .route("/api/admin", admin)
  .route("/api/documents", documents)
  .route("/api/estimates", quotes)
  .route("/api/invoices", invoices)
  .route("/api/account", account)
  .route("/api/sms", sms)
  .route("/api", bookings)
  .route("/api", payments)
  .route("/public-objects", publicObjects)
  .route("/", unsubscribe);

export type AppType = typeof routes;

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? "INTERNAL" : "VALIDATION_FAILED");

/** The only place an error body is written (schema/api/errors.ts). No stack trace leaves the Worker. */
app.onError((err, c) => {
  const requestId = c.get("requestId");
  if (err instanceof ApiError) {
    if (err.options.retryAfter !== undefined) c.header("Retry-After", String(Math.max(1, err.options.retryAfter)));
    return c.json(
      {
        error: err.message,
        code: err.code,
        requestId,
        ...(err.options.details ? { details: err.options.details } : {}),
      },
      err.status,
    );
  }
  if (err instanceof HTTPException && err.status < 500) {
    const message = err.status === 400 ? "The request body is not valid JSON." : err.message || "Bad request";
    return c.json({ error: message, code: codeForStatus(err.status), requestId }, err.status);
  }
  if (isMissingTable(err)) {
    // A database nobody migrated yet: say how to fix it instead of a bare 500.
    const command = isDevelopment(c.env) ? "npm run db:migrate" : "npm run db:migrate:remote";
    console.error(JSON.stringify({ requestId, path: c.req.path, error: String(causeChain(err).at(-1)) }));
    return c.json(
      { error: `The database has not been migrated yet. Run \`${command}\` and try again.`, code: "NOT_CONFIGURED", requestId },
      503,
    );
  }
  const cause = (err as Error).cause;
  console.error(
    JSON.stringify({
      requestId,
      path: c.req.path,
      error: String(err),
      cause: cause ? String(cause) : undefined,
      stack: (err as Error).stack,
    }),
  );
  return c.json({ error: "Something went wrong on our side. Please try again.", code: "INTERNAL", requestId }, 500);
});

app.notFound((c) => {
  if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/public-objects/")) {
    return c.json({ error: "Not found", code: "NOT_FOUND", requestId: c.get("requestId") }, 404);
  }
  return servePage(c);
});

export default app;
