import { Flex, Text } from "@radix-ui/themes";
import { benchmarkProblems } from "../../../../schema/api/benchmark-problems";
import { type AdminBenchmarkRecord, BENCHMARK_FIELDS, type BenchmarkDraft } from "../../../../schema/api/benchmark-records";
import { RESPONSIBLE_SIGNATURE_MAX_CHARS } from "../../../../schema/api/warning-notices";
import { londonToday } from "../../../../schema/london-time";
import { SignatureField } from "../../signature/signature-field";
import { BackToCustomer } from "../gas-safety/back-to-customer";
import { DraftState, MissingSummary } from "../gas-safety/draft-state";
import { EngineerNameAndLicence, useIssuer } from "../gas-safety/engineer-fields";
import { IssueButton } from "../gas-safety/issue-button";
import { useIssuableDraft } from "../gas-safety/use-issuable-draft";
import { PageHeader } from "../page-header";
import { type BenchmarkForm, type FieldKit, fieldBuilders, Section } from "./benchmark-fields";
import { BoilerSection, CombustionSection, ControlsSection, HeatingSection } from "./benchmark-sections";
import "../gas-safety/gas-safety.css";

/** The form's own fields of the checklist, as the server has them. */
const formOf = (record: AdminBenchmarkRecord): BenchmarkForm => ({
  ...(Object.fromEntries(BENCHMARK_FIELDS.map((k) => [k, record[k]])) as BenchmarkDraft),
  commissionedOn: record.commissionedOn,
  applianceId: record.applianceId,
});

/**
 * A new boiler's Benchmark checklist being filled in on the phone: saved as it goes (kept in the
 * browser while offline and sent when it is back), issued once everything is there, readings
 * outside the manufacturer's limits only with the reason.
 */
export function DraftBenchmark({ record, onIssued }: { record: AdminBenchmarkRecord; onIssued: () => unknown }) {
  const issuer = useIssuer();
  const { form, autosave, summary, issue, ready } = useIssuableDraft<BenchmarkForm, AdminBenchmarkRecord>({
    path: `/api/admin/benchmark-records/${record.id}`,
    storageKey: `benchmark-record-${record.id}`,
    saved: () => formOf(record),
    problems: (values) => benchmarkProblems({ ...values, ...issuer }, londonToday()),
    issued: (issued) => ({
      title: `Issued ${issued.number}`,
      description: issued.customerEmailed ? "The customer's copy is on its way by e-mail." : "Its PDF is ready.",
    }),
    onIssued,
    focusRefusals: true,
  });
  const { values, errors, set, busy } = form;
  const kit: FieldKit = { values, errors, set };
  const f = fieldBuilders(kit);
  return (
    <div className="gsr">
      <PageHeader
        title="Benchmark checklist"
        subtitle={record.property?.address}
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <DraftState state={autosave.state} />
      <MissingSummary errors={errors} paper="checklist" summary={summary} />
      <BoilerSection record={record} kit={kit} f={f} />
      <ControlsSection f={f} />
      <HeatingSection kit={kit} f={f} />
      <CombustionSection kit={kit} f={f} />
      <Section id="handover" title="Hand-over and signatures">
        {f.yesNo("instructionsHanded", "Instructions handed to the customer")}
        {f.yesNo("controlsShown", "Controls shown to the customer")}
        <EngineerNameAndLicence
          idPrefix="bm"
          paper="checklist"
          issuer={issuer}
          values={values}
          errors={errors}
          onChange={(key, value) => set(key, value)}
        />
        <SignatureField
          id="bm-signature"
          label="Engineer's signature"
          value={values.signature}
          onChange={(v) => set("signature", v)}
          error={errors.signature}
          disabled={busy}
        />
        {f.text("customerName", "Customer's name")}
        <SignatureField
          id="bm-customerSignature"
          label="Customer's signature"
          value={values.customerSignature}
          onChange={(v) => set("customerSignature", v)}
          error={errors.customerSignature}
          disabled={busy}
          maxChars={RESPONSIBLE_SIGNATURE_MAX_CHARS}
        />
        <Text as="p" size="2" color="gray">
          Issued by a Gas Safe registered engineer under their licence number; the customer's copy is e-mailed.
        </Text>
      </Section>
      <Flex gap="3" justify="end" wrap="wrap" className="gsr-actions">
        <IssueButton
          label="Issue the checklist"
          busy={busy}
          ready={ready}
          title="Issue the Benchmark checklist?"
          description="It takes the next BM number and is e-mailed to the customer; an issued checklist cannot be changed."
          confirmLabel="Issue the checklist"
          onIssue={issue}
        />
      </Flex>
    </div>
  );
}
