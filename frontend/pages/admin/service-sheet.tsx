import { Badge, Button, Callout, Flex, Grid, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { useMemo, useRef, useState } from "react";
import { Link, useParams } from "wouter";
import { applianceDescription, CHECK_RESULTS, checkResultLabels } from "../../../schema/api/gas-safety";
import {
  type AdminServiceSheet,
  SERVICE_CHECKS,
  type ServiceSheetDraft,
  sheetProblems,
} from "../../../schema/api/service-sheets";
import { londonToday } from "../../../schema/london-time";
import { formatDate, formatDateTime } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { type FieldErrors, fieldErrorsFrom } from "../../components/admin/form-errors";
import { Field, invalidProps } from "../../components/admin/form-field";
import { TextBlock } from "../../components/admin/gas-safety/appliance-check";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "../../components/admin/gas-safety/choice-field";
import { unsavedDraft, useDraftAutosave } from "../../components/admin/gas-safety/use-draft-autosave";
import { BackIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { RevokeLinks } from "../../components/admin/revoke-links";
import { SignatureField } from "../../components/signature/signature-field";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import "../../components/admin/gas-safety/gas-safety.css";

type Form = ServiceSheetDraft & { serviceDate: string };

const formOf = (s: AdminServiceSheet): Form => ({
  serviceDate: s.serviceDate,
  applianceId: s.applianceId,
  checks: s.checks,
  operatingPressureMbar: s.operatingPressureMbar,
  heatInputKw: s.heatInputKw,
  coPpm: s.coPpm,
  co2Percent: s.co2Percent,
  coCo2Ratio: s.coCo2Ratio,
  systemPressureBar: s.systemPressureBar,
  safeToUse: s.safeToUse,
  partsUsed: s.partsUsed,
  advice: s.advice,
  nextServiceDate: s.nextServiceDate,
  engineerName: s.engineerName,
  engineerLicence: s.engineerLicence,
  signature: s.signature,
});

const results = CHECK_RESULTS.map((r) => [r, checkResultLabels[r]] as const);
const saveWords = {
  saved: "All changes saved",
  saving: "Saving…",
  waiting: "Not saved yet: kept on this phone, will retry",
  refused: "Not saved: see the fields marked",
} as const;

/** The annual service's sheet: the form while a draft, the issued sheet with its PDF after. */
export default function ServiceSheetPage() {
  const id = Number(useParams<{ id: string }>().id);
  const { data, error, refresh } = useAdminData<AdminServiceSheet>(`/api/admin/service-sheets/${id}`);
  if (!data) {
    if (!error) return <LoadingState label="Loading the service sheet…" />;
    if (isUnauthorized(error)) return null;
    const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageHeader title="Service sheet" />
        <ErrorState
          message={missing ? "There is no service sheet with this number." : errorMessage(error, "Failed to load the sheet.")}
          onRetry={refresh}
        />
      </>
    );
  }
  const back =
    data.customerId === null ? null : (
      <Button asChild variant="soft" color="gray">
        <Link href={`/customers/${data.customerId}`}>
          <BackIcon /> Back to the customer
        </Link>
      </Button>
    );
  if (data.status === "issued") {
    return (
      <div className="gsr">
        <PageHeader title={`Service sheet ${data.number}`} subtitle={data.property?.address} actions={back} />
        <section className="admin-card admin-panel gsr-section" aria-label="Issued service sheet">
          <Badge size="2" color="green" variant="soft" highContrast mb="3">
            Issued
          </Badge>
          <dl className="admin-fields">
            <div>
              <dt>Serviced on</dt>
              <dd>{formatDate(data.serviceDate)}</dd>
            </div>
            <div>
              <dt>Next service due</dt>
              <dd>{data.nextServiceDate ? formatDate(data.nextServiceDate) : "-"}</dd>
            </div>
            <div>
              <dt>Customer's copy</dt>
              <dd>
                {data.customerSentAt
                  ? `E-mailed ${formatDateTime(data.customerSentAt)}`
                  : data.customerEmailed
                    ? "Being e-mailed"
                    : "Not e-mailed: no e-mail address on file"}
              </dd>
            </div>
          </dl>
          <Flex mt="4" gap="2" align="center" wrap="wrap">
            <Button asChild size="3">
              <a href={data.pdfUrl ?? "#"} target="_blank" rel="noopener">
                Open the PDF
              </a>
            </Button>
            <RevokeLinks<AdminServiceSheet>
              path={`/api/admin/service-sheets/${data.id}/revoke-links`}
              title={`Revoke the links to ${data.number}?`}
              description="The link to the service sheet's PDF in the e-mail already sent stops working at once, and so does any copy of it. The customer's account page shows the new one; send it to anyone else who needs it."
              newLink={(answer) => answer.pdfUrl}
              onRevoked={refresh}
            />
          </Flex>
        </section>
      </div>
    );
  }
  return <DraftSheet key={id} sheet={data} back={back} onIssued={refresh} />;
}

function DraftSheet({ sheet, back, onIssued }: { sheet: AdminServiceSheet; back: React.ReactNode; onIssued: () => unknown }) {
  const storageKey = `service-sheet-${sheet.id}`;
  const saved = useMemo(() => formOf(sheet), [sheet]);
  const [form, setForm] = useState<Form>(() => unsavedDraft<Form>(storageKey) ?? saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [issuing, setIssuing] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const autosave = useDraftAutosave({
    path: `/api/admin/service-sheets/${sheet.id}`,
    storageKey,
    saved,
    form,
    onRefused: setErrors,
  });
  const appliances = sheet.property?.appliances ?? [];
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };
  const reading = (
    key: "operatingPressureMbar" | "heatInputKw" | "coPpm" | "co2Percent" | "coCo2Ratio" | "systemPressureBar",
    label: string,
    unit?: string,
  ) => (
    <ReadingField
      id={`ss-${key}`}
      label={label}
      unit={unit}
      value={form[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
    />
  );

  async function issue() {
    const problems = fieldErrorsFrom(sheetProblems(form, appliances, londonToday()));
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setIssuing(true);
    try {
      await autosave.saveNow();
      const issued = await adminApi<AdminServiceSheet>(`/api/admin/service-sheets/${sheet.id}/issue`, { method: "POST" });
      localStorage.removeItem(storageKey);
      notify({
        title: `Issued ${issued.number}`,
        description: issued.customerEmailed ? "The customer's copy is on its way by e-mail." : "Its PDF is ready.",
        variant: "success",
      });
      await onIssued();
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e))
        notify({ title: "Not issued", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setIssuing(false);
    }
  }
  const errorCount = Object.values(errors).filter(Boolean).length;
  const text = (key: "engineerName" | "engineerLicence") => ({
    id: `ss-${key}`,
    size: "3" as const,
    value: form[key] ?? "",
    onChange: (e: { target: { value: string } }) => set(key, e.target.value === "" ? null : e.target.value),
    ...invalidProps(`ss-${key}`, errors[key]),
  });
  return (
    <div className="gsr">
      <PageHeader title="Service sheet" subtitle={sheet.property?.address} actions={back} />
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
            {errorCount === 1 ? "1 thing needs" : `${errorCount} things need`} filling in before this sheet can be issued: each is
            marked below.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <section className="admin-card admin-panel gsr-section" aria-labelledby="ss-service-heading">
        <Heading as="h2" size="4" id="ss-service-heading" mb="3">
          The service
        </Heading>
        <Grid gap="4">
          <Field id="ss-serviceDate" label="Date of service" error={errors.serviceDate}>
            <TextField.Root
              id="ss-serviceDate"
              size="3"
              type="date"
              value={form.serviceDate}
              max={londonToday()}
              onChange={(e) => e.target.value && set("serviceDate", e.target.value)}
              {...invalidProps("ss-serviceDate", errors.serviceDate)}
            />
          </Field>
          <Field id="ss-applianceId" label="Appliance serviced" error={errors.applianceId}>
            <Select.Root
              value={form.applianceId ? String(form.applianceId) : undefined}
              onValueChange={(v) => set("applianceId", Number(v))}
            >
              <Select.Trigger
                id="ss-applianceId"
                className="admin-select"
                placeholder="Choose the appliance"
                {...invalidProps("ss-applianceId", errors.applianceId)}
              />
              <Select.Content position="popper">
                {appliances.map((a) => (
                  <Select.Item key={a.id} value={String(a.id)}>
                    {applianceDescription(a)}, {a.location}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        </Grid>
      </section>
      <section className="admin-card admin-panel gsr-section" aria-labelledby="ss-checks-heading">
        <Heading as="h2" size="4" id="ss-checks-heading" mb="3">
          Checks done
        </Heading>
        <Grid gap="4">
          {SERVICE_CHECKS.map(([key, label]) => (
            <ChoiceField
              key={key}
              id={`ss-checks-${key}`}
              label={label}
              value={form.checks[key] ?? null}
              options={results}
              onChange={(v) => {
                setForm((f) => ({ ...f, checks: { ...f.checks, [key]: v } }));
                setErrors((e) => ({ ...e, [`checks.${key}`]: undefined }));
              }}
              error={errors[`checks.${key}`]}
            />
          ))}
        </Grid>
      </section>
      <section className="admin-card admin-panel gsr-section" aria-labelledby="ss-readings-heading">
        <Heading as="h2" size="4" id="ss-readings-heading" mb="3">
          Readings
        </Heading>
        <Grid gap="4">
          <Grid columns="2" gap="3">
            {reading("operatingPressureMbar", "Operating pressure", "mbar")}
            {reading("heatInputKw", "Heat input", "kW")}
          </Grid>
          <Grid columns="3" gap="2">
            {reading("coPpm", "CO", "ppm")}
            {reading("co2Percent", "CO2", "%")}
            {reading("coCo2Ratio", "Ratio")}
          </Grid>
          {reading("systemPressureBar", "System pressure", "bar")}
          <ChoiceField
            id="ss-safeToUse"
            label="Safe to use"
            value={toYesNo(form.safeToUse)}
            options={yesNo}
            onChange={(v) => set("safeToUse", fromYesNo(v))}
            error={errors.safeToUse}
          />
        </Grid>
      </section>
      <section className="admin-card admin-panel gsr-section" aria-labelledby="ss-after-heading">
        <Heading as="h2" size="4" id="ss-after-heading" mb="3">
          Parts, advice and next service
        </Heading>
        <Grid gap="4">
          <TextBlock
            id="ss-partsUsed"
            label="Parts used (optional)"
            value={form.partsUsed}
            onChange={(v) => set("partsUsed", v)}
            error={errors.partsUsed}
          />
          <TextBlock
            id="ss-advice"
            label="Advice (optional)"
            value={form.advice}
            onChange={(v) => set("advice", v)}
            error={errors.advice}
            rows={3}
          />
          <Field id="ss-nextServiceDate" label="Next service due" error={errors.nextServiceDate}>
            <TextField.Root
              id="ss-nextServiceDate"
              size="3"
              type="date"
              value={form.nextServiceDate ?? ""}
              onChange={(e) => set("nextServiceDate", e.target.value || null)}
              {...invalidProps("ss-nextServiceDate", errors.nextServiceDate)}
            />
          </Field>
        </Grid>
      </section>
      <section className="admin-card admin-panel gsr-section" aria-labelledby="ss-engineer-heading">
        <Heading as="h2" size="4" id="ss-engineer-heading" mb="3">
          Engineer
        </Heading>
        <Grid gap="4">
          <Field id="ss-engineerName" label="Engineer's name" error={errors.engineerName}>
            <TextField.Root {...text("engineerName")} autoComplete="name" maxLength={120} />
          </Field>
          <Field
            id="ss-engineerLicence"
            label="Gas Safe licence number"
            error={errors.engineerLicence}
            hint="The 7 digits on the engineer's Gas Safe card."
          >
            <TextField.Root {...text("engineerLicence")} inputMode="numeric" autoComplete="off" maxLength={7} />
          </Field>
          <SignatureField
            id="ss-signature"
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
          {issuing ? "Issuing…" : "Issue the service sheet"}
        </Button>
      </Flex>
    </div>
  );
}
