import { base64ToBytes, bytesToBase64 } from "./base64";

/**
 * PBKDF2-SHA256 password hashes via WebCrypto, stored self-describing as
 * `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>` so the cost can change without breaking
 * stored hashes. scripts/admin-password.mjs writes the same format under Node.
 */
const SCHEME = "pbkdf2-sha256";
/** workerd refuses PBKDF2 above 100,000 iterations, so this is both the default and the ceiling. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations, HASH_BYTES);
  return [SCHEME, iterations, bytesToBase64(salt), bytesToBase64(hash)].join("$");
}

type ParsedHash = { iterations: number; salt: Uint8Array; hash: Uint8Array };

/** Null when the text is not a hash this module can check (a mistyped secret, another scheme). */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const [scheme, iterationsText, saltText, hashText, ...rest] = stored.trim().split("$");
  if (scheme !== SCHEME || rest.length > 0 || !iterationsText || !saltText || !hashText) return null;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  try {
    const salt = base64ToBytes(saltText);
    const hash = base64ToBytes(hashText);
    if (salt.length < 8 || hash.length < 16) return null;
    return { iterations, salt, hash };
  } catch {
    return null;
  }
}

/** Compares every byte whatever the first difference, so timing does not reveal how much matched. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  return constantTimeEqual(candidate, parsed.hash);
}
