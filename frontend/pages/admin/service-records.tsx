import { Button, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import type { AdminServiceRecord } from "../../../schema/api/records";
import { serviceRecordTabs } from "../../../schema/api/records";
import { CountTabs } from "../../components/admin/count-tabs";
import { ExportButton } from "../../components/admin/export-button";
import { PlusIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { pagedTabs } from "../../components/admin/paged-list";
import { SearchBox } from "../../components/admin/search-box";
import { RecordCards } from "../../components/admin/service-records/record-cards";
import { editRecord, newRecord, type RecordDraft, RecordEditor } from "../../components/admin/service-records/record-editor";
import { useRecordActions } from "../../hooks/admin/use-record-actions";
import {
  SERVICE_RECORDS_EXPORT_PATH,
  SERVICE_RECORDS_PATH,
  type ServiceRecordTab,
  useAdminServiceRecords,
} from "../../hooks/admin/use-service-records";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

const tabDefs = [
  { value: "all", label: "All Records", empty: "No service records found" },
  { value: "active", label: "Active", empty: "No active service records" },
  { value: "scheduled", label: "Scheduled", empty: "No scheduled service records" },
  { value: "pending", label: "Pending", empty: "No pending service records" },
] as const;

const filterNames = ["q", "tab", "record"] as const;
const isTab = (v: string): v is ServiceRecordTab => (serviceRecordTabs as readonly string[]).includes(v);

/** A link to one record (`?record=12`, from the calendar) opens it in the editor. */
function useOpenRecord(id: number | null, open: (draft: RecordDraft) => void) {
  useEffect(() => {
    if (!id) return;
    let current = true;
    adminApi<AdminServiceRecord>(`${SERVICE_RECORDS_PATH}/${id}`)
      .then((record) => current && open(editRecord(record)))
      .catch((e) => {
        if (current && !isUnauthorized(e))
          notify({
            title: "Couldn't open the service record",
            description: errorMessage(e, "Please try again."),
            variant: "destructive",
          });
      });
    return () => {
      current = false;
    };
  }, [id, open]);
}

export default function ServiceRecords() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const tab = isTab(params.tab) ? params.tab : "";
  const list = useAdminServiceRecords({ q: params.q, tab });
  const actions = useRecordActions(list.refresh);
  useOpenRecord(Number(params.record) || null, actions.open);
  // Closing the editor forgets ?record=, so going back to the list does not open it again.
  const closeEditor = (done: () => void) => () => {
    done();
    if (params.record) setFilters({ record: "" });
  };

  const current = tab || "all";
  const tabs = pagedTabs({
    defs: tabDefs,
    current,
    list,
    counts: list.tabs,
    query: params.q,
    loading: "Loading service records…",
    failed: "Failed to load service records.",
    render: (records) => <RecordCards records={records} actions={actions} />,
  });

  return (
    <>
      <PageHeader
        title="Service Records Management"
        subtitle="Visits, equipment and what was done"
        actions={
          <>
            <Button onClick={() => actions.open(newRecord())}>
              <PlusIcon /> Add Record
            </Button>
            <ExportButton path={SERVICE_RECORDS_EXPORT_PATH} fileName="service-records" />
          </>
        }
      />
      <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap">
        <SearchBox label="Search service records" placeholder="Name, phone, postcode or kind" />
      </Flex>
      <CountTabs
        label="Service records by status"
        tabs={tabs}
        value={current}
        onValueChange={(value) => setFilters({ tab: value === "all" ? "" : value })}
      />
      <RecordEditor draft={actions.draft} onClose={closeEditor(actions.close)} onSaved={closeEditor(actions.saved)} />
    </>
  );
}
