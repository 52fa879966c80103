import { Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import {
  type AdminUnventedRecord,
  emptyUnventedRecord,
  UNVENTED_CHECKS,
  type UnventedDraft,
  unventedProblems,
} from "../../../../schema/api/unvented-records";
import { RESPONSIBLE_SIGNATURE_MAX_CHARS } from "../../../../schema/api/warning-notices";
import { londonToday } from "../../../../schema/london-time";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { invalidProps } from "../../../lib/use-form";
import { SignatureField } from "../../signature/signature-field";
import { Field } from "../form-field";
import { TextBlock } from "../gas-safety/appliance-check";
import { BackToCustomer } from "../gas-safety/back-to-customer";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "../gas-safety/choice-field";
import { DraftState, MissingSummary } from "../gas-safety/draft-state";
import { IssueButton } from "../gas-safety/issue-button";
import { useIssuableDraft } from "../gas-safety/use-issuable-draft";
import { PageHeader } from "../page-header";
import "../gas-safety/gas-safety.css";

type Form = UnventedDraft & { commissionedOn: string };
type Reading = {
  [K in keyof UnventedDraft]: UnventedDraft[K] extends number | null ? (null extends UnventedDraft[K] ? K : never) : never;
}[keyof UnventedDraft];
type TextKey = "cylinderMake" | "cylinderModel" | "cylinderSerial" | "customerName";

/** The form's own fields of the record, as the server has them. */
const formOf = (record: AdminUnventedRecord): Form => {
  const fields = Object.keys(emptyUnventedRecord()) as (keyof UnventedDraft)[];
  return { ...(Object.fromEntries(fields.map((k) => [k, record[k]])) as UnventedDraft), commissionedOn: record.commissionedOn };
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-panel gsr-section" aria-labelledby={`g3-${id}-heading`}>
      <Heading as="h2" size="4" id={`g3-${id}-heading`} mb="3">
        {title}
      </Heading>
      <Grid gap="4">{children}</Grid>
    </section>
  );
}

/** The cylinder's commissioning record being filled in: saved as it goes, issued once everything is there by a G3-qualified engineer. */
export function DraftUnvented({ record, onIssued }: { record: AdminUnventedRecord; onIssued: () => unknown }) {
  const me = useAdminMe();
  const { form, autosave, summary, issue, ready } = useIssuableDraft<Form, AdminUnventedRecord>({
    path: `/api/admin/unvented-records/${record.id}`,
    storageKey: `unvented-record-${record.id}`,
    saved: () => formOf(record),
    problems: (values) => unventedProblems({ ...values, engineerName: me?.name ?? values.engineerName }, londonToday()),
    issued: (issued) => ({
      title: `Issued ${issued.number}`,
      description: issued.customerEmailed ? "The customer's copy is on its way by e-mail." : "Its PDF is ready.",
    }),
    onIssued,
    focusRefusals: true,
  });
  const { values, errors, set, busy } = form;
  const reading = (key: Reading, label: string, unit: string) => (
    <ReadingField
      id={`g3-${key}`}
      label={label}
      unit={unit}
      value={values[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
    />
  );
  const text = (key: TextKey, label: string) => (
    <Field id={`g3-${key}`} label={label} error={errors[key]}>
      <TextField.Root
        id={`g3-${key}`}
        size="3"
        value={values[key] ?? ""}
        onChange={(e) => set(key, e.target.value || null)}
        {...invalidProps(`g3-${key}`, errors[key])}
      />
    </Field>
  );
  const checked = (key: (typeof UNVENTED_CHECKS)[number][0], label: string) => (
    <ChoiceField
      key={key}
      id={`g3-${key}`}
      label={`${label} checked`}
      value={toYesNo(values[key])}
      options={yesNo}
      onChange={(v) => set(key, fromYesNo(v))}
      error={errors[key]}
    />
  );
  const check = Object.fromEntries(UNVENTED_CHECKS.map(([key, label]) => [key, checked(key, label)]));
  return (
    <div className="gsr">
      <PageHeader
        title="Unvented cylinder record (G3)"
        subtitle={record.property?.address}
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <DraftState state={autosave.state} />
      <MissingSummary errors={errors} paper="record" summary={summary} />
      <Section id="cylinder" title="The cylinder">
        <Field id="g3-commissionedOn" label="Date of commissioning" error={errors.commissionedOn}>
          <TextField.Root
            id="g3-commissionedOn"
            size="3"
            type="date"
            value={values.commissionedOn}
            max={londonToday()}
            onChange={(e) => e.target.value && set("commissionedOn", e.target.value)}
            {...invalidProps("g3-commissionedOn", errors.commissionedOn)}
          />
        </Field>
        {text("cylinderMake", "Make")}
        {text("cylinderModel", "Model")}
        {text("cylinderSerial", "Serial number")}
        {reading("capacityLitres", "Capacity", "litres")}
      </Section>
      <Section id="devices" title="Pressures and safety devices">
        <Grid columns="2" gap="3">
          {reading("expansionVesselBar", "Expansion vessel charge", "bar")}
          {reading("prvSettingBar", "Pressure reducing valve", "bar")}
        </Grid>
        {check.expansionReliefChecked}
        {reading("expansionReliefBar", "Expansion relief valve rating", "bar")}
        {check.tpReliefChecked}
        <Grid columns="2" gap="3">
          {reading("tpReliefBar", "T&P valve rating", "bar")}
          {reading("tpReliefCelsius", "T&P valve rating", "°C")}
        </Grid>
        {check.thermostatChecked}
        {check.cutOutChecked}
      </Section>
      <Section id="discharge" title="Tundish and discharge pipe">
        <Grid columns="3" gap="2">
          {reading("d1SizeMm", "D1 size", "mm")}
          {reading("d2SizeMm", "D2 size", "mm")}
          {reading("d2LengthM", "D2 length", "m")}
        </Grid>
        <TextBlock
          id="g3-dischargeTermination"
          label="Termination"
          value={values.dischargeTermination}
          onChange={(v) => set("dischargeTermination", v)}
          error={errors.dischargeTermination}
        />
        <ChoiceField
          id="g3-dischargeMeetsRule"
          label="Meets the manufacturer's rule for D1, D2 and termination"
          value={toYesNo(values.dischargeMeetsRule)}
          options={yesNo}
          onChange={(v) => set("dischargeMeetsRule", fromYesNo(v))}
          error={errors.dischargeMeetsRule}
        />
        {values.dischargeMeetsRule === false ? (
          <TextBlock
            id="g3-dischargeReason"
            label="Why it is left so"
            value={values.dischargeReason}
            onChange={(v) => set("dischargeReason", v)}
            error={errors.dischargeReason}
            rows={3}
          />
        ) : null}
      </Section>
      <Section id="signatures" title="Signatures">
        <Text as="p" size="2" color="gray">
          Issued under the name of the engineer who issues it{me ? ` (${me.name})` : ""}, who must hold the unvented hot water
          (G3) qualification.
        </Text>
        <SignatureField
          id="g3-signature"
          label="Engineer's signature"
          value={values.signature}
          onChange={(v) => set("signature", v)}
          error={errors.signature}
          disabled={busy}
        />
        {text("customerName", "Customer's name")}
        <SignatureField
          id="g3-customerSignature"
          label="Customer's signature"
          value={values.customerSignature}
          onChange={(v) => set("customerSignature", v)}
          error={errors.customerSignature}
          disabled={busy}
          maxChars={RESPONSIBLE_SIGNATURE_MAX_CHARS}
        />
      </Section>
      <Flex gap="3" justify="end" wrap="wrap" className="gsr-actions">
        <IssueButton
          label="Issue the record"
          busy={busy}
          ready={ready}
          title="Issue the unvented cylinder record?"
          description="It takes the next G3 number and is e-mailed to the customer; an issued record cannot be changed."
          confirmLabel="Issue the record"
          onIssue={issue}
        />
      </Flex>
    </div>
  );
}
