import type { AdminSubscriber } from "../../../schema/api/admin";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const NEW_WEEK_DAYS = 7;

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

export function useAdminSubscribers() {
  const { data, error, isLoading, refresh } = useAdminData<AdminSubscriber[]>("/api/admin/email-subscribers");
  return {
    subscribers: data,
    error,
    isLoading,
    refresh,
    // The path parameter is the address itself, so it is URL-encoded.
    unsubscribe: (email: string) => adminChange("PATCH", `/api/admin/email-subscribers/${encodeURIComponent(email)}/unsubscribe`),
  };
}
