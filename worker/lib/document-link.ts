import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./signed-token";

/**
 * Links that open one document without signing in (a quote, an invoice, a certificate): a signed
 * token naming its purpose, the document's id and the document's link version, with an optional
 * expiry. The owner revokes every link to a document by bumping its version (stored with the
 * document); a link of one purpose never opens another kind of document.
 *
 * A link to a document whose link ends (services/documents/link-rules.ts) also carries the London
 * day it was made (`madeOn`: a day, so links made the same day are the same link), and, for a
 * document whose `version` names something else (a quote's link names the version of the quote it
 * was sent), its `revision`: the document's link version. Links made before these existed carry
 * three values and are read as revision 1, made on an unknown day.
 */
export type DocumentLink = {
  id: number;
  version: number;
  expiresAt: number | null;
  revision?: number;
  madeOn?: string;
};

export function createDocumentLink(
  env: AppEnv,
  purpose: string,
  {
    id,
    version,
    expiresAt = null,
    revision,
    madeOn,
  }: { id: number; version: number; expiresAt?: number | null; revision?: number; madeOn?: string },
): Promise<string> {
  const values = [String(id), String(version), expiresAt === null ? "" : String(expiresAt)];
  if (revision !== undefined || madeOn !== undefined) values.push(String(revision ?? 1), madeOn ?? "");
  return signToken(env, `document/${purpose}`, values);
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
  // Three values (a link made before revisions) or five; the signature covers how many.
  const count = token.split(".").length - 1;
  if (count !== 3 && count !== 5) return null;
  const values = await verifyToken(env, `document/${purpose}`, token, count);
  if (!values) return null;
  const [id, version, expires] = values.slice(0, 3).map((v) => (v === "" ? null : Number(v)));
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(version)) return null;
  if (expires !== null && (!Number.isSafeInteger(expires) || now >= (expires as number))) return null;
  const link: DocumentLink = { id: id as number, version: version as number, expiresAt: expires as number | null };
  if (count === 5) {
    const [revision, madeOn] = values.slice(3) as [string, string];
    if (!/^[1-9]\d{0,8}$/.test(revision) || (madeOn !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(madeOn))) return null;
    link.revision = Number(revision);
    if (madeOn !== "") link.madeOn = madeOn;
  }
  return link;
}
