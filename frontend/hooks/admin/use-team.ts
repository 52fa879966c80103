import type { StatusChange, TeamMember } from "../../../schema/api/team";
import { adminApi } from "../../lib/admin/admin-api";
import { useAdminData } from "./use-admin-data";

export const TEAM_PATH = "/api/admin/team";

/** The back office's people (the owner's Team screen), removed ones too when `showRemoved`. */
export function useTeam(showRemoved: boolean) {
  const { data, error, isLoading, refresh } = useAdminData<TeamMember[]>(
    `${TEAM_PATH}?removed=${showRemoved ? "include" : "hide"}`,
  );
  return {
    people: data,
    error,
    isLoading,
    refresh,
    invite: (json: unknown) => adminApi<TeamMember>(TEAM_PATH, { json }),
    edit: (id: number, json: unknown) => adminApi<TeamMember>(`${TEAM_PATH}/${id}`, { method: "PUT", json }),
    resendInvitation: (id: number) => adminApi<TeamMember>(`${TEAM_PATH}/${id}/invitation`, { method: "POST" }),
    change: (id: number, change: StatusChange) => adminApi<TeamMember>(`${TEAM_PATH}/${id}/${change}`, { method: "POST" }),
  };
}
