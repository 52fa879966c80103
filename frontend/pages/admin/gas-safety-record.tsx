import { useParams } from "wouter";
import type { AdminGasSafetyRecord } from "../../../schema/api/gas-safety";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { LoadedDocument } from "../../components/admin/documents/loaded-document";
import { DraftRecord } from "../../components/admin/gas-safety/draft-record";
import { IssuedRecord } from "../../components/admin/gas-safety/issued-record";

/** One screen per record: opening another starts afresh. */
export default function GasSafetyRecordPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <LoadedDocument<AdminGasSafetyRecord>
      key={id}
      path={`/api/admin/gas-safety-records/${id}`}
      noun="gas safety record"
      failed="Failed to load the record."
      title="Gas safety record"
    >
      {(record, refresh) => (
        <>
          {record.status === "issued" ? (
            <IssuedRecord key={`${id}-issued`} record={record} onChanged={refresh} />
          ) : (
            <DraftRecord key={id} record={record} onIssued={refresh} />
          )}
          <RecordHistory version={record.updatedAt} kind="gas-safety-record" id={record.id} />
        </>
      )}
    </LoadedDocument>
  );
}
