import { env } from "cloudflare:workers";
import { issueAdminToken } from "../../worker/lib/admin-token";

/** Headers of a logged-in admin (a real signed token with its session row). */
export async function adminHeaders(): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await issueAdminToken(env, "admin")}` };
}
