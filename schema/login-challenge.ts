/**
 * The sign-in's proof of work. While the owner's account is under attack, a browser the Worker does
 * not know is asked to find a number whose SHA-256 with the challenge's nonce starts with `bits`
 * zero bits before its password is tried: about 2^bits hashes, a few seconds in a phone's browser,
 * once. One person signing in barely notices; a script guessing passwords pays it for every guess
 * (and the per-address limits still hold). Browser-safe: Web Crypto only.
 */

const encoder = new TextEncoder();

async function digest(nonce: string, solution: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`${nonce}:${solution}`)));
}

/** How many zero bits the hash starts with. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export async function isSolution(nonce: string, bits: number, solution: string): Promise<boolean> {
  if (!/^\d{1,12}$/.test(solution)) return false;
  return leadingZeroBits(await digest(nonce, solution)) >= bits;
}

/** Tries 0, 1, 2… until one works; `onProgress` hears every 4,096 tries; `signal` stops it. */
export async function solveChallenge(
  nonce: string,
  bits: number,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (tries: number) => void } = {},
): Promise<string> {
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw new DOMException("Stopped", "AbortError");
    if (leadingZeroBits(await digest(nonce, String(n))) >= bits) return String(n);
    if (n % 4096 === 4095) onProgress?.(n + 1);
  }
}
