import type { SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DocumentSummary } from "../../../schema/api/documents";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { DocumentLink } from "../../lib/document-link";
import type { VisitPaper } from "./visit-paper";

/**
 * What a kind of document (a gas safety record, an invoice, an accepted quote…) tells the documents
 * room, which knows the life they share (issued with a number → its PDF rendered once and kept in R2
 * with its SHA-256 → opened by a signed link the owner can revoke and that may end) and never names a
 * kind. A kind is defined in its own domain's folder and registered once, in
 * worker/services/document-kinds.ts; nothing else changes to add one.
 */
export type DocumentSource = {
  /** The document's number as printed ("GSR-0012"): the PDF's file name and its key in R2. */
  number: string;
  /** Where its PDF is kept, once stored, and the PDF's SHA-256. */
  pdfKey: string | null;
  pdfSha256: string | null;
  /** The PDF again, from what was fixed at issue: the same bytes whenever it runs. */
  render: () => Promise<Uint8Array>;
};

export type LinkState = {
  /** The link names the document's current link version (the owner has not revoked it). */
  current: boolean;
  /** The last London day its links open it, from where the document stands now; null for no end. */
  lastDay: string | null;
};

/** A table that records a stored PDF: the key in R2 and its SHA-256. */
export type FileTable = SQLiteTable & { pdfKey: SQLiteColumn; pdfSha256: SQLiteColumn };

export type DocumentKind<Name extends string = string> = {
  /** The kind's name in links, routes and e-mails' attachments ("gas-safety-record"). */
  name: Name;
  /** The issued document's PDF source; null when there is no such issued document. */
  source(db: Db, id: number): Promise<DocumentSource | null>;
  /** The row its stored PDF is recorded on (its pdfKey and pdfSha256), the first time it is rendered. */
  file: { table: FileTable; id: SQLiteColumn };
  /** Whether a link to the document still names its current version, and when its links end. */
  linkState(db: Db, link: DocumentLink): Promise<LinkState>;
  /** Links to it end (they then carry the day they were made); false for records kept for good. */
  linksEnd: boolean;
  /**
   * The current link version of this document when the signed-in customer (`customerIds`: their
   * customers' ids, as a subquery) may open it from their account; null otherwise. Absent: not
   * opened from the account page.
   */
  accountLinkVersion?(db: Db, id: number, customerIds: SQLWrapper): Promise<number | null>;
  /** How the customer and property pages list it: absent for a kind they do not list. */
  list?: ListedKind;
  /** A paper drafted at a visit and issued there: what the frame needs (./visit-paper.ts). */
  paper?: VisitPaper;
};

/** Whose documents a page lists: one customer's, some properties', or the customers a subquery names (an account's). */
export type DocumentScope = { customerId: number } | { propertyIds: number[] } | { customerIds: SQLWrapper };

/**
 * A listed kind's rows for a page, as one statement (the list reads every kind in one batch), and
 * what it makes of them. The rows are the statement's own: the kind reads them back as it wrote them.
 */
export type ListedKind = {
  query(db: Db, scope: DocumentScope): BatchItem<"sqlite">;
  summaries(env: AppEnv, rows: never[]): Promise<DocumentSummary[]>;
};
