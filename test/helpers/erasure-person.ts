import { expect } from "vitest";
import { adminHeaders } from "./admin";
import { callApp, callAppJson, query } from "./factories-commerce";

/**
 * The people of the erasure tests (test/erasure-*.test.ts): each one's name, address, phone, e-mail,
 * signature and photo carry something only they have, so a scan of D1 and R2 finds them anywhere;
 * the office's calls that seed them, and their sign-in to their own page.
 */
async function admin<T = any>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await callAppJson<T>(path, { method, json, headers: { ...(await adminHeaders()), ...headers } });
  return res;
}

/** An admin call that must succeed: its body. */
export async function ok<T = any>(
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await admin<T>(method, path, json, headers);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

// --- A real PNG that carries words (a tEXt chunk): each person's signature and photo is their own.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const ONE_PIXEL = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
function pngSaying(words: string): Uint8Array {
  const data = new TextEncoder().encode(`Comment\0${words}`);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode("tEXt"), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const ihdrEnd = 8 + 25; // the signature, then IHDR (length, type, 13 bytes, CRC)
  return new Uint8Array([...ONE_PIXEL.subarray(0, ihdrEnd), ...chunk, ...ONE_PIXEL.subarray(ihdrEnd)]);
}
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

// --- People: every value carries something only this person has, so a scan can find it anywhere.

export function person(first: string, surname: string, street: string, phone: string, postcode: string) {
  const tag = crypto.randomUUID().slice(0, 6);
  const last = `${surname}-${tag}`;
  const streetName = `${street}${tag}`;
  const signatureBytes = pngSaying(`signed by ${first} ${last}`);
  return {
    tag,
    first,
    last,
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${tag}@example.com`,
    phone,
    street: streetName,
    address: `12 ${streetName} Road, Didsbury`,
    postcode,
    signature: `data:image/png;base64,${base64(signatureBytes)}`,
    photo: pngSaying(`the boiler at ${first} ${last}'s`),
  };
}
export type Person = ReturnType<typeof person>;

/** What identifies the person, by kind; the scan looks for each in any letter case. */
export const tokensOf = (p: Person) => ({
  name: [p.last],
  address: [p.street],
  postcode: [p.postcode, p.postcode.replace(" ", "")],
  email: [p.email],
  // As typed, without spaces, and in E.164 as texts store it (+44 for the leading 0).
  phone: [p.phone, p.phone.replaceAll(" ", ""), `+44${p.phone.replaceAll(" ", "").slice(1)}`],
  signature: [p.signature.slice(p.signature.indexOf(",") + 1)],
});
export type TokenKind = keyof ReturnType<typeof tokensOf>;

export async function signIn(email: string): Promise<string> {
  expect((await callApp("/api/account/sign-in", { method: "POST", json: { email } })).status).toBe(202);
  const [link] = await query<{ text: string }>(
    "SELECT text FROM outgoing_emails WHERE lower(`to`) = ?1 AND kind = 'account' ORDER BY id DESC LIMIT 1",
    email,
  );
  const token = /\/account\/sign-in#([\w-]{43})/.exec(link!.text)![1];
  const session = await callApp("/api/account/session", { method: "POST", json: { token } });
  expect(session.status).toBe(200);
  return /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")![1]!;
}
