import useSWR, { mutate } from "swr";
import type { TeamMemberRole as TeamRole } from "../../../schema/api/team";
import { adminApi, ADMIN_ME_KEY as KEY } from "../../lib/admin/admin-api";

export type AdminMe = {
  id: number;
  username: string;
  name: string;
  role: TeamRole;
  seesPrices: boolean;
  /** The Gas Safe number on their profile: the paperwork they issue carries it and their name. */
  gasSafeLicence: string | null;
};

/** The last answer, kept in the tab's session storage so a reload without signal still knows who this is. */
function kept(): AdminMe | undefined {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as AdminMe) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Who is signed in and their role, as the server says (GET /api/admin/me); undefined until known.
 * Forgotten with the session's other data (forgetAdminData).
 */
export function useAdminMe(): AdminMe | undefined {
  const { data } = useSWR<AdminMe, Error>("/api/admin/me", (url: string) => adminApi<AdminMe>(url), {
    fallbackData: typeof window === "undefined" ? undefined : kept(),
    revalidateOnFocus: false,
    onSuccess: (me) => sessionStorage.setItem(KEY, JSON.stringify(me)),
  });
  return data;
}

/** Asks the server now (right after signing in) and keeps the answer for every screen. */
export async function loadAdminMe(): Promise<AdminMe> {
  const me = await adminApi<AdminMe>("/api/admin/me");
  sessionStorage.setItem(KEY, JSON.stringify(me));
  await mutate("/api/admin/me", me, { revalidate: false });
  return me;
}
