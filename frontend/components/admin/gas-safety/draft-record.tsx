import { Checkbox, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { roomsWithAppliances } from "../../../../schema/api/co-alarms";
import {
  type AdminGasSafetyRecord,
  type ApplianceCheck,
  COMPLIANCE_STATEMENT,
  type GasSafetyDraft,
  issueProblems,
  needsWarningNotice,
  TENANT_COPY_DAYS,
} from "../../../../schema/api/gas-safety";
import { londonToday } from "../../../../schema/london-time";
import { errorsUnder, invalidProps } from "../../../lib/use-form";
import { SignatureField } from "../../signature/signature-field";
import { Field, FieldError } from "../form-field";
import { PageHeader } from "../page-header";
import { ApplianceCheckCard, TextBlock } from "./appliance-check";
import { BackToCustomer } from "./back-to-customer";
import { ChoiceField, fromYesNo, toYesNo, yesNo } from "./choice-field";
import { CoAlarmChecks } from "./co-alarm-checks";
import { DraftState, MissingSummary } from "./draft-state";
import { EngineerNameAndLicence, useIssuer } from "./engineer-fields";
import { IssueButton } from "./issue-button";
import { useIssuableDraft } from "./use-issuable-draft";
import "./gas-safety.css";

type Form = GasSafetyDraft & { checkDate: string };

const formOf = (r: AdminGasSafetyRecord): Form => ({
  checkDate: r.checkDate,
  landlordName: r.landlordName,
  landlordAddress: r.landlordAddress,
  appliances: r.appliances,
  tightnessTest: r.tightnessTest,
  emergencyControlAccessible: r.emergencyControlAccessible,
  notes: r.notes,
  coAlarms: r.coAlarms,
  complianceConfirmed: r.complianceConfirmed,
  engineerName: r.engineerName,
  engineerLicence: r.engineerLicence,
  signature: r.signature,
});

/** What the confirmation says issuing does, and that it cannot be undone. */
function whatIssuingDoes(record: AdminGasSafetyRecord, values: Form): string {
  const tenant = record.property?.tenantGetsCopies && record.property.tenantEmail ? " and the tenant" : "";
  const notices = values.appliances.some((a) => needsWarningNotice(a.classification)) ? ", with its warning notices," : "";
  return `It takes the next number and is e-mailed${notices} to the landlord${tenant}; an issued record cannot be changed, only replaced by a correction.`;
}

/** A gas safety record being filled in: saved as it goes, then issued once everything is there. */
export function DraftRecord({ record, onIssued }: { record: AdminGasSafetyRecord; onIssued: () => unknown }) {
  const appliances = record.property?.appliances ?? [];
  const issuer = useIssuer();
  const { form, autosave, summary, issue, ready } = useIssuableDraft<Form, AdminGasSafetyRecord>({
    path: `/api/admin/gas-safety-records/${record.id}`,
    storageKey: `gas-safety-record-${record.id}`,
    saved: () => formOf(record),
    problems: (values) => issueProblems({ ...values, ...issuer }, appliances, londonToday()),
    issued: (issued) => ({
      title: `Issued ${issued.number}`,
      description: issued.copies.landlordEmailed ? "The copies are on their way by e-mail." : "Its PDF is ready.",
    }),
    onIssued,
    focusRefusals: true,
  });
  const { values, errors, set, busy } = form;
  const checks = new Map(values.appliances.map((c) => [c.applianceId, c]));
  const setCheck = (applianceId: number, check: ApplianceCheck | null) => {
    const next = new Map(checks);
    if (check) next.set(applianceId, check);
    else next.delete(applianceId);
    // In the property's order, so a field's place in the list is the same on every save.
    set(
      "appliances",
      appliances.flatMap((a) => (next.has(a.id) ? [next.get(a.id)!] : [])),
    );
    // A check added or taken away moves the ones after it (and the rooms): their problems no longer point at them.
    if (values.appliances.some((c) => c.applianceId === applianceId)) form.clearErrors("appliances");
    if (!check || !checks.has(applianceId)) form.clearErrors("coAlarms");
  };
  const rooms = roomsWithAppliances(values.appliances, appliances);
  const text = (key: "landlordName") => ({
    id: `gsr-${key}`,
    size: "3" as const,
    value: values[key] ?? "",
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
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <DraftState state={autosave.state} />
      <MissingSummary errors={errors} paper="record" summary={summary} />

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
              value={values.checkDate}
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
            value={values.landlordAddress}
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
          Appliances ({values.appliances.length} of {appliances.length} checked)
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
              const index = values.appliances.findIndex((c) => c.applianceId === a.id);
              return (
                <ApplianceCheckCard
                  key={a.id}
                  appliance={a}
                  check={checks.get(a.id) ?? null}
                  errors={index >= 0 ? errorsUnder(errors, `appliances.${index}`) : {}}
                  onChange={(c) => setCheck(a.id, c)}
                  disabled={busy}
                />
              );
            })}
          </Grid>
        )}
      </section>

      <CoAlarmChecks
        rooms={rooms}
        answers={values.coAlarms}
        errors={errors}
        disabled={busy}
        onChange={(answers, room) => {
          set("coAlarms", answers);
          form.clearErrors(`coAlarms.${room}`);
        }}
      />

      <section className="admin-card admin-panel gsr-section" aria-labelledby="gsr-installation-heading">
        <Heading as="h2" size="4" id="gsr-installation-heading" mb="3">
          Installation
        </Heading>
        <Grid gap="4">
          <ChoiceField
            id="gsr-tightnessTest"
            label="Gas tightness test"
            value={values.tightnessTest}
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
            value={toYesNo(values.emergencyControlAccessible)}
            options={yesNo}
            onChange={(v) => set("emergencyControlAccessible", fromYesNo(v))}
            error={errors.emergencyControlAccessible}
          />
          <TextBlock
            id="gsr-notes"
            label="Notes and advice (optional)"
            value={values.notes}
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
          <div className="gsr-statement">
            <Text as="label" size="3" className="gsr-check-row">
              <Checkbox
                id="gsr-complianceConfirmed"
                size="3"
                checked={values.complianceConfirmed === true}
                disabled={busy}
                onCheckedChange={(on) => set("complianceConfirmed", on === true)}
                {...invalidProps("gsr-complianceConfirmed", errors.complianceConfirmed)}
              />
              This check complied with regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998
            </Text>
            <Text as="p" size="1" color="gray" mt="1">
              The record will state: {COMPLIANCE_STATEMENT}
            </Text>
            <FieldError id="gsr-complianceConfirmed" error={errors.complianceConfirmed} />
          </div>
          <EngineerNameAndLicence
            idPrefix="gsr"
            paper="record"
            issuer={issuer}
            values={values}
            errors={errors}
            onChange={(key, value) => set(key, value)}
          />
          <SignatureField
            id="gsr-signature"
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
          label="Issue the record"
          busy={busy}
          ready={ready}
          title="Issue gas safety record?"
          description={whatIssuingDoes(record, values)}
          confirmLabel="Issue the record"
          onIssue={issue}
        />
      </Flex>
      <Text as="p" size="1" color="gray" align="right" mt="2">
        Issuing numbers the record, makes its PDF and e-mails it; it cannot be changed afterwards.
      </Text>
    </div>
  );
}
