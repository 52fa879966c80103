import { env } from "cloudflare:workers";
import { issueAdminToken } from "../../worker/lib/admin-token";
import { callAppJson } from "./factories-commerce";

/** Headers of a logged-in admin (a real signed token with its session row). */
export async function adminHeaders(): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await issueAdminToken(env, "admin")}` };
}

/** One admin API call, signed in: its status, JSON body and headers. */
export async function admin<T = any>(method: string, path: string, json?: unknown) {
  return callAppJson<T>(path, { method, json, headers: await adminHeaders() });
}

let teamCount = 0;

/**
 * Headers of a signed-in member of the team with this role (an active admin_users row of their own
 * and a real session), for tests of what each role may do.
 */
export async function teamHeaders(
  role: "office" | "engineer",
  options: { seesPrices?: boolean; name?: string; licence?: string } = {},
): Promise<{ headers: Record<string, string>; id: number; username: string }> {
  const username = `${role}${++teamCount}-${crypto.randomUUID().slice(0, 8)}`;
  const row = await env.DB.prepare(
    "INSERT INTO admin_users (username, name, role, gas_safe_licence, qualifications, sees_prices, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'active') RETURNING id",
  )
    .bind(
      username,
      options.name ?? `Test ${role}`,
      role,
      options.licence === undefined ? (role === "engineer" ? "1234567" : null) : options.licence || null,
      role === "engineer" ? '["gas-domestic"]' : "[]",
      options.seesPrices ? 1 : 0,
    )
    .first<{ id: number }>();
  return { headers: { Authorization: `Bearer ${await issueAdminToken(env, username)}` }, id: row!.id, username };
}
