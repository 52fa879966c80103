import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/** The opt-out link in every service reminder: it names the customer and never expires. */
const PURPOSE = "reminder-opt-out/v1";

export const createReminderOptOutToken = (env: AppEnv, customerId: number) => signToken(env, PURPOSE, [String(customerId)]);

export async function verifyReminderOptOutToken(env: AppEnv, token: string): Promise<number | null> {
  const [id] = (await verifyToken(env, PURPOSE, token, 1)) ?? [];
  return id && /^\d+$/.test(id) ? Number(id) : null;
}
