import { useParams } from "wouter";
import type { AdminUnventedRecord } from "../../../schema/api/unvented-records";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { LoadedDocument } from "../../components/admin/documents/loaded-document";
import { DraftUnvented } from "../../components/admin/unvented/draft-unvented";
import { IssuedUnvented } from "../../components/admin/unvented/issued-unvented";

/** An unvented cylinder's commissioning record (G3): the form while a draft, the issued record with its PDF after; its history below either. */
export default function UnventedRecordPage() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <LoadedDocument<AdminUnventedRecord>
      key={id}
      path={`/api/admin/unvented-records/${id}`}
      noun="unvented cylinder record"
      failed="Failed to load the record."
      title="Unvented cylinder record"
    >
      {(record, refresh) => (
        <>
          {record.status === "issued" ? (
            <IssuedUnvented record={record} onChanged={refresh} />
          ) : (
            <DraftUnvented key={id} record={record} onIssued={refresh} />
          )}
          <RecordHistory version={`${record.updatedAt}-${record.services.length}`} kind="unvented-record" id={record.id} />
        </>
      )}
    </LoadedDocument>
  );
}
