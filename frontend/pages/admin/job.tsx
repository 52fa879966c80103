import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useParams } from "wouter";
import type { AdminJob, JobEvent } from "../../../schema/api/jobs";
import { formatDate } from "../../../schema/london-time-text";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { LoadedDocument } from "../../components/admin/documents/loaded-document";
import { InvoiceFrom } from "../../components/admin/invoices/invoice-from";
import { BuildingRegsPanel } from "../../components/admin/jobs/building-regs-panel";
import { JobStateBadge } from "../../components/admin/jobs/job-state";
import { PageHeader } from "../../components/admin/page-header";
import { newRecord, type RecordDraft, RecordEditor } from "../../components/admin/service-records/record-editor";
import { emptyRecordForm } from "../../components/admin/service-records/record-form-state";

/**
 * /admin/jobs/:id: one job as its thread (docs/decisions/023-the-job.md): whose and where, its
 * state and what is next, then everything that happened on it in order, each opening its screen.
 */
export default function JobPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <LoadedDocument<AdminJob>
      key={id}
      path={`/api/admin/jobs/${Number(id)}`}
      noun="job"
      failed="Failed to load the job."
      title="Job"
    >
      {(job, refresh) => <Job job={job} onChanged={refresh} />}
    </LoadedDocument>
  );
}

function Job({ job, onChanged }: { job: AdminJob; onChanged: () => unknown }) {
  const [draft, setDraft] = useState<RecordDraft | null>(null);
  // Another visit of this job: its customer, at its property (the server holds it to both).
  const addVisit = () =>
    setDraft(
      newRecord(
        {
          ...emptyRecordForm(),
          customer: {
            kind: "picked",
            customer: job.customerId ? { id: job.customerId, name: job.customerName ?? "", email: null } : null,
          },
          propertyId: job.propertyId,
          jobId: job.id,
          serviceType: job.title,
        },
        `Another visit of job ${job.id}`,
      ),
    );
  return (
    <>
      <RecordEditor
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          onChanged();
        }}
      />
      <PageHeader
        title={job.title}
        subtitle={[job.customerName, job.place].filter(Boolean).join(" · ") || undefined}
        actions={
          job.customerId ? (
            <Button asChild variant="soft">
              <Link href={`/customers/${job.customerId}`}>Customer</Link>
            </Button>
          ) : null
        }
      />
      <Card className="admin-panel" mb="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Flex align="center" gap="2">
              <Text weight="medium">Job {job.id}</Text>
              <JobStateBadge state={job.state} />
            </Flex>
            <Text size="2">
              <Text weight="medium">Next: </Text>
              {job.next}
            </Text>
          </Flex>
          <Flex gap="2" wrap="wrap">
            {job.state !== "cancelled" ? (
              <Button variant="soft" onClick={addVisit}>
                Add a visit
              </Button>
            ) : null}
            {job.canInvoice ? <InvoiceFrom source={{ fromJobId: job.id }} label="Invoice the job" /> : null}
          </Flex>
          {job.draftInvoiceId ? (
            <Button asChild variant="soft">
              <Link href={`/invoices/${job.draftInvoiceId}`}>Open the draft invoice</Link>
            </Button>
          ) : null}
        </Flex>
      </Card>
      {job.buildingRegs ? (
        <BuildingRegsPanel
          jobId={job.id}
          regs={job.buildingRegs}
          benchmark={job.benchmarkStart}
          propertyId={job.propertyId}
          onChanged={onChanged}
        />
      ) : null}
      <Heading as="h2" size="4" mb="3">
        What happened
      </Heading>
      <ol className="admin-job-events">
        {job.events.map((event) => (
          <li key={`${event.kind} ${event.at} ${event.title}`}>
            <Event event={event} />
          </li>
        ))}
      </ol>
      <RecordHistory version={job.events.length} kind="job" id={job.id} />
    </>
  );
}

function Event({ event }: { event: JobEvent }) {
  const title = event.href ? <Link href={event.href}>{event.title}</Link> : event.title;
  return (
    <Flex direction="column" gap="1">
      <Text size="2" color="gray">
        {event.at ? formatDate(event.at) : ""}
      </Text>
      <Text weight="medium">{title}</Text>
      {event.detail || event.status ? (
        <Text size="2" color="gray">
          {[event.status, event.detail].filter(Boolean).join(" · ")}
        </Text>
      ) : null}
    </Flex>
  );
}
