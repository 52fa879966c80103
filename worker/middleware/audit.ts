import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { readBefore, writeAuditEntry } from "../services/audit/record";
import { type AuditTarget, auditTarget } from "../services/audit/route-target";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What the log keeps: every write that changed something (2xx), and every write refused because
 * the person's role does not allow it (403), which the owner wants to see. Other refusals (a form
 * with a mistake, a record already gone, a stale screen: 400, 404, 409, 422) changed nothing and
 * would bury the history in noise.
 */
const isRecorded = (status: number) => (status >= 200 && status < 300) || status === 403;

/**
 * Records every back-office write with the person who made it (audit_log, schema/db/audit.ts).
 * Mounted right after requireAdmin (and before the role check, so a refusal is seen). For money and
 * documents the record is read before the handler runs (one small indexed read); the entry, with
 * the record as it is after, is written once the answer has gone (waitUntil), so the owner waits
 * for nothing more. Only the route and the path are read, never the body.
 */
export const recordWrites = createMiddleware<HonoEnv>(async (c, next) => {
  const route = WRITES.has(c.req.method) ? matchedRoutes(c).find((r) => r.method === c.req.method)?.path : undefined;
  if (!route) return next();
  const target = auditTarget(route, c.req.path);
  const db = getDb(c.env);
  const before = await readBefore(db, target).catch((error) => logFailure("before", error));
  await next();
  const user = c.get("adminUser");
  const status = c.res.status;
  if (!user || !isRecorded(status)) return;
  const answer = isCreation(c.req.method, target, status) ? c.res.clone() : null;
  const write = async () => {
    if (answer) await nameCreatedRecord(target, answer);
    await writeAuditEntry(db, { user, method: c.req.method, route, target, status, before: before ?? null });
  };
  await inBackground(
    c,
    write().catch((error) => logFailure("entry", error)),
  );
});

/** A POST to a list (no record in its route) that made one: the answer names it. */
const isCreation = (method: string, target: AuditTarget, status: number) =>
  method === "POST" && target.recordId === null && status >= 200 && status < 300;

async function nameCreatedRecord(target: AuditTarget, answer: Response) {
  if (!answer.headers.get("Content-Type")?.includes("application/json")) return;
  const body = (await answer.json().catch(() => null)) as { id?: unknown } | null;
  const id = body && typeof body === "object" && !Array.isArray(body) ? body.id : undefined;
  if (typeof id === "number" || (typeof id === "string" && /^[\w-]{1,64}$/.test(id))) target.recordId = String(id);
}

/** After the answer when the runtime gives a context (always in the Worker); inline otherwise. */
function inBackground(c: Context<HonoEnv>, work: Promise<unknown>) {
  let waitUntil: ((work: Promise<unknown>) => void) | undefined;
  try {
    waitUntil = c.executionCtx.waitUntil.bind(c.executionCtx);
  } catch {
    waitUntil = undefined;
  }
  if (waitUntil) waitUntil(work);
  else return work;
}

/** The write itself is never failed by its record; the failure is logged for the owner's logs. */
function logFailure(step: string, error: unknown) {
  console.error(JSON.stringify({ job: "audit", step, error: String(error) }));
  return null;
}
