import { useState } from "react";
import type { AdminServiceRecord } from "../../../schema/api/admin";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CountTabs, listTab } from "../../components/admin/count-tabs";
import { LogoutButton } from "../../components/admin/logout-button";
import { PageHeader } from "../../components/admin/page-header";
import { ServiceRecordCard } from "../../components/admin/service-record-card";
import { serviceRecordFilters, useAdminServiceRecords } from "../../hooks/admin/use-service-records";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

const tabDefs = [
  { value: "all", label: "All Records", empty: "No service records found" },
  { value: "active", label: "Active", empty: "No active service records" },
  { value: "scheduled", label: "Scheduled", empty: "No scheduled service records" },
  { value: "pending", label: "Pending", empty: "No pending service records" },
] as const;

export default function ServiceRecords() {
  const { records, error, refresh, remove } = useAdminServiceRecords();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function deleteRecord(record: AdminServiceRecord) {
    setBusyId(record.id);
    try {
      await remove(record.id);
      notify({
        title: "Service record deleted",
        description: "The service record has been successfully deleted.",
        variant: "success",
      });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to delete the service record"), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  const tabs = tabDefs.map((tab) =>
    listTab(tab, (records ?? []).filter(serviceRecordFilters[tab.value]), (r) => (
      <ServiceRecordCard key={r.id} record={r} busy={busyId === r.id} onDelete={() => deleteRecord(r)} />
    )),
  );

  return (
    <>
      <PageHeader title="Service Records Management" subtitle="Visits, equipment and what was done" actions={<LogoutButton />} />
      {records ? (
        <CountTabs label="Service records by status" tabs={tabs} />
      ) : error ? (
        isUnauthorized(error) ? null : (
          <ErrorState message={errorMessage(error, "Failed to load service records.")} onRetry={refresh} />
        )
      ) : (
        <LoadingState label="Loading service records…" />
      )}
    </>
  );
}
