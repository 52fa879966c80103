import { asc, eq, sql } from "drizzle-orm";
import type { EstimateContent } from "../../../schema/api/estimates";
import type { DocumentKind } from "../../../schema/api/gas-safety";
import { type InvoiceLine, invoiceTotals } from "../../../schema/api/invoices";
import {
  creditNotes,
  estimateAcceptances,
  estimates,
  estimateVersions,
  gasSafetyRecords,
  invoices,
  serviceSheets,
  warningNotices,
} from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink, type DocumentLink, readDocumentLink } from "../../lib/document-link";
import { sha256Hex } from "../../lib/sha256";
import { type AcceptedEstimate, renderAcceptedEstimate } from "../estimates/render";
import {
  type GasSafetySnapshot,
  renderGasSafetyRecord,
  renderServiceSheet,
  renderWarningNotice,
  type ServiceSheetSnapshot,
  type WarningNoticeSnapshot,
} from "../gas-safety/render";
import { type InvoiceSnapshot, renderCreditNote, renderInvoice } from "../invoices/render";
import { creditNoteLastDay, invoiceLastDay, linkOpen, madeToday, quoteLastDay, serviceSheetLastDay } from "./link-rules";

/**
 * The PDFs of issued documents: rendered once from the snapshot, kept in the private DOCUMENTS
 * bucket under the document's number with its SHA-256, and served from there ever after. A PDF not
 * stored yet (its issue stopped after the number was given) is rendered on first use: the snapshot
 * gives the same bytes whenever it is rendered. Links that open one without signing in are signed
 * (lib/document-link.ts) and die when the document's link version is bumped or its link ends
 * (link-rules.ts).
 */
export type DocumentFile = { bytes: Uint8Array; fileName: string; sha256: string };

type Source = { number: string; pdfKey: string | null; pdfSha256: string | null; render: () => Promise<Uint8Array> };

const sources: Record<DocumentKind, (db: Db, id: number) => Promise<Source | null>> = {
  async "gas-safety-record"(db, id) {
    const [[row], notices] = await db.batch([
      db
        .select({
          number: gasSafetyRecords.number,
          snapshot: gasSafetyRecords.snapshot,
          pdfKey: gasSafetyRecords.pdfKey,
          pdfSha256: gasSafetyRecords.pdfSha256,
        })
        .from(gasSafetyRecords)
        .where(eq(gasSafetyRecords.id, id)),
      db
        .select({ number: warningNotices.number, index: warningNotices.applianceIndex })
        .from(warningNotices)
        .where(eq(warningNotices.recordId, id))
        .orderBy(asc(warningNotices.applianceIndex)),
    ]);
    if (!row?.number || !row.snapshot) return null;
    const number = numberText("gasSafetyRecord", row.number);
    const snapshot = JSON.parse(row.snapshot) as GasSafetySnapshot;
    const noticeNumbers = snapshot.appliances.map((_, i) => {
      const notice = notices.find((n) => n.index === i);
      return notice ? numberText("warningNotice", notice.number) : null;
    });
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () => renderGasSafetyRecord(snapshot, number, noticeNumbers),
    };
  },
  async "warning-notice"(db, id) {
    const [row] = await db
      .select({
        number: warningNotices.number,
        snapshot: warningNotices.snapshot,
        pdfKey: warningNotices.pdfKey,
        pdfSha256: warningNotices.pdfSha256,
        recordNumber: gasSafetyRecords.number,
      })
      .from(warningNotices)
      .leftJoin(gasSafetyRecords, eq(gasSafetyRecords.id, warningNotices.recordId))
      .where(eq(warningNotices.id, id));
    if (!row?.snapshot) return null;
    const number = numberText("warningNotice", row.number);
    const recordNumber = row.recordNumber ? numberText("gasSafetyRecord", row.recordNumber) : null;
    const snapshot = JSON.parse(row.snapshot) as WarningNoticeSnapshot;
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () => renderWarningNotice(snapshot, number, recordNumber),
    };
  },
  /** An accepted quote (by the quote's id): its accepted version, as it was accepted. */
  async estimate(db, id) {
    const [row] = await db
      .select({
        number: estimates.number,
        content: estimateVersions.content,
        vatRegistered: estimateVersions.vatRegistered,
        acceptance: estimateAcceptances,
      })
      .from(estimateAcceptances)
      .innerJoin(estimates, eq(estimates.id, estimateAcceptances.estimateId))
      .innerJoin(
        estimateVersions,
        sql`${estimateVersions.estimateId} = ${estimateAcceptances.estimateId} AND ${estimateVersions.version} = ${estimateAcceptances.version}`,
      )
      .where(eq(estimateAcceptances.estimateId, id));
    if (!row?.number) return null;
    const a = row.acceptance;
    const snapshot = JSON.parse(a.snapshot) as Pick<AcceptedEstimate, "letterhead" | "customerName" | "place">;
    const number = numberText("estimate", row.number);
    return {
      number,
      pdfKey: a.pdfKey,
      pdfSha256: a.pdfSha256,
      render: () =>
        renderAcceptedEstimate({
          ...snapshot,
          number,
          content: JSON.parse(row.content) as EstimateContent,
          vatRegistered: row.vatRegistered,
          optionId: a.optionId,
          optionalLineIds: JSON.parse(a.optionalLineIds) as string[],
          name: a.name,
          startEarly: a.startEarly,
          acceptedAt: a.acceptedAt,
        }),
    };
  },
  async invoice(db, id) {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row?.number || !row.snapshot || !row.issueDate || !row.dueDate) return null;
    const number = numberText("invoice", row.number);
    const lines = JSON.parse(row.lines) as InvoiceLine[];
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () =>
        renderInvoice({
          number,
          issueDate: row.issueDate!,
          supplyDate: row.supplyDate,
          dueDate: row.dueDate!,
          lines,
          vatRegistered: row.vatRegistered,
          totals: invoiceTotals(lines, row.vatRegistered),
          depositPence: row.depositPence,
          notes: row.notes,
          snapshot: JSON.parse(row.snapshot!) as InvoiceSnapshot,
        }),
    };
  },
  async "credit-note"(db, id) {
    const [[note], [invoice]] = await db.batch([
      db.select().from(creditNotes).where(eq(creditNotes.id, id)),
      db
        .select({ number: invoices.number, issueDate: invoices.issueDate, vatRegistered: invoices.vatRegistered })
        .from(invoices)
        .where(eq(invoices.id, sql`(SELECT ${creditNotes.invoiceId} FROM ${creditNotes} WHERE ${creditNotes.id} = ${id})`)),
    ]);
    if (!note?.snapshot || !invoice?.number) return null;
    const number = numberText("creditNote", note.number);
    const lines = JSON.parse(note.lines) as InvoiceLine[];
    return {
      number,
      pdfKey: note.pdfKey,
      pdfSha256: note.pdfSha256,
      render: () =>
        renderCreditNote({
          number,
          invoiceNumber: numberText("invoice", invoice.number!),
          invoiceIssueDate: invoice.issueDate!,
          issueDate: note.issueDate,
          reason: note.reason,
          lines,
          vatRegistered: invoice.vatRegistered,
          totals: invoiceTotals(lines, invoice.vatRegistered),
          snapshot: JSON.parse(note.snapshot!) as InvoiceSnapshot,
        }),
    };
  },
  async "service-sheet"(db, id) {
    const [row] = await db
      .select({
        number: serviceSheets.number,
        snapshot: serviceSheets.snapshot,
        pdfKey: serviceSheets.pdfKey,
        pdfSha256: serviceSheets.pdfSha256,
      })
      .from(serviceSheets)
      .where(eq(serviceSheets.id, id));
    if (!row?.number || !row.snapshot) return null;
    const number = numberText("serviceSheet", row.number);
    const snapshot = JSON.parse(row.snapshot) as ServiceSheetSnapshot;
    return { number, pdfKey: row.pdfKey, pdfSha256: row.pdfSha256, render: () => renderServiceSheet(snapshot, number) };
  },
};

const tables = {
  "gas-safety-record": gasSafetyRecords,
  "warning-notice": warningNotices,
  "service-sheet": serviceSheets,
  invoice: invoices,
  "credit-note": creditNotes,
} as const;

/** Where each kind keeps its file: the document's own row, or an accepted quote's acceptance. */
function fileRow(kind: DocumentKind) {
  if (kind === "estimate")
    return { table: estimateAcceptances, id: estimateAcceptances.estimateId, sha: estimateAcceptances.pdfSha256 };
  const table = tables[kind];
  return { table, id: table.id, sha: table.pdfSha256 };
}

const keyOf = (kind: DocumentKind, number: string) => `${kind}s/${number}.pdf`;

/** The issued document's PDF, stored the first time it is asked for; null when it is not issued. */
export async function documentPdf(env: AppEnv, db: Db, kind: DocumentKind, id: number): Promise<DocumentFile | null> {
  const source = await sources[kind](db, id);
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
  const file = fileRow(kind);
  await db.update(file.table).set({ pdfKey: key, pdfSha256: sha256 }).where(sql`${file.id} = ${id} AND ${file.sha} IS NULL`);
  return { bytes, fileName, sha256 };
}

/**
 * The path of a link that opens the document's PDF without signing in, until its version is bumped
 * or the document's link ends (link-rules.ts): the back office opens it on whatever host it is on;
 * an e-mail puts the site's address before it. A quote's PDF opens from the quote's own link.
 */
export async function documentUrl(env: AppEnv, kind: DocumentKind, id: number, version: number): Promise<string> {
  // Gas safety records and warning notices have no end, so their links stay as they always were.
  const ends = kind !== "gas-safety-record" && kind !== "warning-notice";
  return `/api/documents/${kind}/${await createDocumentLink(env, kind, { id, version, ...(ends && madeToday()) })}`;
}

/** The last London day a link to this document opens it (null: no end), when the link's version is current. */
async function lastDayOf(db: Db, kind: DocumentKind, link: DocumentLink): Promise<{ current: boolean; lastDay: string | null }> {
  switch (kind) {
    case "estimate": {
      // The quote's own link (the quote's version and its link version): the PDF is the accepted
      // one, and only for that version.
      const [row] = await db
        .select({ linkVersion: estimates.linkVersion, validUntil: estimates.validUntil, acceptance: estimateAcceptances })
        .from(estimateAcceptances)
        .innerJoin(estimates, eq(estimates.id, estimateAcceptances.estimateId))
        .where(eq(estimateAcceptances.estimateId, link.id));
      if (!row) return { current: false, lastDay: null };
      return {
        current: row.acceptance.version === link.version && row.linkVersion === (link.revision ?? 1),
        lastDay: quoteLastDay(row, row.acceptance),
      };
    }
    case "invoice": {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, link.id));
      return { current: row?.linkVersion === link.version, lastDay: row ? invoiceLastDay(row) : null };
    }
    case "credit-note": {
      const [row] = await db
        .select({ note: creditNotes, invoice: invoices })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(eq(creditNotes.id, link.id));
      return { current: row?.note.linkVersion === link.version, lastDay: row ? creditNoteLastDay(row.note, row.invoice) : null };
    }
    case "service-sheet": {
      const [row] = await db
        .select({ linkVersion: serviceSheets.linkVersion, issuedAt: serviceSheets.issuedAt })
        .from(serviceSheets)
        .where(eq(serviceSheets.id, link.id));
      return { current: row?.linkVersion === link.version, lastDay: row ? serviceSheetLastDay(row) : null };
    }
    default: {
      // Gas safety records and warning notices have no end (schema/settings.ts says why).
      const table = tables[kind];
      const [row] = await db.select({ version: table.linkVersion }).from(table).where(eq(table.id, link.id));
      return { current: row?.version === link.version, lastDay: null };
    }
  }
}

/** The document a public link opens, when the link is genuine, not revoked and not past its end. */
export async function documentByLink(
  env: AppEnv,
  db: Db,
  kind: DocumentKind,
  token: string,
  now = Date.now(),
): Promise<DocumentFile | null> {
  const link = await readDocumentLink(env, kind, token, now);
  if (!link) return null;
  const { current, lastDay } = await lastDayOf(db, kind, link);
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
