/**
 * Random identifiers, the one maker both sides use (Web Crypto, in the Worker and the browser).
 * Both alphabets have 32 characters, so each random byte's low five bits pick one without bias.
 */
export const ALPHABETS = {
  /** Lower-case letters and digits 2-7: ids people may see in a link ("ord_…", recovery codes). */
  base32: "abcdefghijklmnopqrstuvwxyz234567",
  /** Upper-case, without 0/O and 1/I: references read out over the phone ("BK-7KQ2MX"). */
  unambiguous: "23456789ABCDEFGHJKLMNPQRSTUVWXYZ",
} as const;

/** `length` characters of an alphabet: 5 random bits each. */
export function randomText(length: number, alphabet: string = ALPHABETS.base32): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => alphabet[b & 31]).join("");
}

/** `bytes` random bytes as hex (2 characters each). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Keeps ids unique within one document (a quote's options and lines, an invoice's lines, the
 * owner's offers): `wanted` when given and not taken yet, else `fresh()` until one is free.
 */
export function uniqueId(used: Set<string>, wanted: string | null | undefined, fresh: () => string): string {
  let id = wanted && !used.has(wanted) ? wanted : fresh();
  while (used.has(id)) id = fresh();
  used.add(id);
  return id;
}

/** A fresh id for a part of a document: its prefix and eight random characters. */
export const partId = (prefix: string) => () => `${prefix}${randomText(8)}`;
