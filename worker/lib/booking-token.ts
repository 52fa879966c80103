import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { signToken, verifyToken } from "./signed-token";

/**
 * The link in a booking's e-mails to see, cancel or move it: it names the booking's reference and
 * the booking's link version, which the owner bumps to revoke every link given before (a link made
 * before versions names the reference alone and counts as version 1).
 */
const PURPOSE = "booking-manage/v1";
const REFERENCE = /^BK-[A-Z0-9]{6}$/;

export const BOOKING_LINK_REVOKED =
  "This link has been replaced by a newer one. Please use the link in our latest e-mail, or call us.";

export type BookingLink = { reference: string; version: number };

/** A link of the booking's current version (the caller has the booking's row: a new booking's is 1). */
export async function createBookingToken(env: AppEnv, reference: string, linkVersion: number): Promise<string> {
  return signToken(env, PURPOSE, [reference, String(linkVersion)]);
}

/** The reference and link version a genuine token names; null when it is not genuine. */
export async function readBookingToken(env: AppEnv, token: string): Promise<BookingLink | null> {
  const count = token.split(".").length - 1;
  if (count !== 1 && count !== 2) return null;
  const [reference, version = "1"] = (await verifyToken(env, PURPOSE, token, count)) ?? [];
  if (!reference || !REFERENCE.test(reference) || !/^[1-9]\d{0,8}$/.test(version)) return null;
  return { reference, version: Number(version) };
}

/** A revoked link answers 410, with the message the other revoked links give. */
export function requireCurrentBookingLink(link: BookingLink, booking: { linkVersion: number }): void {
  if (link.version !== booking.linkVersion) throw new ApiError("GONE", BOOKING_LINK_REVOKED);
}
