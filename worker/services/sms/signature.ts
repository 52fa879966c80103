/**
 * Twilio signs each webhook (X-Twilio-Signature): HMAC-SHA1, keyed with the account's auth token,
 * over the full URL it called followed by every POST parameter, sorted by name, as name then value
 * with nothing between; base64. A request whose signature does not match is not from Twilio.
 */
export async function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): Promise<string> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = url + sorted.map(([name, value]) => name + value).join("");
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(signed)));
  return btoa(String.fromCharCode(...mac));
}

/** Compared in constant time (crypto.subtle.timingSafeEqual), so the answer's timing tells nothing. */
export async function isTwilioSigned(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature) return false;
  const expected = new TextEncoder().encode(await twilioSignature(authToken, url, params));
  const given = new TextEncoder().encode(signature);
  return expected.byteLength === given.byteLength && crypto.subtle.timingSafeEqual(expected, given);
}
