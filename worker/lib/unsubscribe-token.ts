import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/**
 * Unsubscribe links must keep working for years (an old e-mail in an inbox), so the token does not
 * expire: it is the address and its HMAC. Rotating JWT_SECRET invalidates old links, which is why
 * it is not done lightly.
 */
const PURPOSE = "unsubscribe-token/v1";

const normalise = (email: string) => email.trim().toLowerCase();

export const createUnsubscribeToken = (env: AppEnv, email: string) => signToken(env, PURPOSE, [normalise(email)]);

/** The address the token was made for, or null when it is malformed or its signature does not match. */
export async function verifyUnsubscribeToken(env: AppEnv, token: string): Promise<string | null> {
  const [email] = (await verifyToken(env, PURPOSE, token, 1)) ?? [];
  return email && email === normalise(email) && email.includes("@") ? email : null;
}
