import type { AdminSubscriber } from "../../../schema/api/signups";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminList } from "./use-admin-list";

export const NEW_WEEK_DAYS = 7;
export const SUBSCRIBERS_EXPORT_PATH = "/api/admin/export/subscribers.csv";

/**
 * The tiles and lists are worked out from the rows, so they are read in pages as large as the API
 * gives: one request for a list of up to 500 addresses.
 */
const SUBSCRIBER_PAGE_SIZE = 500;

/**
 * The four tiles' numbers and the three lists. Pending sign-ups (not confirmed yet) are never
 * e-mailed, so they count nowhere but in their own list.
 */
export function summariseSubscribers(subscribers: AdminSubscriber[], now = Date.now()) {
  const active = subscribers.filter((s) => s.status === "active");
  const pending = subscribers.filter((s) => s.status === "pending");
  const unsubscribed = subscribers.filter((s) => s.status === "unsubscribed");
  const weekAgo = now - NEW_WEEK_DAYS * 86_400_000;
  const newThisWeek = active.filter((s) => Date.parse(s.signedUpAt) >= weekAgo).length;
  return { active, pending, unsubscribed, newThisWeek };
}

/** Subscribers newest first, searched on the server by any part of the address. */
export function useAdminSubscribers(filters: { q: string }) {
  const list = useAdminList<AdminSubscriber>("/api/admin/email-subscribers", filters, { pageSize: SUBSCRIBER_PAGE_SIZE });
  return {
    ...list,
    // The path parameter is the address itself, so it is URL-encoded.
    unsubscribe: (email: string) => adminChange("PATCH", `/api/admin/email-subscribers/${encodeURIComponent(email)}/unsubscribe`),
  };
}
