import { sql } from "drizzle-orm";
import type { AdminServiceRecord } from "../../../schema/api/records";

/** The visit's latest gas safety record and service sheet, for "Start" or "Continue gas safety record". */
export const visitDocuments = {
  gasSafetyRecord: sql<string | null>`(SELECT json_object('id', g.id, 'status', g.status) FROM gas_safety_records AS g
    WHERE g.service_record_id = "service_records"."id" ORDER BY g.id DESC LIMIT 1)`.as("gas_safety_record"),
  serviceSheet: sql<string | null>`(SELECT json_object('id', s.id, 'status', s.status) FROM service_sheets AS s
    WHERE s.service_record_id = "service_records"."id" ORDER BY s.id DESC LIMIT 1)`.as("service_sheet"),
};

export const parseVisitDocument = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as AdminServiceRecord["gasSafetyRecord"]);
