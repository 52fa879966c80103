import { Badge, Box, Button, Callout, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import {
  type AdminGasSafetyRecord,
  type ApplianceCheck,
  type GasSafetyDraft,
  issueProblems,
  TENANT_COPY_DAYS,
} from "../../../schema/api/gas-safety";
import { londonToday } from "../../../schema/london-time";
import { formatDate, formatDateTime } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { errorsUnder, type FieldErrors, fieldErrorsFrom } from "../../components/admin/form-errors";
import { Field, invalidProps } from "../../components/admin/form-field";
import { ApplianceCheckCard, TextBlock } from "../../components/admin/gas-safety/appliance-check";
import { ChoiceField, fromYesNo, toYesNo, yesNo } from "../../components/admin/gas-safety/choice-field";
import { unsavedDraft, useDraftAutosave } from "../../components/admin/gas-safety/use-draft-autosave";
import { BackIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { SignatureField } from "../../components/signature/signature-field";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import "../../components/admin/gas-safety/gas-safety.css";

type Form = GasSafetyDraft & { checkDate: string };

const formOf = (r: AdminGasSafetyRecord): Form => ({
  checkDate: r.checkDate,
  landlordName: r.landlordName,
  landlordAddress: r.landlordAddress,
  appliances: r.appliances,
  tightnessTest: r.tightnessTest,
  emergencyControlAccessible: r.emergencyControlAccessible,
  notes: r.notes,
  engineerName: r.engineerName,
  engineerLicence: r.engineerLicence,
  signature: r.signature,
});

/** One screen per record: opening another starts afresh. */
export default function GasSafetyRecordPage() {
  const id = Number(useParams<{ id: string }>().id);
  const { data, error, refresh } = useAdminData<AdminGasSafetyRecord>(`/api/admin/gas-safety-records/${id}`);
  if (!data) {
    if (!error) return <LoadingState label="Loading the gas safety record…" />;
    if (isUnauthorized(error)) return null;
    const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageHeader title="Gas safety record" />
        <ErrorState
          message={
            missing ? "There is no gas safety record with this number." : errorMessage(error, "Failed to load the record.")
          }
          onRetry={refresh}
        />
      </>
    );
  }
  return data.status === "issued" ? (
    <IssuedRecord key={`${id}-issued`} record={data} onChanged={refresh} />
  ) : (
    <DraftRecord key={id} record={data} onIssued={refresh} />
  );
}

function BackToCustomer({ record }: { record: AdminGasSafetyRecord }) {
  return record.customerId === null ? null : (
    <Button asChild variant="soft" color="gray">
      <Link href={`/customers/${record.customerId}`}>
        <BackIcon /> Back to the customer
      </Link>
    </Button>
  );
}

const saveWords = {
  saved: "All changes saved",
  saving: "Saving…",
  waiting: "Not saved yet: kept on this phone, will retry",
  refused: "Not saved: see the fields marked",
} as const;

function DraftRecord({ record, onIssued }: { record: AdminGasSafetyRecord; onIssued: () => unknown }) {
  const storageKey = `gas-safety-record-${record.id}`;
  const saved = useMemo(() => formOf(record), [record]);
  const [form, setForm] = useState<Form>(() => unsavedDraft<Form>(storageKey) ?? saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [issuing, setIssuing] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const autosave = useDraftAutosave({
    path: `/api/admin/gas-safety-records/${record.id}`,
    storageKey,
    saved,
    form,
    onRefused: setErrors,
  });
  const appliances = record.property?.appliances ?? [];

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };
  const checks = new Map(form.appliances.map((c) => [c.applianceId, c]));
  const setCheck = (applianceId: number, check: ApplianceCheck | null) => {
    const next = new Map(checks);
    if (check) next.set(applianceId, check);
    else next.delete(applianceId);
    // In the property's order, so a field's place in the list is the same on every save.
    set(
      "appliances",
      appliances.flatMap((a) => (next.has(a.id) ? [next.get(a.id)!] : [])),
    );
    const index = form.appliances.findIndex((c) => c.applianceId === applianceId);
    if (index >= 0) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("appliances."))));
  };

  async function issue() {
    const problems = fieldErrorsFrom(issueProblems(form, appliances, londonToday()));
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setIssuing(true);
    try {
      await autosave.saveNow();
      const issued = await adminApi<AdminGasSafetyRecord>(`/api/admin/gas-safety-records/${record.id}/issue`, { method: "POST" });
      localStorage.removeItem(storageKey);
      notify({
        title: `Issued ${issued.number}`,
        description: issued.copies.landlordEmailed ? "The copies are on their way by e-mail." : "Its PDF is ready.",
        variant: "success",
      });
      await onIssued();
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) {
        setErrors(fieldErrorsFrom(e.body.details));
        requestAnimationFrame(() => summary.current?.focus());
      }
      if (!isUnauthorized(e))
        notify({ title: "Not issued", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setIssuing(false);
    }
  }

  const errorCount = Object.values(errors).filter(Boolean).length;
  const text = (key: "landlordName" | "engineerName" | "engineerLicence") => ({
    id: `gsr-${key}`,
    size: "3" as const,
    value: form[key] ?? "",
    onChange: (e: { target: { value: string } }) => set(key, e.target.value === "" ? null : e.target.value),
    ...invalidProps(`gsr-${key}`, errors[key]),
  });
  return (
    <div className="gsr">
      <PageHeader
        title={record.replacesNumber ? `Gas safety record (replaces ${record.replacesNumber})` : "Gas safety record"}
        subtitle={
          record.property
            ? `${record.property.address}${record.property.postcode && !record.property.address.includes(record.property.postcode) ? `, ${record.property.postcode}` : ""}`
            : undefined
        }
        actions={<BackToCustomer record={record} />}
      />
      <Flex align="center" gap="2" mb="4" wrap="wrap">
        <Badge size="2" color="amber" variant="soft" highContrast>
          Draft
        </Badge>
        <Text
          size="2"
          color={autosave.state === "saved" ? "gray" : autosave.state === "refused" ? "red" : "amber"}
          role="status"
          aria-live="polite"
        >
          {saveWords[autosave.state]}
        </Text>
      </Flex>
      {errorCount > 0 ? (
        <Callout.Root color="red" mb="4" ref={summary} tabIndex={-1} role="alert">
          <Callout.Text>
            {errorCount === 1 ? "1 thing needs" : `${errorCount} things need`} filling in before this record can be issued: each
            is marked below.
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <section className="admin-card admin-panel gsr-section" aria-labelledby="gsr-check-heading">
        <Heading as="h2" size="4" id="gsr-check-heading" mb="3">
          The check
        </Heading>
        <Grid gap="4">
          <Field id="gsr-checkDate" label="Date of check" error={errors.checkDate}>
            <TextField.Root
              id="gsr-checkDate"
              size="3"
              type="date"
              value={form.checkDate}
              max={londonToday()}
              onChange={(e) => e.target.value && set("checkDate", e.target.value)}
              {...invalidProps("gsr-checkDate", errors.checkDate)}
            />
          </Field>
          <Field id="gsr-landlordName" label="Landlord or agent" error={errors.landlordName}>
            <TextField.Root {...text("landlordName")} autoComplete="off" maxLength={200} />
          </Field>
          <TextBlock
            id="gsr-landlordAddress"
            label="Landlord's or agent's address"
            value={form.landlordAddress}
            onChange={(v) => set("landlordAddress", v)}
            error={errors.landlordAddress}
          />
          {record.property?.tenantName || record.property?.tenantEmail ? (
            <Text as="p" size="2" color="gray">
              Tenant: {record.property.tenantName ?? record.property.tenantEmail}
              {record.property.tenantGetsCopies
                ? " (gets a copy by e-mail when issued)"
                : ` (give them a copy within ${TENANT_COPY_DAYS} days)`}
            </Text>
          ) : null}
        </Grid>
      </section>

      <section className="gsr-section" aria-labelledby="gsr-appliances-heading">
        <Heading as="h2" size="4" id="gsr-appliances-heading" mb="2">
          Appliances ({form.appliances.length} of {appliances.length} checked)
        </Heading>
        {errors.appliances ? (
          <Text as="p" size="2" color="red" mb="2" id="gsr-appliances-error">
            {errors.appliances}
          </Text>
        ) : null}
        {appliances.length === 0 ? (
          <Text as="p" size="2" color="gray">
            This property has no appliances recorded yet: add them on the customer's page.
          </Text>
        ) : (
          <Grid gap="3">
            {appliances.map((a) => {
              const index = form.appliances.findIndex((c) => c.applianceId === a.id);
              return (
                <ApplianceCheckCard
                  key={a.id}
                  appliance={a}
                  check={checks.get(a.id) ?? null}
                  errors={index >= 0 ? errorsUnder(errors, `appliances.${index}`) : {}}
                  onChange={(c) => setCheck(a.id, c)}
                  disabled={issuing}
                />
              );
            })}
          </Grid>
        )}
      </section>

      <section className="admin-card admin-panel gsr-section" aria-labelledby="gsr-installation-heading">
        <Heading as="h2" size="4" id="gsr-installation-heading" mb="3">
          Installation
        </Heading>
        <Grid gap="4">
          <ChoiceField
            id="gsr-tightnessTest"
            label="Gas tightness test"
            value={form.tightnessTest}
            options={[
              ["pass", "Pass"],
              ["fail", "Fail"],
            ]}
            onChange={(v) => set("tightnessTest", v)}
            error={errors.tightnessTest}
          />
          <ChoiceField
            id="gsr-emergencyControlAccessible"
            label="Emergency control accessible"
            value={toYesNo(form.emergencyControlAccessible)}
            options={yesNo}
            onChange={(v) => set("emergencyControlAccessible", fromYesNo(v))}
            error={errors.emergencyControlAccessible}
          />
          <TextBlock
            id="gsr-notes"
            label="Notes and advice (optional)"
            value={form.notes}
            onChange={(v) => set("notes", v)}
            error={errors.notes}
            rows={3}
          />
        </Grid>
      </section>

      <section className="admin-card admin-panel gsr-section" aria-labelledby="gsr-engineer-heading">
        <Heading as="h2" size="4" id="gsr-engineer-heading" mb="3">
          Engineer
        </Heading>
        <Grid gap="4">
          <Field id="gsr-engineerName" label="Engineer's name" error={errors.engineerName}>
            <TextField.Root {...text("engineerName")} autoComplete="name" maxLength={120} />
          </Field>
          <Field
            id="gsr-engineerLicence"
            label="Gas Safe licence number"
            error={errors.engineerLicence}
            hint="The 7 digits on the engineer's Gas Safe card."
          >
            <TextField.Root {...text("engineerLicence")} inputMode="numeric" autoComplete="off" maxLength={7} />
          </Field>
          <SignatureField
            id="gsr-signature"
            label="Engineer's signature"
            value={form.signature}
            onChange={(v) => set("signature", v)}
            error={errors.signature}
            disabled={issuing}
          />
        </Grid>
      </section>

      <Flex gap="3" justify="end" wrap="wrap" className="gsr-actions">
        <Button size="4" onClick={issue} disabled={issuing}>
          {issuing ? "Issuing…" : "Issue the record"}
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray" align="right" mt="2">
        Issuing numbers the record, makes its PDF and e-mails it; it cannot be changed afterwards.
      </Text>
    </div>
  );
}

function IssuedRecord({ record, onChanged }: { record: AdminGasSafetyRecord; onChanged: () => unknown }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    try {
      await work();
      await onChanged();
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: failed, description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const correct = () =>
    act(async () => {
      const draft = await adminApi<AdminGasSafetyRecord>("/api/admin/gas-safety-records", {
        json: { propertyId: record.propertyId, replacesId: record.id },
      });
      navigate(`/gas-safety-records/${draft.id}`);
    }, "Could not start the correction");
  const { copies } = record;
  return (
    <div className="gsr">
      <PageHeader
        title={`Gas safety record ${record.number}`}
        subtitle={record.property?.address}
        actions={<BackToCustomer record={record} />}
      />
      <section className="admin-card admin-panel gsr-section" aria-label="Issued record">
        <Flex align="center" gap="2" mb="3" wrap="wrap">
          <Badge size="2" color="green" variant="soft" highContrast>
            Issued
          </Badge>
          {record.replacesNumber ? <Text size="2">Replaces {record.replacesNumber}</Text> : null}
        </Flex>
        <dl className="admin-fields">
          <div>
            <dt>Checked on</dt>
            <dd>{formatDate(record.checkDate)}</dd>
          </div>
          <div>
            <dt>Next check due by</dt>
            <dd>{record.nextDueDate ? formatDate(record.nextDueDate) : "-"}</dd>
          </div>
          <div>
            <dt>Issued</dt>
            <dd>{record.issuedAt ? formatDateTime(record.issuedAt) : "-"}</dd>
          </div>
          <div>
            <dt>Landlord's copy</dt>
            <dd>
              {copies.landlordSentAt
                ? `E-mailed ${formatDateTime(copies.landlordSentAt)}`
                : copies.landlordEmailed
                  ? "Being e-mailed"
                  : "Not e-mailed: no e-mail address on file"}
            </dd>
          </div>
          <div>
            <dt>Tenant's copy</dt>
            <dd>
              {copies.tenantSentAt
                ? `E-mailed ${formatDateTime(copies.tenantSentAt)}`
                : copies.tenantEmailed
                  ? "Being e-mailed"
                  : copies.tenantCopyGivenAt
                    ? `Given ${formatDate(copies.tenantCopyGivenAt)}`
                    : copies.tenantCopyDueBy
                      ? `Due by ${formatDate(copies.tenantCopyDueBy)}`
                      : "No tenant"}
            </dd>
          </div>
        </dl>
        <Flex gap="2" mt="4" wrap="wrap">
          <Button asChild size="3">
            <a href={record.pdfUrl ?? "#"} target="_blank" rel="noopener">
              Open the PDF
            </a>
          </Button>
          {record.warningNotices.map((n) => (
            <Button asChild size="3" color="red" variant="soft" key={n.id}>
              <a href={n.pdfUrl ?? "#"} target="_blank" rel="noopener">
                Warning notice {n.number}
              </a>
            </Button>
          ))}
        </Flex>
        <Flex gap="2" mt="3" wrap="wrap">
          {copies.tenantCopyDueBy ? (
            <Button
              variant="soft"
              disabled={busy}
              onClick={() =>
                act(() => adminChange("POST", `/api/admin/gas-safety-records/${record.id}/tenant-copy-given`), "Not saved")
              }
            >
              The tenant has their copy
            </Button>
          ) : null}
          <Button variant="soft" color="gray" disabled={busy} onClick={correct}>
            Correct it with a new record
          </Button>
          <Button
            variant="soft"
            color="gray"
            disabled={busy}
            onClick={() =>
              act(() => adminChange("POST", `/api/admin/gas-safety-records/${record.id}/revoke-links`), "Links not revoked")
            }
          >
            Revoke the links sent
          </Button>
        </Flex>
      </section>
      <Box mt="2">
        <Text as="p" size="1" color="gray">
          An issued record never changes. A correction is a new record that says which one it replaces.
        </Text>
      </Box>
    </div>
  );
}
