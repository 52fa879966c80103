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
