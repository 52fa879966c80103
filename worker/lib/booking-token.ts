import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/** The link in a booking's e-mails to see, cancel or move it: it names the booking's reference. */
const PURPOSE = "booking-manage/v1";

export const createBookingToken = (env: AppEnv, reference: string) => signToken(env, PURPOSE, [reference]);

export async function verifyBookingToken(env: AppEnv, token: string): Promise<string | null> {
  const [reference] = (await verifyToken(env, PURPOSE, token, 1)) ?? [];
  return reference && /^BK-[A-Z0-9]{6}$/.test(reference) ? reference : null;
}
