import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { benchmarkKind } from "./benchmark/document-kind";
import type { DocumentKind, DocumentScope } from "./documents/kind";
import { listDocuments } from "./documents/list";
import type { VisitPaper } from "./documents/visit-paper";
import { gasSafetyRecordKind, serviceSheetKind, warningNoticeKind } from "./gas-safety/document-kinds";
import { creditNoteKind, invoiceKind } from "./invoices/document-kinds";
import { acceptedQuoteKind } from "./quotes/document-kind";
import { unventedRecordKind } from "./unvented/document-kind";

/**
 * Every kind of document, registered once: the documents room (documents/) serves, links and lists
 * what is here without naming a kind, and a new kind is its own folder's definition plus one line.
 */
export const documentKinds = {
  [gasSafetyRecordKind.name]: gasSafetyRecordKind,
  [warningNoticeKind.name]: warningNoticeKind,
  [serviceSheetKind.name]: serviceSheetKind,
  [unventedRecordKind.name]: unventedRecordKind,
  [benchmarkKind.name]: benchmarkKind,
  [acceptedQuoteKind.name]: acceptedQuoteKind,
  [invoiceKind.name]: invoiceKind,
  [creditNoteKind.name]: creditNoteKind,
} satisfies Record<string, DocumentKind>;

export type DocumentKindName = keyof typeof documentKinds;
export const documentKindNames = Object.keys(documentKinds) as [DocumentKindName, ...DocumentKindName[]];

/** The papers drafted at a visit and issued there (documents/visit-paper.ts), in the registry's order. */
export const visitPaperKinds = Object.values(documentKinds).filter(
  (kind): kind is Extract<(typeof documentKinds)[DocumentKindName], { paper: VisitPaper }> =>
    "paper" in kind && kind.paper !== undefined,
);

/** The kinds a signed-in customer opens from their account page (those that say who may). */
export const accountDocumentKindNames = documentKindNames.filter((name) => "accountLinkVersion" in documentKinds[name]) as [
  DocumentKindName,
  ...DocumentKindName[],
];

/** The documents of every listed kind in a scope (a customer's, some properties', an account's), newest first. */
export const listAllDocuments = (env: AppEnv, db: Db, scope: DocumentScope) =>
  listDocuments(env, db, Object.values(documentKinds), scope);
