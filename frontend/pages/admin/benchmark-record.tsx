import { useParams } from "wouter";
import type { AdminBenchmarkRecord } from "../../../schema/api/benchmark-records";
import { DraftBenchmark } from "../../components/admin/benchmark/draft-benchmark";
import { IssuedBenchmark } from "../../components/admin/benchmark/issued-benchmark";
import { LoadedDocument } from "../../components/admin/documents/loaded-document";

/** A new boiler's Benchmark commissioning checklist: the form while a draft, the issued checklist with its PDF and service record after. */
export default function BenchmarkRecordPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <LoadedDocument<AdminBenchmarkRecord>
      key={id}
      path={`/api/admin/benchmark-records/${id}`}
      noun="Benchmark checklist"
      failed="Failed to load the checklist."
      title="Benchmark checklist"
    >
      {(record, refresh) =>
        record.status === "issued" ? (
          <IssuedBenchmark record={record} onChanged={refresh} />
        ) : (
          <DraftBenchmark key={id} record={record} onIssued={refresh} />
        )
      }
    </LoadedDocument>
  );
}
