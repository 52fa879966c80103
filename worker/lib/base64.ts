/**
 * Base64 and base64url for bytes, the one implementation the Worker uses (tokens, sealed secrets,
 * password hashes, mail attachments). Encodes in slices: spreading a large array into
 * String.fromCharCode overflows the call stack past about 100 KB (a PDF).
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Throws on text that is not base64. */
export const base64ToBytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export const toBase64Url = (bytes: Uint8Array): string =>
  bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * Strict: only the canonical encoding is accepted, null otherwise. Base64's last character carries
 * unused low bits, so several spellings decode to the same bytes; without the round-trip check a
 * signed link with its last character changed could still verify.
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bytes = base64ToBytes(text.replace(/-/g, "+").replace(/_/g, "/"));
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** UTF-8 text → base64 (mail attachments given as text, such as an .ics). */
export const textToBase64 = (text: string): string => bytesToBase64(new TextEncoder().encode(text));
