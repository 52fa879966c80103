import { env } from "cloudflare:workers";
import { issueAdminToken } from "../../worker/lib/admin-token";
import { callAppJson, query } from "./factories-commerce";

/**
 * A member of the team (active), and how to call the back office as them. `licence` is the Gas Safe
 * number on their profile (none unless given), `seesPrices` the owner's tick for an engineer.
 */
export async function createEngineer(
  name: string,
  qualifications: string[] = ["gas-domestic"],
  role: "engineer" | "office" = "engineer",
  { licence = null, seesPrices = false }: { licence?: string | null; seesPrices?: boolean } = {},
) {
  const username = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 6)}`;
  const [row] = await query<{ id: number }>(
    "INSERT INTO admin_users (username, name, role, qualifications, gas_safe_licence, sees_prices, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'active') RETURNING id",
    username,
    name,
    role,
    JSON.stringify(qualifications),
    licence,
    seesPrices ? 1 : 0,
  );
  const headers = { Authorization: `Bearer ${await issueAdminToken(env, username)}` };
  return {
    id: row!.id,
    name,
    username,
    headers,
    call: <T = any>(method: string, path: string, json?: unknown) => callAppJson<T>(path, { method, json, headers }),
  };
}

/** Everyone but the owner gone, the owner doing every kind of work again, and the diary empty. */
export async function resetTeam() {
  await query("DELETE FROM booking_cells");
  await query("DELETE FROM bookings");
  await query("DELETE FROM service_records");
  await query("DELETE FROM engineer_blocks");
  await query("DELETE FROM engineer_hours");
  await query("DELETE FROM admin_users WHERE id <> 1");
  await query(`UPDATE admin_users SET qualifications = '["gas-domestic","unvented","plumbing","oil"]' WHERE id = 1`);
  await query("DELETE FROM settings");
}
