import type { SQL } from "drizzle-orm";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { DocumentSummary } from "../../../schema/api/documents";
import type { PaperDescriptor } from "../../../schema/api/papers";
import { addDays, londonDateOf } from "../../../schema/london-time";
import { writtenNumber } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { documentUrl } from "./files";
import type { DocumentKind, DocumentScope, FileTable } from "./kind";
import { scopeWhere } from "./list";

/**
 * The frame every paper drafted at a visit shares (a gas safety record, a service sheet, an unvented
 * cylinder record, a Benchmark checklist): a draft at a property, from a visit when there is one,
 * filled on the phone and issued once with its number. A kind says what is its own (its table, the
 * day it is about, its form's schemas and what they do, its PDF); the documents room gives it its
 * routes and their roles, its place on the visit, the job's thread, the audit log, the customer's
 * data export and an erasure, and its PDF's links and lists, from its one registration in
 * ../document-kinds.ts.
 */

/** The columns every paper's table keeps (schema/db: gas-safety.ts, unvented.ts, benchmark.ts). */
export type PaperTable = FileTable & {
  id: SQLiteColumn;
  propertyId: SQLiteColumn;
  customerId: SQLiteColumn;
  serviceRecordId: SQLiteColumn;
  status: SQLiteColumn;
  number: SQLiteColumn;
  snapshot: SQLiteColumn;
  issuedAt: SQLiteColumn;
  linkVersion: SQLiteColumn;
};

/** One step on an issued or draft paper beyond the frame's own (a G3's annual service, a tenant's copy given). */
export type PaperAction = {
  method: "post";
  /** After /<segment>/:id/. */
  path: string;
  /** Engineers too (on their own visits' papers), or only the owner and the office. */
  engineers: boolean;
  /** Its body's schema, when it has one. */
  body?: z.ZodType;
  /** 201 when it adds something. */
  created?: boolean;
  /** How the audit log says it ("recorded an annual service"). */
  audit: string;
  run(env: AppEnv, db: Db, id: number, body: unknown, by: AdminUser | undefined): Promise<unknown>;
};

/** What a paper's routes do: the frame validates and answers; the kind decides. */
export type PaperApi = {
  createSchema: z.ZodType;
  patchSchema: z.ZodType;
  create(env: AppEnv, db: Db, body: unknown, by: AdminUser | undefined): Promise<unknown>;
  get(env: AppEnv, db: Db, id: number): Promise<unknown>;
  update(env: AppEnv, db: Db, id: number, body: unknown): Promise<unknown>;
  issue(env: AppEnv, db: Db, id: number, by: AdminUser | undefined): Promise<unknown>;
  revokeLinks(env: AppEnv, db: Db, id: number): Promise<unknown>;
  actions?: readonly PaperAction[];
};

/**
 * A kind's handlers typed with its own schemas' outputs, kept as the frame calls them: the frame
 * only ever passes a body its schema has just validated.
 */
export function paperApi<C extends z.ZodType, P extends z.ZodType>(api: {
  createSchema: C;
  patchSchema: P;
  create(env: AppEnv, db: Db, body: z.output<C>, by: AdminUser | undefined): Promise<unknown>;
  get(env: AppEnv, db: Db, id: number): Promise<unknown>;
  update(env: AppEnv, db: Db, id: number, body: z.output<P>): Promise<unknown>;
  issue(env: AppEnv, db: Db, id: number, by: AdminUser | undefined): Promise<unknown>;
  revokeLinks(env: AppEnv, db: Db, id: number): Promise<unknown>;
  actions?: readonly PaperAction[];
}): PaperApi {
  return api as PaperApi;
}

/** An action's handler typed with its body's schema, as `paperApi` does for the frame's. */
export function paperAction<B extends z.ZodType>(
  action: Omit<PaperAction, "body" | "run"> & {
    body?: B;
    run(env: AppEnv, db: Db, id: number, body: z.output<B>, by: AdminUser | undefined): Promise<unknown>;
  },
): PaperAction {
  return action as PaperAction;
}

/** Where an erasure's answer counts a kept paper ("records kept: commissioning records"). */
export type KeptAs = "safetyRecords" | "serviceSheets" | "commissioningRecords";

export type VisitPaper = {
  descriptor: PaperDescriptor;
  table: PaperTable;
  /** Its key in the customer's data export and an erasure's plan (the table's name in schema/db). */
  key: string;
  /** The day it is about: the check's, the service's, the commissioning's. */
  date: SQLiteColumn;
  /** The e-mails that carried it (to the customer, to a tenant), which an erasure must find. */
  emailIds: readonly SQLiteColumn[];
  keptAs: KeptAs;
  /** Rows of its own tables that hang on an issued one (a G3's annual services), for the data export. */
  related?: readonly { key: string; table: SQLiteTable; parent: SQLiteColumn }[];
  /** Its columns the audit log keeps before and after a write, beside the frame's (number, status, date, issue, links). */
  audited?: Readonly<Record<string, SQLiteColumn>>;
  api: PaperApi;
};

/** Links to a paper end `serviceSheetDays` after its issue, as a service sheet's do. */
export const paperLastDay = (row: { issuedAt: string | null }) =>
  row.issuedAt ? addDays(londonDateOf(row.issuedAt), settings.documentLinks.serviceSheetDays) : null;

const LIST_LIMIT = 200;

/**
 * A paper's document kind from its facts: its PDF from the snapshot fixed at issue, links that end as
 * a service sheet's, listed on the customer's, the property's and the account's pages (with a next
 * due date when the kind has one), opened from the account page once issued.
 */
export function visitPaperKind<Name extends string, Snapshot>(spec: {
  paper: VisitPaper & { descriptor: { name: Name } };
  /** The list's heading for one ("Unvented cylinder record (G3)"); the label when absent. */
  listTitle?: string;
  render(snapshot: Snapshot, number: string): Promise<Uint8Array>;
  /** When it is next due, read in its list's statement (a scalar subquery) and made a day. */
  nextDue?: {
    read: SQL<string | null> | SQLiteColumn;
    of(row: { status: string; date: string; read: string | null }): string | null;
  };
}): DocumentKind<Name> & { paper: VisitPaper } {
  const { paper } = spec;
  const t = paper.table;
  const d = paper.descriptor;
  const listRows = (db: Db, scope: DocumentScope) =>
    db
      .select({
        id: t.id,
        status: t.status,
        number: t.number,
        propertyId: t.propertyId,
        date: paper.date,
        linkVersion: t.linkVersion,
        read: spec.nextDue?.read ?? t.issuedAt,
      })
      .from(t)
      .where(scopeWhere(scope, t.customerId, t.propertyId))
      .orderBy(desc(paper.date), desc(t.id))
      .limit(LIST_LIMIT);
  type Row = { id: number; status: "draft" | "issued"; number: number | null; propertyId: number | null; date: string };
  type ListRow = Row & { linkVersion: number; read: string | null };
  const kind: DocumentKind<Name> & { paper: VisitPaper } = {
    name: d.name,
    paper,
    async source(db, id) {
      const [row] = (await db
        .select({ number: t.number, snapshot: t.snapshot, pdfKey: t.pdfKey, pdfSha256: t.pdfSha256 })
        .from(t)
        .where(eq(t.id, id))) as {
        number: number | null;
        snapshot: string | null;
        pdfKey: string | null;
        pdfSha256: string | null;
      }[];
      if (!row?.number || !row.snapshot) return null;
      const number = writtenNumber(d.number, row.number);
      const snapshot = JSON.parse(row.snapshot) as Snapshot;
      return { number, pdfKey: row.pdfKey, pdfSha256: row.pdfSha256, render: () => spec.render(snapshot, number) };
    },
    file: { table: t, id: t.id },
    async linkState(db, link) {
      const [row] = (await db.select({ linkVersion: t.linkVersion, issuedAt: t.issuedAt }).from(t).where(eq(t.id, link.id))) as {
        linkVersion: number;
        issuedAt: string | null;
      }[];
      return { current: row?.linkVersion === link.version, lastDay: row ? paperLastDay(row) : null };
    },
    linksEnd: true,
    list: {
      query: listRows,
      summaries: (env: AppEnv, rows: ListRow[]) =>
        Promise.all(
          rows.map(
            async (r): Promise<DocumentSummary> => ({
              kind: d.name,
              title: spec.listTitle ?? d.label,
              screen: `/${d.segment}`,
              id: r.id,
              status: r.status,
              number: r.number === null ? null : writtenNumber(d.number, r.number),
              propertyId: r.propertyId,
              date: r.date,
              nextDueDate: spec.nextDue ? spec.nextDue.of(r) : null,
              classification: null,
              pdfUrl: r.status === "issued" ? await documentUrl(env, kind, r.id, r.linkVersion) : null,
              tenantCopyDueBy: null,
            }),
          ),
        ),
    },
    async accountLinkVersion(db, id, ids) {
      const [row] = (await db
        .select({ linkVersion: t.linkVersion })
        .from(t)
        .where(and(eq(t.id, id), eq(t.status, "issued"), inArray(t.customerId, ids)))) as { linkVersion: number }[];
      return row?.linkVersion ?? null;
    },
  };
  return kind;
}
