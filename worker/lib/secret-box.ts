import type { AppEnv } from "../env";
import { fromBase64Url, toBase64Url } from "./base64";
import { deriveKey } from "./signing-secret";

/**
 * Secrets the Worker must read back (the owner's TOTP secret) are stored encrypted with AES-GCM
 * under a key derived from JWT_SECRET for this purpose alone: a copy of the database is not enough
 * to make codes. The stored form is `v1.<iv>.<ciphertext>`, both base64url.
 */
const keyFor = (env: AppEnv) =>
  deriveKey(env, "heating-company/secret-box/v1", { name: "AES-GCM", length: 256 }, ["encrypt", "decrypt"]);

export async function sealSecret(env: AppEnv, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(env), new TextEncoder().encode(plain));
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plain secret, or null when it cannot be opened (tampered, or sealed under another JWT_SECRET). */
export async function openSecret(env: AppEnv, stored: string): Promise<string | null> {
  const [version, ivText, sealedText] = stored.split(".");
  const iv = ivText ? fromBase64Url(ivText) : null;
  const sealed = sealedText ? fromBase64Url(sealedText) : null;
  if (version !== "v1" || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await keyFor(env), sealed);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** A keyed hash for one-time codes: the database alone cannot test guesses against it. */
export async function hashCode(env: AppEnv, code: string): Promise<string> {
  const key = await deriveKey(env, "heating-company/recovery-code/v1", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(code))));
}
