import { Badge, Button, Card, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { type BuildingRegsRecord, buildingRegsRecordSchema } from "../../../../schema/api/building-regs";
import { installationLabels, type JobBuildingRegs, notifiedByLabels } from "../../../../schema/api/installations";
import type { AdminJob } from "../../../../schema/api/jobs";
import { londonToday } from "../../../../schema/london-time";
import { formatDate } from "../../../../schema/london-time-text";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure, toastInvalid } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
import { Field } from "../form-field";
import { StartDocument } from "../gas-safety/gas-safety-links";
import { daysLeftText } from "./building-regs-words";

/**
 * The job's Building Regulations notification (issue 47): what it fitted, by when it must be
 * notified through Gas Safe Register (30 days from completion: amber from day 21, red past the
 * deadline), and the owner's record of it: the day and reference, later the certificate's number,
 * or that another party notified it; and, for a boiler, its Benchmark checklist while it is owed.
 */
export function BuildingRegsPanel({
  jobId,
  regs,
  benchmark,
  propertyId,
  onChanged,
}: {
  jobId: number;
  regs: JobBuildingRegs;
  benchmark: AdminJob["benchmarkStart"];
  propertyId: number | null;
  onChanged: () => unknown;
}) {
  const [editing, setEditing] = useState(false);
  const fitted = regs.installations.map((k) => installationLabels[k]).join(", ");
  return (
    <Card className="admin-panel" mb="4" asChild>
      <section aria-labelledby="building-regs-heading" data-tone={regs.tone ?? regs.state}>
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="4" id="building-regs-heading">
            Building Regulations notification
          </Heading>
          <StateBadge regs={regs} />
        </Flex>
        <Text as="p" size="2" mt="1" color="gray">
          Fitted: {fitted}
        </Text>
        <Status regs={regs} />
        {regs.benchmarkOwed ? (
          <>
            <Text as="p" size="2" mt="2" weight="medium">
              The boiler's Benchmark commissioning checklist is not issued yet. The job is done, and can be invoiced, once it is.
            </Text>
            {benchmark?.draftId ? (
              <Button mt="2" variant="soft" asChild>
                <Link href={`/benchmark-records/${benchmark.draftId}`}>Continue the Benchmark checklist</Link>
              </Button>
            ) : benchmark && propertyId ? (
              <Flex mt="2">
                <StartDocument kind="benchmark" propertyId={propertyId} visitId={benchmark.visitId} />
              </Flex>
            ) : null}
          </>
        ) : null}
        {editing ? (
          <RecordForm
            jobId={jobId}
            regs={regs}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              onChanged();
            }}
          />
        ) : (
          <Button mt="3" variant={regs.record ? "soft" : "solid"} onClick={() => setEditing(true)}>
            {regs.record ? "Change the record" : "Record the notification"}
          </Button>
        )}
      </section>
    </Card>
  );
}

function StateBadge({ regs }: { regs: JobBuildingRegs }) {
  if (regs.state === "notified") return <Badge color="green">Notified</Badge>;
  if (regs.state === "not due") return <Badge color="gray">Not due yet</Badge>;
  const color = regs.tone === "red" ? "red" : regs.tone === "amber" ? "amber" : "gray";
  return (
    <Badge color={color} variant={regs.tone === "neutral" ? "soft" : "solid"}>
      {regs.tone === "red" ? "Overdue" : "To notify"}
    </Badge>
  );
}

function Status({ regs }: { regs: JobBuildingRegs }) {
  const { record } = regs;
  if (record)
    return (
      <Text as="p" size="2" mt="2">
        {notifiedByLabels[record.notifiedBy]}
        {record.notifiedOn ? ` on ${formatDate(record.notifiedOn)}` : ""}
        {record.reference ? `, reference ${record.reference}` : ""}.{" "}
        {record.certificateNumber ? `Certificate ${record.certificateNumber}.` : "Certificate number still to come."}
      </Text>
    );
  if (regs.state === "not due")
    return (
      <Text as="p" size="2" mt="2">
        Due within 30 days of completion, once every visit is done.
      </Text>
    );
  return (
    <Text as="p" size="2" mt="2" color={regs.tone === "red" ? "red" : regs.tone === "amber" ? "amber" : undefined}>
      Completed {formatDate(regs.completedOn!)}: notify by {formatDate(regs.deadline!)} ({daysLeftText(regs.daysLeft!)}).
    </Text>
  );
}

type Values = { notifiedBy: BuildingRegsRecord["notifiedBy"]; notifiedOn: string; reference: string; certificateNumber: string };

function RecordForm({
  jobId,
  regs,
  onCancel,
  onSaved,
}: {
  jobId: number;
  regs: JobBuildingRegs;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const form = useForm<Values>({
    initial: {
      notifiedBy: regs.record?.notifiedBy ?? "us",
      notifiedOn: regs.record?.notifiedOn ?? londonToday(),
      reference: regs.record?.reference ?? "",
      certificateNumber: regs.record?.certificateNumber ?? "",
    },
    schema: buildingRegsRecordSchema,
    idPrefix: "building-regs",
    input: (v) => ({ ...v, notifiedOn: v.notifiedOn || null }),
  });
  const { values, errors } = form;
  const byUs = values.notifiedBy === "us";

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async (data) => {
        await adminApi(`/api/admin/jobs/${jobId}/building-regs`, { method: "PUT", json: data });
        notify({ title: "Notification recorded" });
        onSaved();
      },
      { onInvalid: toastInvalid, onError: toastFailure("Not saved", "Please try again.") },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="3" mt="3">
        <Field id={form.id("notifiedBy")} label="Who notified it" error={errors.notifiedBy}>
          <Select.Root value={values.notifiedBy} onValueChange={(v) => form.set("notifiedBy", v as Values["notifiedBy"])}>
            <Select.Trigger id={form.id("notifiedBy")} className="admin-select" />
            <Select.Content position="popper">
              <Select.Item value="us">We did, through Gas Safe Register</Select.Item>
              <Select.Item value="other">Another party</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id={form.id("notifiedOn")} label={byUs ? "Notified on" : "Notified on (if known)"} error={errors.notifiedOn}>
          <TextField.Root {...form.text("notifiedOn")} type="date" size="3" />
        </Field>
        <Field
          id={form.id("reference")}
          label={byUs ? "Gas Safe notification reference" : "Notification reference (if known)"}
          error={errors.reference}
        >
          <TextField.Root {...form.text("reference")} autoComplete="off" size="3" maxLength={40} />
        </Field>
        <Field
          id={form.id("certificateNumber")}
          label="Building Regulations certificate number"
          hint="When the certificate arrives; add it later if not yet."
          error={errors.certificateNumber}
        >
          <TextField.Root {...form.text("certificateNumber")} autoComplete="off" size="3" maxLength={40} />
        </Field>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? "Saving…" : "Save the notification"}
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
