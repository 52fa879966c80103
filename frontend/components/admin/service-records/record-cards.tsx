import type { AdminServiceRecord } from "../../../../schema/api/records";
import type { useRecordActions } from "../../../hooks/admin/use-record-actions";
import { ServiceRecordCard } from "../service-record-card";
import { editRecord } from "./record-editor";

/** Service record cards with their actions: Start, Complete, Edit, Delete. */
export function RecordCards({
  records,
  actions,
}: {
  records: AdminServiceRecord[];
  actions: ReturnType<typeof useRecordActions>;
}) {
  return (
    <div className="admin-list">
      {records.map((r) => (
        <ServiceRecordCard
          key={r.id}
          record={r}
          busy={actions.busyId === r.id}
          onEdit={() => actions.open(editRecord(r))}
          onMove={(status) => actions.move(r, status)}
          onDelete={() => actions.remove(r)}
        />
      ))}
    </div>
  );
}
