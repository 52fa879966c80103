import { Button, Heading } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { AdminCustomer } from "../../../schema/api/customers";
import { formatDate } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { CustomerDetails } from "../../components/admin/customers/customer-details";
import { CustomerProperties } from "../../components/admin/customers/customer-properties";
import { CustomerTimeline } from "../../components/admin/customers/customer-timeline";
import { MergeDialog } from "../../components/admin/customers/merge-dialog";
import { PossibleDuplicates } from "../../components/admin/customers/possible-duplicates";
import { BackIcon, PlusIcon } from "../../components/admin/icons";
import { CustomerJobs } from "../../components/admin/jobs/customer-jobs";
import { PageHeader } from "../../components/admin/page-header";
import { PagedList } from "../../components/admin/paged-list";
import { RecordCards } from "../../components/admin/service-records/record-cards";
import { editRecord, newRecord, RecordEditor } from "../../components/admin/service-records/record-editor";
import { emptyRecordForm } from "../../components/admin/service-records/record-form-state";
import { customerName, useAdminCustomer, useCustomerTimeline } from "../../hooks/admin/use-customers";
import { useRecordActions } from "../../hooks/admin/use-record-actions";
import { useAdminServiceRecords } from "../../hooks/admin/use-service-records";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";

/** One screen per customer: going from one customer's page to another's starts afresh, showing none of the first's rows. */
export default function CustomerPage() {
  const id = Number(useParams<{ id: string }>().id);
  return <Customer key={id} id={id} />;
}

function Customer({ id }: { id: number }) {
  const { customer, error, refresh, update } = useAdminCustomer(id);
  const timeline = useCustomerTimeline(id);
  const records = useAdminServiceRecords({ customerId: id });
  const actions = useRecordActions(() => Promise.all([records.refresh(), timeline.refresh()]));
  const [, navigate] = useLocation();
  // The customer to merge into this one: null while the owner looks for them; undefined, no dialog.
  const [merging, setMerging] = useState<AdminCustomer | null | undefined>(undefined);
  // The customer's answer carries no time of change: each save here asks the History again.
  const [saves, setSaves] = useState(0);
  const mergedInto = mergedIntoOf(error);
  useEffect(() => {
    if (mergedInto === undefined) return;
    notify({ title: "Customer merged", description: errorMessage(error, "") });
    navigate(`/customers/${mergedInto}`, { replace: true });
  }, [mergedInto, error, navigate]);

  if (!customer) {
    if (!error || mergedInto !== undefined) return <LoadingState label="Loading customer…" />;
    if (isUnauthorized(error)) return null;
    const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageHeader title="Customer" />
        <ErrorState
          message={missing ? "There is no customer with this number." : errorMessage(error, "Failed to load the customer.")}
          onRetry={refresh}
        />
        <Button asChild variant="soft">
          <Link href="/customers">
            <BackIcon /> All customers
          </Link>
        </Button>
      </>
    );
  }

  const name = customerName(customer);
  // A record past the pages loaded here is found on the records screen by the customer's e-mail.
  const openRecord = (recordId: number) => {
    const record = records.items?.find((r) => r.id === recordId);
    if (record) actions.open(editRecord(record));
    else navigate(`/service-records?q=${encodeURIComponent(customer.email ?? customerName(customer))}`);
  };
  return (
    <>
      <PageHeader
        title={name}
        subtitle={`Customer since ${formatDate(customer.createdAt)}`}
        actions={
          <>
            <Button asChild variant="soft">
              <Link href={`/estimates/new?customerId=${id}`}>
                <PlusIcon /> New quote
              </Link>
            </Button>
            <Button asChild variant="soft">
              <Link href={`/invoices/new?customerId=${id}`}>
                <PlusIcon /> New invoice
              </Link>
            </Button>
            <Button variant="soft" onClick={() => setMerging(null)}>
              Merge with another customer…
            </Button>
            <Button
              onClick={() =>
                actions.open(
                  newRecord({
                    ...emptyRecordForm(),
                    customer: { kind: "picked", customer: { id, name, email: customer.email } },
                  }),
                )
              }
            >
              <PlusIcon /> Add Record
            </Button>
          </>
        }
      />
      <PossibleDuplicates customerId={id} onMerge={setMerging} />
      <div className="admin-customer">
        <CustomerDetails
          customer={customer}
          onSave={async (changes) => {
            await update(changes);
            await Promise.all([refresh(), timeline.refresh(), records.refresh()]);
            setSaves((n) => n + 1);
          }}
        />
        <section className="admin-card admin-panel admin-customer-timeline" aria-labelledby="customer-timeline-heading">
          <Heading as="h2" size="4" id="customer-timeline-heading" mb="3">
            Timeline
          </Heading>
          {timeline.timeline ? (
            <CustomerTimeline customer={customer} entries={timeline.timeline} onOpenRecord={openRecord} />
          ) : timeline.error ? (
            isUnauthorized(timeline.error) ? null : (
              <ErrorState message={errorMessage(timeline.error, "Failed to load the timeline.")} onRetry={timeline.refresh} />
            )
          ) : (
            <LoadingState label="Loading timeline…" />
          )}
        </section>
        <CustomerProperties customerId={id} />
        <CustomerJobs customerId={id} />
        <section className="admin-customer-records" aria-labelledby="customer-records-heading">
          <Heading as="h2" size="4" id="customer-records-heading" mb="3">
            Service records{records.items ? ` (${records.total})` : ""}
          </Heading>
          <PagedList
            list={records}
            empty="No service records for this customer yet."
            loading="Loading service records…"
            failed="Failed to load the service records."
          >
            {(items) => <RecordCards records={items} actions={actions} />}
          </PagedList>
        </section>
      </div>
      <RecordHistory version={saves} kind="customer" id={id} />
      <RecordEditor draft={actions.draft} onClose={actions.close} onSaved={actions.saved} />
      {merging !== undefined ? (
        <MergeDialog customer={customer} other={merging} onClose={() => setMerging(undefined)} onMerged={records.refresh} />
      ) : null}
    </>
  );
}

/** A customer merged into another answers 404 naming the one kept (worker/services/customers/merged-customers.ts). */
function mergedIntoOf(error: unknown): number | undefined {
  if (!(error instanceof HttpError) || error.status !== 404) return undefined;
  const value = error.detail("mergedInto")?.value;
  return typeof value === "number" ? value : undefined;
}
