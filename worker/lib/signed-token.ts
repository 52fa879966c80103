import type { AppEnv } from "../env";
import { fromBase64Url, toBase64Url } from "./base64";
import { deriveKey } from "./signing-secret";

/**
 * Links in e-mails that prove who they were sent to (unsubscribe, confirm a sign-up): the values
 * they carry, base64url-encoded and joined by dots, then an HMAC-SHA256 of those values under a key
 * of the link's own purpose (derived from JWT_SECRET), so a link of one kind never verifies as
 * another. They carry no expiry of their own; a purpose that needs one puts a time among its values.
 */

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
