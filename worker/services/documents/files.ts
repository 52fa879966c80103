import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink, readDocumentLink } from "../../lib/document-link";
import { sha256Hex } from "../../lib/sha256";
import type { DocumentKind } from "./kind";
import { linkOpen, madeToday } from "./link-rules";

/**
 * The PDFs of issued documents, whatever their kind (kind.ts): rendered once from what was fixed at
 * issue, kept in the private DOCUMENTS bucket under the document's number with its SHA-256, and served
 * from there ever after. A PDF not stored yet (its issue stopped after the number was given) is
 * rendered on first use: the snapshot gives the same bytes whenever it is rendered. Links that open one
 * without signing in are signed (lib/document-link.ts) and die when the document's link version is
 * bumped or its link ends (the kind's `linkState`, link-rules.ts).
 */
export type DocumentFile = { bytes: Uint8Array; fileName: string; sha256: string };

const keyOf = (kind: DocumentKind, number: string) => `${kind.name}s/${number}.pdf`;

/** The issued document's PDF, stored the first time it is asked for; null when it is not issued. */
export async function documentPdf(env: AppEnv, db: Db, kind: DocumentKind, id: number): Promise<DocumentFile | null> {
  const source = await kind.source(db, id);
  if (!source) return null;
  const fileName = `${source.number}.pdf`;
  if (source.pdfKey && source.pdfSha256) {
    const object = await env.DOCUMENTS.get(source.pdfKey);
    if (object) return { bytes: new Uint8Array(await object.arrayBuffer()), fileName, sha256: source.pdfSha256 };
  }
  const bytes = await source.render();
  const sha256 = await sha256Hex(bytes);
  const key = keyOf(kind, source.number);
  await env.DOCUMENTS.put(key, bytes, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { sha256 },
    sha256,
  });
  const { table, id: idColumn } = kind.file;
  // Written once: a render racing this one stored the same bytes, and the first to record them stands.
  await db
    .update(table)
    .set({ pdfKey: key, pdfSha256: sha256 } as never)
    .where(sql`${idColumn} = ${id} AND ${table.pdfSha256} IS NULL`);
  return { bytes, fileName, sha256 };
}

/**
 * The path of a link that opens the document's PDF without signing in, until its version is bumped or
 * the document's links end: the back office opens it on whatever host it is on; an e-mail puts the
 * site's address before it. A quote's PDF opens from the quote's own link.
 */
export async function documentUrl(env: AppEnv, kind: DocumentKind, id: number, version: number): Promise<string> {
  // Links to documents kept for good stay as they always were: no day made.
  return `/api/documents/${kind.name}/${await createDocumentLink(env, kind.name, { id, version, ...(kind.linksEnd && madeToday()) })}`;
}

/** The document a public link opens, when the link is genuine, not revoked and not past its end. */
export async function documentByLink(
  env: AppEnv,
  db: Db,
  kind: DocumentKind,
  token: string,
  now = Date.now(),
): Promise<DocumentFile | null> {
  const link = await readDocumentLink(env, kind.name, token, now);
  if (!link) return null;
  const { current, lastDay } = await kind.linkState(db, link);
  if (!current || !linkOpen(lastDay, link, now)) return null;
  return documentPdf(env, db, kind, link.id);
}

/** The answer that gives a PDF: inline, never cached, never indexed. */
export function pdfResponse(file: DocumentFile): Response {
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
      ETag: `"${file.sha256}"`,
    },
  });
}
