import type { AdminSecurity, MfaEnabled, MfaRecoveryCodes, MfaSetup } from "../../../schema/api/security";
import { adminApi } from "../../lib/admin/admin-api";
import { useAdminData } from "./use-admin-data";

export const SECURITY_PATH = "/api/admin/security";

/**
 * The second factor's state and the latest sign-ins. The layout's reminder and the Security screen
 * read the same SWR key, so the back office asks once.
 */
export function useAdminSecurity() {
  const { data, error, isLoading, refresh } = useAdminData<AdminSecurity>(SECURITY_PATH);
  return {
    security: data,
    error,
    isLoading,
    refresh,
    // None of these is retried: each either makes a new secret, spends a code or ends sessions.
    setup: () => adminApi<MfaSetup>("/api/admin/mfa/setup", { json: {} }),
    enable: (password: string, code: string) => adminApi<MfaEnabled>("/api/admin/mfa/enable", { json: { password, code } }),
    disable: (password: string, code: string) =>
      adminApi<{ enabled: false }>("/api/admin/mfa/disable", { json: { password, code } }),
    renewRecoveryCodes: (password: string, code: string) =>
      adminApi<MfaRecoveryCodes>("/api/admin/mfa/recovery-codes", { json: { password, code } }),
    signOutEverywhere: () =>
      adminApi<{ sessionsEnded: number; devicesForgotten: number }>("/api/admin/security/sign-out-everywhere", {
        method: "POST",
      }),
  };
}
