import type { LoginChallenge } from "../../schema/api/security";
import { isSolution } from "../../schema/login-challenge";
import { randomText } from "../../schema/random";
import { settings } from "../../schema/settings";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { countRateLimits } from "./rate-limit";
import { signToken, verifyToken } from "./signed-token";

const PURPOSE = "login-challenge";

/** A new challenge: a random nonce, its difficulty and its expiry, signed so the Worker keeps nothing. */
export async function issueChallenge(env: AppEnv, now = Date.now()): Promise<LoginChallenge> {
  const nonce = randomText(22);
  const bits = settings.adminLogin.challengeBits;
  const expires = String(now + settings.adminLogin.challengeSeconds * 1000);
  return { token: await signToken(env, PURPOSE, [nonce, String(bits), expires]), nonce, bits };
}

/**
 * Whether a sign-in brings a solved challenge: signed by this Worker, not expired, solved, and
 * not used before (its nonce is spent in the same counters as the limits, so a solution buys one
 * attempt only).
 */
export async function solvedChallenge(
  env: AppEnv,
  db: Db,
  input: { challenge?: string; solution?: string },
  now = Date.now(),
): Promise<boolean> {
  if (!input.challenge || !input.solution) return false;
  const values = await verifyToken(env, PURPOSE, input.challenge, 3);
  if (!values) return false;
  const [nonce, bits, expires] = values as [string, string, string];
  if (Number(expires) < now || !(await isSolution(nonce, Number(bits), input.solution))) return false;
  const seconds = settings.adminLogin.challengeSeconds;
  const { retryAfter } = await countRateLimits(db, [{ key: `login:challenge:${nonce}`, limit: 1, windowSeconds: seconds }], now);
  return retryAfter === 0;
}
