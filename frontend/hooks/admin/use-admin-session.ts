import { useLocation } from "wouter";
import { ADMIN_LOGIN_PATH, forgetAdminData } from "../../lib/admin/admin-api";
import { forgetPhoneData } from "../../lib/admin/phone-data";
import { clearAdminToken, getAdminToken } from "../../lib/admin-token";
import { api } from "../../lib/api";
import { notify } from "../../lib/toast";

export const hasAdminToken = () => getAdminToken() !== null;

/**
 * Logout: the server revokes the token, then both storages are cleared, the phone's copy of the
 * day and the offline caches are deleted (lib/admin/phone-data.ts; the button asked first if changes
 * had not synced), the "Logged Out" toast shows and the owner lands on the login screen. A failed
 * revoke (already expired token, offline) still logs the tab out.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  return async () => {
    // Dropped from storage first, so no read started from here on carries a token being revoked.
    const token = getAdminToken();
    clearAdminToken();
    forgetAdminData();
    await Promise.all([
      forgetPhoneData(),
      (async () => {
        try {
          if (token) await api("/api/admin/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
        } catch {
          // The tab is logged out either way; an expired token is already useless to anyone.
        }
      })(),
    ]);
    notify({ title: "Logged Out", description: "You have been logged out of the admin area." });
    navigate(`~${ADMIN_LOGIN_PATH}`);
  };
}
