import { type AuditKind, kindLabel, kindOfSegment } from "./kinds";

/**
 * What a back-office write was to, read from the route the router matched and the path asked for:
 * /api/admin/invoices/:id/payments on /api/admin/invoices/12/payments is invoice 12, "payments".
 * Only the route is read, never the body, so nothing typed (a password, a code, a signature) can
 * reach the log.
 */
export type AuditTarget = {
  kind: AuditKind | undefined;
  /** The kind's name, or the route's first segment when no kind is registered for it. */
  recordKind: string | null;
  recordId: string | null;
  /** The route's steps after the record ("payments", "deposit-payments/refund"), "" for the record itself. */
  action: string;
  label: string;
  /** The path as asked, a person's address among its parameters left as the route's placeholder. */
  path: string;
};

const PREFIX = "/api/admin/";

/** Parameters whose values are a person's details: never stored, in the path or as a record id. */
const PERSONAL_PARAMS = new Set(["email"]);

const paramName = (segment: string) =>
  segment
    .slice(1)
    .replace(/\{.*\}$/, "")
    .replace(/\?$/, "");

/** "email-subscribers" → "Email subscribers". */
const words = (text: string) => text.replaceAll("/", " ").replaceAll("-", " ");
const sentenceCase = (text: string) => words(text).replace(/^./, (c) => c.toUpperCase());

export function auditTarget(route: string, path: string): AuditTarget {
  const routeSegments = route.startsWith(PREFIX) ? route.slice(PREFIX.length).split("/") : [];
  const pathSegments = path.startsWith(PREFIX) ? path.slice(PREFIX.length).split("/") : [];
  const kept: string[] = [];
  const after: string[] = [];
  let firstParam: string | null | undefined;
  routeSegments.forEach((segment, i) => {
    const value = pathSegments[i] ?? "";
    if (!segment.startsWith(":")) {
      kept.push(value);
      if (i > 0 && firstParam !== undefined) after.push(segment);
      return;
    }
    const personal = PERSONAL_PARAMS.has(paramName(segment));
    kept.push(personal ? segment : value);
    if (firstParam === undefined) firstParam = personal ? null : safeDecode(value);
  });
  const segment = routeSegments[0] ?? "";
  const kind = kindOfSegment(segment);
  // A route without an id parameter: its steps after the segment are the action (POST /quotes/replied).
  const action = firstParam === undefined ? routeSegments.slice(1).join("/") : after.join("/");
  const recordId = firstParam ?? (firstParam === undefined && kind?.recordId ? kind.recordId(routeSegments.slice(1)) : null);
  return {
    kind,
    recordKind: kind?.kind ?? (segment || null),
    recordId,
    action: kind?.recordId && firstParam === undefined ? "" : action,
    label: kind ? kindLabel(kind) : sentenceCase(segment || "back office"),
    path: pathSegments.length ? PREFIX + kept.join("/") : path,
  };
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const DONE: Record<string, string> = { POST: "created", PUT: "saved", PATCH: "changed", DELETE: "deleted" };

/** "Invoice 12: recorded a payment", "Customer 4: changed", "Enquiry: marked replied (refused)". */
export function auditSummary(target: AuditTarget, method: string, status: number): string {
  const name = target.recordId ? `${target.label} ${target.recordId}` : target.label;
  const step = target.action ? (target.kind?.actions?.[target.action] ?? words(target.action)) : "";
  const done = step ? (method === "DELETE" ? `deleted ${step}` : step) : (DONE[method] ?? method.toLowerCase());
  return `${name}: ${done}${status === 403 ? " (refused)" : ""}`;
}
