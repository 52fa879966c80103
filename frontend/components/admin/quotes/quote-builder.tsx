import { Button, Card, Flex, Grid, Text, TextArea, TextField } from "@radix-ui/themes";
import { useCallback, useMemo } from "react";
import { Link } from "wouter";
import type { BillingSettings } from "../../../../schema/api/billing";
import { type AdminQuote, MAX_OPTIONS, optionTotals, quoteCreateSchema, quotePatchSchema } from "../../../../schema/api/quotes";
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
import { JobBooking } from "./job-booking";
import { OptionEditor } from "./option-editor";
import { type OptionForm, pricedDeposit, pricedOptions, type QuoteForm, quoteInput } from "./quote-form-state";
import { quoteStatusLabels } from "./quote-labels";
import { QuoteStatus } from "./quote-status";
import { QuoteTerms } from "./quote-terms";
import { SendQuote } from "./send-quote";
import "./quotes.css";

/** The quote builder: a new quote, or a saved one (sent, accepted or not), with its options, terms and history. */
export function QuoteBuilder({
  quote,
  customer,
  enquiryId,
  initial,
  onSaved,
}: {
  quote?: AdminQuote;
  customer: { id: number; name: string; email: string | null };
  enquiryId: number | null;
  initial: QuoteForm;
  onSaved?: () => unknown;
}) {
  const billing = useAdminData<BillingSettings>("/api/admin/settings/billing");
  const vatRegistered = quote?.vatRegistered ?? billing.data?.vatRegistered ?? false;
  const fixed = quote?.status === "accepted" || quote?.status === "cancelled";
  const form = useForm<QuoteForm>({
    initial,
    // The whole quote each time: a sent quote's change becomes its next version on the server.
    schema: quote ? quotePatchSchema : quoteCreateSchema,
    input: (values) => (quote ? quoteInput(values, false) : { ...quoteInput(values, true), customerId: customer.id, enquiryId }),
  });
  const draft = useDraftDocument(form, {
    path: "/api/admin/estimates",
    screen: "/estimates",
    id: quote?.id,
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

  /** Checked before asking to send: the property, then the draft as Save checks it. */
  async function readyToSend() {
    // Asked here first: the job made when it is accepted goes to this property (the server checks it too).
    if (values.propertyId === null) {
      const message = "Choose the property the work is at";
      form.setErrors((e) => ({ ...e, propertyId: message }));
      notify({ title: "Not sent", description: `${message} before sending the quote`, variant: "destructive" });
      return false;
    }
    return draft.check();
  }

  async function send() {
    const sent = await draft.saveThen<AdminQuote>("send", toastFailure("Not sent", "Please try again."));
    if (!sent) return;
    notify({ title: `Sent ${sent.answer.number}`, description: `E-mailed to ${customer.email}.`, variant: "success" });
    await draft.show(sent.id);
  }

  const title = quote?.number ? `Quote ${quote.number}` : quote ? "Draft quote" : "New quote";
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
      {quote ? <QuoteStatus quote={quote} onChanged={() => onSaved?.()} /> : null}
      {quote?.acceptance ? <AcceptedQuote quote={quote} onChanged={() => onSaved?.()} /> : null}
      {quote?.visitId && quote.status === "accepted" ? <JobBooking quote={quote} /> : null}
      {quote?.status === "accepted" ? (
        <Flex justify="end" mb="4">
          <InvoiceFrom source={{ fromQuoteId: quote.id }} label="Invoice the work" />
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
        <QuoteTerms
          values={values}
          set={set}
          errors={errors}
          isNew={!quote}
          quoteValidDays={billing.data?.quoteValidDays ?? 30}
        />
      </fieldset>
      {fixed ? null : (
        <Flex gap="3" justify="end" wrap="wrap" mt="4">
          <Button size="3" variant="soft" onClick={saveOnly} disabled={busy}>
            {quote ? "Save changes" : "Save draft"}
          </Button>
          <SendQuote
            quote={quote}
            customer={customer}
            disabled={busy || !customer.email}
            beforeOpen={readyToSend}
            onSend={send}
          />
        </Flex>
      )}
      {customer.email ? null : (
        <Text as="p" size="2" color="amber" align="right" mt="2">
          Add {customer.name}'s e-mail address on their page to send the quote.
        </Text>
      )}
      <FieldError id="estimate-customerEmail" error={errors.customerEmail} />
      {quote ? <DocumentHistory events={quote.events} labels={quoteStatusLabels} mt="5" /> : null}
    </div>
  );
}
