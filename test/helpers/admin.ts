import { env } from "cloudflare:workers";
import { issueAdminToken } from "../../worker/lib/admin-token";
import { callAppJson } from "./factories-commerce";
import { createEngineer } from "./team";

/** Headers of a logged-in admin (a real signed token with its session row). */
export async function adminHeaders(): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await issueAdminToken(env, "admin")}` };
}

/** One admin API call, signed in: its status, JSON body and headers. */
export async function admin<T = any>(method: string, path: string, json?: unknown) {
  return callAppJson<T>(path, { method, json, headers: await adminHeaders() });
}

/**
 * Headers of a signed-in member of the team with this role (an active admin_users row of their own
 * and a real session), for tests of what each role may do. An engineer has licence 1234567 unless
 * given another ("" for none).
 */
export async function teamHeaders(
  role: "office" | "engineer",
  options: { seesPrices?: boolean; name?: string; licence?: string } = {},
): Promise<{ headers: Record<string, string>; id: number; username: string }> {
  const licence = options.licence === undefined ? (role === "engineer" ? "1234567" : null) : options.licence || null;
  const qualifications = role === "engineer" ? ["gas-domestic"] : [];
  const { headers, id, username } = await createEngineer(options.name ?? `Test ${role}`, qualifications, role, {
    licence,
    seesPrices: options.seesPrices,
  });
  return { headers, id, username };
}
