import { type SQL, sql } from "drizzle-orm";
import type { PaperField, StartedPaper, VisitPapers } from "../../../schema/api/papers";
import { visitPaperKinds } from "../document-kinds";

/**
 * The visit's latest paper of each registered kind (a gas safety record, a service sheet, an
 * unvented cylinder record, a Benchmark checklist…), for "Start" or "Continue": one scalar subquery
 * each in the visit's own select, named by the kind's visit field.
 */
export const visitDocuments = Object.fromEntries(
  visitPaperKinds.map(({ paper: { table: t, descriptor } }) => [
    descriptor.visitField,
    sql<string | null>`(SELECT json_object('id', ${t.id}, 'status', ${t.status}) FROM ${t}
      WHERE ${t.serviceRecordId} = "service_records"."id" ORDER BY ${t.id} DESC LIMIT 1)`.as(
      descriptor.visitField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    ),
  ]),
) as Record<PaperField, SQL.Aliased<string | null>>;

/** The columns above as a row reads them. */
export type VisitDocumentColumns = { [K in PaperField]: string | null };

export const parseVisitDocument = (json: string | null) => (json === null ? null : (JSON.parse(json) as StartedPaper));

/** The visit's papers as the answers give them. */
export const parseVisitDocuments = (row: VisitDocumentColumns): VisitPapers =>
  Object.fromEntries(
    visitPaperKinds.map(({ paper: { descriptor } }) => [
      descriptor.visitField,
      parseVisitDocument(row[descriptor.visitField as PaperField]),
    ]),
  ) as VisitPapers;
