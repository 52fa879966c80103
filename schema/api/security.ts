import { secondFactorCode } from "./fields";
import { z } from "./z";

/**
 * Sign-ins, and the owner proving it is them before two-step sign-in changes (turning it on or off,
 * new recovery codes): both are guesses at the password, so both are counted and kept.
 */
export const signInOutcomes = [
  "success",
  "wrong_credentials",
  "wrong_code",
  "code_required",
  "throttled",
  "factor_confirmed",
  "factor_refused",
] as const;

/** The back office's sign-in, second factor and sign-in history. */

export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode.optional(),
});

export type AdminLogin = z.infer<typeof adminLoginSchema>;

/**
 * A sign-in: a token, or (right password, second factor on, no valid code sent) a request for the
 * code. Wrong credentials or a wrong code are a 401 UNAUTHORIZED error instead.
 */
export type AdminLoginResult = { success: true; token: string } | { success: false; mfaRequired: true };

export const mfaEnableSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode,
});

/** One answer for a wrong password, a wrong code or both: the answer never tells which part was right. */
export const WRONG_CONFIRMATION = "That password or code is not right. Please check both and try again.";

/** The owner's password and a current code (or a recovery code): to turn the factor off or get new recovery codes. */
export const mfaConfirmSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode,
});

/** POST /api/admin/mfa/setup: the secret to add to an authenticator app (as text and as a QR code's address). */
export type MfaSetup = { secret: string; otpauthUri: string };

/** POST /api/admin/mfa/enable: ten one-time recovery codes, shown this once. */
export type MfaEnabled = { enabled: true; recoveryCodes: string[] };

/** POST /api/admin/mfa/recovery-codes: ten new recovery codes, shown this once; the old ones stop working. */
export type MfaRecoveryCodes = { recoveryCodes: string[] };

export type AdminSignIn = {
  at: string;
  address: string;
  userAgent: string | null;
  outcome: (typeof signInOutcomes)[number];
};

/** GET /api/admin/security: the second factor's state and the latest sign-ins, newest first. */
export type AdminSecurity = {
  mfaEnabled: boolean;
  mfaEnabledAt: string | null;
  recoveryCodesLeft: number;
  signIns: AdminSignIn[];
};
