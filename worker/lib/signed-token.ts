import type { AppEnv } from "../env";
import { deriveKey } from "./signing-secret";

/**
 * Links in e-mails that prove who they were sent to (unsubscribe, confirm a sign-up): the values
 * they carry, base64url-encoded and joined by dots, then an HMAC-SHA256 of those values under a key
 * of the link's own purpose (derived from JWT_SECRET), so a link of one kind never verifies as
 * another. They carry no expiry of their own; a purpose that needs one puts a time among its values.
 */
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

const encoder = new TextEncoder();
const keyFor = (env: AppEnv, purpose: string) =>
  deriveKey(env, `heating-company/${purpose}`, { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign", "verify"]);
/** What is signed: the values joined by NUL (which no value may contain). One value is signed as is. */
const signedBytes = (values: string[]) => encoder.encode(values.join("\u0000"));

export async function signToken(env: AppEnv, purpose: string, values: string[]): Promise<string> {
  if (values.some((v) => v.includes("\u0000"))) throw new Error("A signed value may not contain NUL");
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env, purpose), signedBytes(values)));
  return [...values.map((v) => toBase64Url(encoder.encode(v))), toBase64Url(mac)].join(".");
}

/** The values a token of this purpose carries, or null when it is malformed or its signature does not match. */
export async function verifyToken(env: AppEnv, purpose: string, token: string, count: number): Promise<string[] | null> {
  const parts = token.split(".");
  if (parts.length !== count + 1) return null;
  const decoded = parts.map(fromBase64Url);
  if (decoded.some((bytes) => bytes === null)) return null;
  const mac = decoded.pop()!;
  const values = (decoded as Uint8Array[]).map((bytes) => new TextDecoder().decode(bytes));
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyFor(env, purpose), mac, signedBytes(values));
  return valid ? values : null;
}
