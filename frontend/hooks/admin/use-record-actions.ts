import { useState } from "react";
import type { AdminServiceRecord } from "../../../schema/api/records";
import { formatDate } from "../../../schema/london-time-text";
import type { RecordDraft } from "../../components/admin/service-records/record-editor";
import type { RecordStatus } from "../../components/admin/service-records/record-form-state";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import { deleteServiceRecord, updateServiceRecord } from "./use-service-records";

const moved: Partial<Record<RecordStatus, string>> = { "in-progress": "Visit started", completed: "Visit completed" };

/**
 * What a list of service record cards does (the records screen, a customer's page): move a visit
 * on, delete one, and the editor's draft (Add record, Edit). Each change toasts its outcome and
 * reloads the list.
 */
export function useRecordActions(refresh: () => unknown) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [draft, setDraft] = useState<RecordDraft | null>(null);

  /** One change to one record (its own toast included), then the list reloaded. */
  async function change(record: AdminServiceRecord, write: () => Promise<void>, failed: string) {
    setBusyId(record.id);
    try {
      await write();
    } catch (e) {
      if (!isUnauthorized(e)) notify({ title: "Error", description: errorMessage(e, failed), variant: "destructive" });
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  const move = (record: AdminServiceRecord, status: RecordStatus) =>
    change(
      record,
      async () => {
        const saved = await updateServiceRecord(record.id, { status });
        const next = saved.nextServiceDue ? ` Next service due ${formatDate(saved.nextServiceDue)}.` : "";
        notify({
          title: moved[status] ?? "Service record saved",
          description: `${saved.serviceType} for ${saved.customerName ?? "Unknown Customer"}.${status === "completed" ? next : ""}`,
          variant: "success",
        });
      },
      "Failed to update the service record",
    );

  const remove = (record: AdminServiceRecord) =>
    change(
      record,
      async () => {
        await deleteServiceRecord(record.id);
        notify({
          title: "Service record deleted",
          description: "The service record has been successfully deleted.",
          variant: "success",
        });
      },
      "Failed to delete the service record",
    );

  return {
    busyId,
    draft,
    open: setDraft,
    close: () => setDraft(null),
    /** The editor saved: close it and show the change. */
    saved: () => {
      setDraft(null);
      void refresh();
    },
    move,
    remove,
  };
}
