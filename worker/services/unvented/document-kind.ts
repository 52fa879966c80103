import { sql } from "drizzle-orm";
import { papers } from "../../../schema/api/papers";
import { unventedCreateSchema, unventedPatchSchema } from "../../../schema/api/unvented-records";
import { unventedServiceSchema } from "../../../schema/api/unvented-services";
import { unventedRecords, unventedServices } from "../../../schema/db";
import { addMonths } from "../../../schema/london-time";
import { paperAction, paperApi, visitPaperKind } from "../documents/visit-paper";
import { issueUnventedRecord } from "./issue";
import { createUnventedRecord, getUnventedRecord, revokeUnventedLinks, updateUnventedRecord } from "./records";
import { renderUnventedRecord, type UnventedSnapshot } from "./render";
import { addUnventedService } from "./services";

/**
 * The unvented cylinder record as the documents room sees it: a paper drafted at the cylinder's
 * visit (../documents/visit-paper.ts), its PDF from the snapshot, listed with its next annual service
 * due, its annual services appended once issued, kept six years as a commissioning record.
 */
export const unventedRecordKind = visitPaperKind({
  paper: {
    descriptor: papers["unvented-record"],
    table: unventedRecords,
    key: "unventedRecords",
    date: unventedRecords.commissionedOn,
    emailIds: [unventedRecords.customerEmailId],
    keptAs: "commissioningRecords",
    related: [{ key: "unventedServices", table: unventedServices, parent: unventedServices.unventedRecordId }],
    audited: { commissionedOn: unventedRecords.commissionedOn },
    api: paperApi({
      createSchema: unventedCreateSchema,
      patchSchema: unventedPatchSchema,
      create: createUnventedRecord,
      get: getUnventedRecord,
      update: updateUnventedRecord,
      issue: issueUnventedRecord,
      revokeLinks: revokeUnventedLinks,
      actions: [
        paperAction({
          method: "post",
          path: "services",
          engineers: true,
          body: unventedServiceSchema,
          created: true,
          audit: "recorded an annual service",
          run: addUnventedService,
        }),
      ],
    }),
  },
  listTitle: "Unvented cylinder record (G3)",
  render: (snapshot: UnventedSnapshot, number) => renderUnventedRecord(snapshot, number),
  // Its annual service: a year after the commissioning, then when the last service said. A select
  // from unvented_records alone (columns unqualified): the record is named in full (decision 013).
  nextDue: {
    read: sql<string | null>`(SELECT max(s.next_due) FROM ${unventedServices} AS s
        WHERE s.unvented_record_id = ${sql.raw('"unvented_records"."id"')})`,
    of: (row) => (row.status === "issued" ? (row.read ?? addMonths(row.date, 12)) : null),
  },
});
