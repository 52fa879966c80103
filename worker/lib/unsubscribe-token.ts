import type { AppEnv } from "../env";
import { deriveKey } from "./signing-secret";

/**
 * Unsubscribe links must keep working for years (an old e-mail in an inbox), so the token does not
 * expire: it is `base64url(address).base64url(HMAC-SHA256(address))`. The HMAC key is derived
 * from JWT_SECRET with HKDF under its own label, so it can never verify an admin token or the
 * other way round. Rotating JWT_SECRET invalidates old links, which is why it is not done lightly.
 */
const unsubscribeKey = (env: AppEnv) =>
  deriveKey(env, "heating-company/unsubscribe-token/v1", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign", "verify"]);

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * Strict: only the canonical encoding is accepted. Base64's last character carries unused low bits,
 * so several spellings decode to the same bytes; without the round-trip check a link with its last
 * character changed could still verify.
 */
function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

const normalise = (email: string) => email.trim().toLowerCase();

export async function createUnsubscribeToken(env: AppEnv, email: string): Promise<string> {
  const address = new TextEncoder().encode(normalise(email));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await unsubscribeKey(env), address));
  return `${toBase64Url(address)}.${toBase64Url(mac)}`;
}

/** The address the token was made for, or null when it is malformed or its signature does not match. */
export async function verifyUnsubscribeToken(env: AppEnv, token: string): Promise<string | null> {
  const [addressPart, macPart, extra] = token.split(".");
  if (!addressPart || !macPart || extra !== undefined) return null;
  const address = fromBase64Url(addressPart);
  const mac = fromBase64Url(macPart);
  if (!address || !mac) return null;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await unsubscribeKey(env), mac, address);
  if (!valid) return null;
  const email = new TextDecoder().decode(address);
  return email === normalise(email) && email.includes("@") ? email : null;
}
