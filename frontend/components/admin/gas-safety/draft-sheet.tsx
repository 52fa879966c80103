import { Flex, Grid, Heading, Select, TextField } from "@radix-ui/themes";
import { applianceDescription, CHECK_RESULTS, checkResultLabels } from "../../../../schema/api/gas-safety";
import {
  type AdminServiceSheet,
  SERVICE_CHECKS,
  type ServiceSheetDraft,
  sheetProblems,
} from "../../../../schema/api/service-sheets";
import { londonToday } from "../../../../schema/london-time";
import { invalidProps } from "../../../lib/use-form";
import { SignatureField } from "../../signature/signature-field";
import { Field } from "../form-field";
import { PageHeader } from "../page-header";
import { TextBlock } from "./appliance-check";
import { BackToCustomer } from "./back-to-customer";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "./choice-field";
import { DraftState, MissingSummary } from "./draft-state";
import { EngineerNameAndLicence, useIssuer } from "./engineer-fields";
import { IssueButton } from "./issue-button";
import { useIssuableDraft } from "./use-issuable-draft";
import "./gas-safety.css";

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

/** The annual service's sheet being filled in: saved as it goes, then issued once everything is there. */
export function DraftSheet({ sheet, onIssued }: { sheet: AdminServiceSheet; onIssued: () => unknown }) {
  const appliances = sheet.property?.appliances ?? [];
  const issuer = useIssuer();
  const { form, autosave, summary, issue, ready } = useIssuableDraft<Form, AdminServiceSheet>({
    path: `/api/admin/service-sheets/${sheet.id}`,
    storageKey: `service-sheet-${sheet.id}`,
    saved: () => formOf(sheet),
    problems: (values) => sheetProblems({ ...values, ...issuer }, appliances, londonToday()),
    issued: (issued) => ({
      title: `Issued ${issued.number}`,
      description: issued.customerEmailed ? "The customer's copy is on its way by e-mail." : "Its PDF is ready.",
    }),
    onIssued,
  });
  const { values, errors, set, busy } = form;
  const reading = (
    key: "operatingPressureMbar" | "heatInputKw" | "coPpm" | "co2Percent" | "coCo2Ratio" | "systemPressureBar",
    label: string,
    unit?: string,
  ) => (
    <ReadingField
      id={`ss-${key}`}
      label={label}
      unit={unit}
      value={values[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
    />
  );
  return (
    <div className="gsr">
      <PageHeader
        title="Service sheet"
        subtitle={sheet.property?.address}
        actions={<BackToCustomer customerId={sheet.customerId} />}
      />
      <DraftState state={autosave.state} />
      <MissingSummary errors={errors} paper="sheet" summary={summary} />
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
              value={values.serviceDate}
              max={londonToday()}
              onChange={(e) => e.target.value && set("serviceDate", e.target.value)}
              {...invalidProps("ss-serviceDate", errors.serviceDate)}
            />
          </Field>
          <Field id="ss-applianceId" label="Appliance serviced" error={errors.applianceId}>
            <Select.Root
              value={values.applianceId ? String(values.applianceId) : undefined}
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
              value={values.checks[key] ?? null}
              options={results}
              onChange={(v) => form.update((f) => ({ ...f, checks: { ...f.checks, [key]: v } }), `checks.${key}`)}
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
            value={toYesNo(values.safeToUse)}
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
            value={values.partsUsed}
            onChange={(v) => set("partsUsed", v)}
            error={errors.partsUsed}
          />
          <TextBlock
            id="ss-advice"
            label="Advice (optional)"
            value={values.advice}
            onChange={(v) => set("advice", v)}
            error={errors.advice}
            rows={3}
          />
          <Field id="ss-nextServiceDate" label="Next service due" error={errors.nextServiceDate}>
            <TextField.Root
              id="ss-nextServiceDate"
              size="3"
              type="date"
              value={values.nextServiceDate ?? ""}
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
          <EngineerNameAndLicence
            idPrefix="ss"
            paper="service sheet"
            issuer={issuer}
            values={values}
            errors={errors}
            onChange={(key, value) => set(key, value)}
          />
          <SignatureField
            id="ss-signature"
            label="Engineer's signature"
            value={values.signature}
            onChange={(v) => set("signature", v)}
            error={errors.signature}
            disabled={busy}
          />
        </Grid>
      </section>
      <Flex gap="3" justify="end" wrap="wrap" className="gsr-actions">
        <IssueButton
          label="Issue the service sheet"
          busy={busy}
          ready={ready}
          title="Issue service sheet?"
          description="It takes the next number, sets the visit's next service date and is e-mailed to the customer; an issued service sheet cannot be changed."
          confirmLabel="Issue the service sheet"
          onIssue={issue}
        />
      </Flex>
    </div>
  );
}
