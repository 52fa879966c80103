import { sql } from "drizzle-orm";
import type { AdminServiceRecord } from "../../../schema/api/records";

/** The visit's latest gas safety record, service sheet, unvented cylinder record and Benchmark checklist, for "Start" or "Continue gas safety record". */
export const visitDocuments = {
  gasSafetyRecord: sql<string | null>`(SELECT json_object('id', g.id, 'status', g.status) FROM gas_safety_records AS g
    WHERE g.service_record_id = "service_records"."id" ORDER BY g.id DESC LIMIT 1)`.as("gas_safety_record"),
  serviceSheet: sql<string | null>`(SELECT json_object('id', s.id, 'status', s.status) FROM service_sheets AS s
    WHERE s.service_record_id = "service_records"."id" ORDER BY s.id DESC LIMIT 1)`.as("service_sheet"),
  unventedRecord: sql<string | null>`(SELECT json_object('id', u.id, 'status', u.status) FROM unvented_records AS u
    WHERE u.service_record_id = "service_records"."id" ORDER BY u.id DESC LIMIT 1)`.as("unvented_record"),
  benchmarkRecord: sql<string | null>`(SELECT json_object('id', b.id, 'status', b.status) FROM benchmark_records AS b
    WHERE b.service_record_id = "service_records"."id" ORDER BY b.id DESC LIMIT 1)`.as("benchmark_record"),
};

/** The columns above as a row reads them. */
export type VisitDocumentColumns = { [K in keyof typeof visitDocuments]: string | null };

export const parseVisitDocument = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as AdminServiceRecord["gasSafetyRecord"]);

/** The visit's documents as the answers give them. */
export const parseVisitDocuments = (row: VisitDocumentColumns) => ({
  gasSafetyRecord: parseVisitDocument(row.gasSafetyRecord),
  serviceSheet: parseVisitDocument(row.serviceSheet),
  unventedRecord: parseVisitDocument(row.unventedRecord),
  benchmarkRecord: parseVisitDocument(row.benchmarkRecord),
});
