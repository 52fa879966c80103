import { Secret, TOTP } from "otpauth";
import { company } from "../../schema/business";

/**
 * The back office's second factor: RFC 6238 TOTP as every authenticator app makes it (SHA-1,
 * 30-second steps, 6 digits), accepting one step of clock drift each way.
 */
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

const totpFor = (secretBase32: string, username: string) =>
  new TOTP({
    issuer: company.shortName,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in the base32 that apps take. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secretBase32: string, username: string) => totpFor(secretBase32, username).toString();

/** The code for a moment (tests use it to play the owner's phone). */
export const totpCode = (secretBase32: string, at = Date.now()) => totpFor(secretBase32, "").generate({ timestamp: at });

/**
 * The 30-second step the code belongs to, or null when it matches none within the drift. The
 * caller refuses a step it has already accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, "").validate({ token: code, timestamp: at, window: DRIFT_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: at }) + delta;
}
