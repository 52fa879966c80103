import { Button, Card, Flex, Grid, Text, TextArea, TextField } from "@radix-ui/themes";
import { useCallback, useMemo } from "react";
import { Link } from "wouter";
import type { BillingSettings } from "../../../../schema/api/billing";
import {
  type AdminEstimate,
  estimateCreateSchema,
  estimatePatchSchema,
  MAX_OPTIONS,
  optionTotals,
} from "../../../../schema/api/estimates";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { invalidProps, useForm } from "../../../lib/use-form";
import { DocumentHistory } from "../documents/document-history";
import { blankLine } from "../documents/line-form";
import { useDraftDocument } from "../documents/use-draft-document";
import { Field, FieldError } from "../form-field";
import { BackIcon, PlusIcon } from "../icons";
import { InvoiceFrom } from "../invoices/invoice-from";
import { PageHeader } from "../page-header";
import { PropertyField } from "../service-records/property-field";
import { AcceptedQuote } from "./deposit-money";
import { type EstimateForm, estimateInput, type OptionForm, pricedDeposit, pricedOptions } from "./estimate-form-state";
import { estimateStatusLabels } from "./estimate-labels";
import { EstimateStatus } from "./estimate-status";
import { EstimateTerms } from "./estimate-terms";
import { JobBooking } from "./job-booking";
import { OptionEditor } from "./option-editor";
import "./estimates.css";

/** The quote builder: a new quote, or a saved one (sent, accepted or not), with its options, terms and history. */
export function EstimateBuilder({
  estimate,
  customer,
  quoteRequestId,
  initial,
  onSaved,
}: {
  estimate?: AdminEstimate;
  customer: { id: number; name: string; email: string | null };
  quoteRequestId: number | null;
  initial: EstimateForm;
  onSaved?: () => unknown;
}) {
  const billing = useAdminData<BillingSettings>("/api/admin/settings/billing");
  const vatRegistered = estimate?.vatRegistered ?? billing.data?.vatRegistered ?? false;
  const fixed = estimate?.status === "accepted" || estimate?.status === "cancelled";
  const form = useForm<EstimateForm>({
    initial,
    // The whole quote each time: a sent quote's change becomes its next version on the server.
    schema: estimate ? estimatePatchSchema : estimateCreateSchema,
    input: (values) =>
      estimate ? estimateInput(values, false) : { ...estimateInput(values, true), customerId: customer.id, quoteRequestId },
  });
  const draft = useDraftDocument(form, {
    path: "/api/admin/estimates",
    screen: "/estimates",
    id: estimate?.id,
    onInvalid: (_errors, issues) => notify({ title: "Not saved", description: issues[0]?.message, variant: "destructive" }),
    failed: toastFailure("Not saved", "Please try again."),
    onSaved,
  });
  const { values, errors, set, busy } = form;
  const priced = useMemo(() => pricedOptions(values), [values]);
  // Stable, so the property field's default (the customer's only property) is set once.
  const setProperty = useCallback((propertyId: number) => set("propertyId", propertyId), [set]);
  const setOptions = (options: OptionForm[]) => set("options", options);

  async function saveOnly() {
    const id = await draft.save();
    if (id === null) return;
    notify({ title: "Quote saved", variant: "success" });
    await draft.show(id);
  }

  async function send() {
    // Asked here first: the job made when it is accepted goes to this property (the server checks it too).
    if (values.propertyId === null) {
      const message = "Choose the property the work is at";
      form.setErrors((e) => ({ ...e, propertyId: message }));
      notify({ title: "Not sent", description: `${message} before sending the quote`, variant: "destructive" });
      return;
    }
    const sent = await draft.saveThen<AdminEstimate>("send", toastFailure("Not sent", "Please try again."));
    if (!sent) return;
    notify({ title: `Sent ${sent.answer.number}`, description: `E-mailed to ${customer.email}.`, variant: "success" });
    await draft.show(sent.id);
  }

  const title = estimate?.number ? `Quote ${estimate.number}` : estimate ? "Draft quote" : "New quote";
  return (
    <div className="estimate">
      <PageHeader
        title={title}
        subtitle={`For ${customer.name}`}
        actions={
          <Button asChild variant="soft" color="gray">
            <Link href={`/customers/${customer.id}`}>
              <BackIcon /> {customer.name}
            </Link>
          </Button>
        }
      />
      {estimate ? <EstimateStatus estimate={estimate} onChanged={() => onSaved?.()} /> : null}
      {estimate?.acceptance ? <AcceptedQuote estimate={estimate} onChanged={() => onSaved?.()} /> : null}
      {estimate?.jobId && estimate.status === "accepted" ? <JobBooking estimate={estimate} /> : null}
      {estimate?.status === "accepted" ? (
        <Flex justify="end" mb="4">
          <InvoiceFrom source={{ fromEstimateId: estimate.id }} label="Invoice the work" />
        </Flex>
      ) : null}
      <fieldset className="estimate-fields" disabled={fixed || busy}>
        <Card className="admin-panel">
          <Grid gap="4">
            <Field id="estimate-title" label="Title" error={errors.title}>
              <TextField.Root
                id="estimate-title"
                size="3"
                value={values.title}
                maxLength={120}
                onChange={(e) => set("title", e.target.value)}
                {...invalidProps("estimate-title", errors.title)}
              />
            </Field>
            <Field id="estimate-introduction" label="Introduction (optional)" error={errors.introduction}>
              <TextArea
                id="estimate-introduction"
                size="3"
                rows={2}
                value={values.introduction}
                maxLength={2000}
                onChange={(e) => set("introduction", e.target.value)}
              />
            </Field>
            <PropertyField
              id="estimate-propertyId"
              customerId={customer.id}
              value={values.propertyId}
              onChange={setProperty}
              error={errors.propertyId}
              required
            />
          </Grid>
        </Card>
        {values.options.map((option, index) => (
          <OptionEditor
            key={option.id ?? `new-${index}`}
            index={index}
            option={option}
            errors={errors}
            totals={priced[index] ? optionTotals(priced[index]!, pricedDeposit(values), vatRegistered) : null}
            vatRegistered={vatRegistered}
            canRemove={values.options.length > 1}
            canDuplicate={values.options.length < MAX_OPTIONS}
            onChange={(changed) => setOptions(values.options.map((o, i) => (i === index ? changed : o)))}
            onRemove={() => setOptions(values.options.filter((_, i) => i !== index))}
            onDuplicate={() =>
              setOptions([
                ...values.options,
                { name: `${option.name} (copy)`, lines: option.lines.map(({ id: _, ...l }) => ({ ...l })) },
              ])
            }
          />
        ))}
        {values.options.length < MAX_OPTIONS ? (
          <Button
            variant="soft"
            type="button"
            onClick={() => setOptions([...values.options, { name: `Option ${values.options.length + 1}`, lines: [blankLine()] }])}
          >
            <PlusIcon /> Add an option
          </Button>
        ) : null}
        <EstimateTerms
          values={values}
          set={set}
          errors={errors}
          isNew={!estimate}
          quoteValidDays={billing.data?.quoteValidDays ?? 30}
        />
      </fieldset>
      {fixed ? null : (
        <Flex gap="3" justify="end" wrap="wrap" mt="4">
          <Button size="3" variant="soft" onClick={saveOnly} disabled={busy}>
            {estimate ? "Save changes" : "Save draft"}
          </Button>
          <Button size="3" onClick={send} disabled={busy || !customer.email}>
            {estimate?.sentVersion ? "Send the new version" : "Send to customer"}
          </Button>
        </Flex>
      )}
      {customer.email ? null : (
        <Text as="p" size="2" color="amber" align="right" mt="2">
          Add {customer.name}'s e-mail address on their page to send the quote.
        </Text>
      )}
      <FieldError id="estimate-customerEmail" error={errors.customerEmail} />
      {estimate ? <DocumentHistory events={estimate.events} labels={estimateStatusLabels} mt="5" /> : null}
    </div>
  );
}
