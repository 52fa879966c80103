import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/**
 * Links that open one document without signing in (a quote, an invoice, a certificate): a signed
 * token naming its purpose, the document's id and the document's link version, with an optional
 * expiry. The owner revokes every link to a document by bumping its version (stored with the
 * document); a link of one purpose never opens another kind of document.
 */
export type DocumentLink = { id: number; version: number; expiresAt: number | null };

export function createDocumentLink(
  env: AppEnv,
  purpose: string,
  { id, version, expiresAt = null }: { id: number; version: number; expiresAt?: number | null },
): Promise<string> {
  return signToken(env, `document/${purpose}`, [String(id), String(version), expiresAt === null ? "" : String(expiresAt)]);
}

/**
 * The link's document id and version when the token is genuine, of this purpose and not expired;
 * null otherwise. The caller still checks the version against the document's current one.
 */
export async function readDocumentLink(
  env: AppEnv,
  purpose: string,
  token: string,
  now = Date.now(),
): Promise<DocumentLink | null> {
  const values = await verifyToken(env, `document/${purpose}`, token, 3);
  if (!values) return null;
  const [id, version, expires] = values.map((v) => (v === "" ? null : Number(v)));
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(version)) return null;
  if (expires !== null && (!Number.isSafeInteger(expires) || now >= (expires as number))) return null;
  return { id: id as number, version: version as number, expiresAt: expires as number | null };
}
