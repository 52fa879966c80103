import { secondFactorCode } from "./fields";
import { limitParam, offsetParam } from "./lists";
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
  "challenged",
  "password_changed",
] as const;

/** The back office's sign-in, second factor and sign-in history. */

export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode.optional(),
  /** With a code: this browser may sign in without one for 30 days ("Remember this browser"). */
  remember: z.boolean({ error: "remember is true or false" }).optional(),
  /** A challenge the Worker set (while the account is under attack) and the number that solves it. */
  challenge: z.string().max(300, "The challenge is not valid").optional(),
  solution: z.string().max(20, "The challenge is not valid").optional(),
});

export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** A proof of work to do before the password is tried (schema/login-challenge.ts). */
export type LoginChallenge = { token: string; nonce: string; bits: number };

/**
 * A sign-in: a token, or (right password, second factor on, no valid code sent) a request for the
 * code. Wrong credentials or a wrong code are a 401 UNAUTHORIZED error instead.
 */
export type AdminLoginResult =
  | { success: true; token: string }
  | { success: false; mfaRequired: true }
  | { success: false; challenge: LoginChallenge };

export const mfaEnableSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  code: secondFactorCode,
});

/** A new back-office password: long enough to resist guessing (NIST SP 800-63B), typed twice. */
export const MIN_PASSWORD_LENGTH = 12;
/** The new password itself, wherever one is chosen (the Security screen, an invitation's link). */
export const newPasswordField = z
  .string({ error: "Please choose a new password" })
  .min(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Please keep the password under 200 characters");
export const passwordChangeSchema = z
  .object({
    current: z.string({ error: "Please enter your current password" }).min(1, "Please enter your current password").max(200),
    password: newPasswordField,
    confirm: z.string({ error: "Please type the new password again" }),
  })
  .refine((v) => v.password === v.confirm, { message: "The two new passwords are not the same", path: ["confirm"] })
  .refine((v) => v.password !== v.current, { message: "Please choose a password you have not used here", path: ["password"] });

export const WRONG_CURRENT_PASSWORD = "That is not your current password.";
export const COMMON_PASSWORD = "That password is one of the most common ones: please choose another.";

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
  id: number;
  at: string;
  /** The username the attempt gave (a guess at an unknown name included), as the owner's history shows. */
  username: string;
  address: string;
  userAgent: string | null;
  outcome: (typeof signInOutcomes)[number];
  /** A success from a browser that had not signed in before. */
  newDevice: boolean;
};

/** The sign-in history's filters: everything, successes, successes from a new browser, failures. */
export const signInFilters = ["all", "successes", "new-devices", "failures"] as const;
export type SignInFilter = (typeof signInFilters)[number];

/** GET /api/admin/security/sign-ins: the whole history, newest first, a page at a time. */
export const signInsQuerySchema = z.object({
  show: z.enum(signInFilters, { error: "show is all, successes, new-devices or failures" }).default("all"),
  limit: limitParam(200).default(50),
  offset: offsetParam,
});

/** Each filter's count, for its tab. */
export type SignInCounts = Record<SignInFilter, number>;

/** GET /api/admin/security: the second factor's state and the latest sign-ins, newest first. */
export type AdminSecurity = {
  mfaEnabled: boolean;
  mfaEnabledAt: string | null;
  recoveryCodesLeft: number;
  signIns: AdminSignIn[];
};
