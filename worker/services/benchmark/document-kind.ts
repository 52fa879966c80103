import { benchmarkCreateSchema, benchmarkPatchSchema } from "../../../schema/api/benchmark-records";
import { papers } from "../../../schema/api/papers";
import { benchmarkRecords } from "../../../schema/db";
import { paperApi, visitPaperKind } from "../documents/visit-paper";
import { issueBenchmarkRecord } from "./issue";
import { createBenchmarkRecord, getBenchmarkRecord, revokeBenchmarkLinks, updateBenchmarkRecord } from "./records";
import { type BenchmarkSnapshot, renderBenchmark } from "./render";

/**
 * The Benchmark checklist as the documents room sees it: a paper drafted at the boiler's fitting
 * visit (../documents/visit-paper.ts), its PDF from the snapshot, kept six years as a commissioning
 * record.
 */
export const benchmarkKind = visitPaperKind({
  paper: {
    descriptor: papers.benchmark,
    table: benchmarkRecords,
    key: "benchmarkRecords",
    date: benchmarkRecords.commissionedOn,
    emailIds: [benchmarkRecords.customerEmailId],
    keptAs: "commissioningRecords",
    audited: { commissionedOn: benchmarkRecords.commissionedOn },
    api: paperApi({
      createSchema: benchmarkCreateSchema,
      patchSchema: benchmarkPatchSchema,
      create: createBenchmarkRecord,
      get: getBenchmarkRecord,
      update: updateBenchmarkRecord,
      issue: issueBenchmarkRecord,
      revokeLinks: revokeBenchmarkLinks,
    }),
  },
  listTitle: "Benchmark commissioning checklist",
  render: (snapshot: BenchmarkSnapshot, number) => renderBenchmark(snapshot, number),
});
