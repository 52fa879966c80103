import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/**
 * The link in a sign-up confirmation e-mail. It names the address and the time of the request it
 * answers: the subscriber row keeps that time until the link is used, so a link works once, only
 * for the latest request, and (checked by the service) only for a week.
 */
const PURPOSE = "signup-confirmation/v1";

export const createSignupToken = (env: AppEnv, email: string, requestedAt: string) =>
  signToken(env, PURPOSE, [email, requestedAt]);

export async function verifySignupToken(env: AppEnv, token: string): Promise<{ email: string; requestedAt: string } | null> {
  const values = await verifyToken(env, PURPOSE, token, 2);
  if (!values) return null;
  const [email = "", requestedAt = ""] = values;
  return email.includes("@") && !Number.isNaN(Date.parse(requestedAt)) ? { email, requestedAt } : null;
}
