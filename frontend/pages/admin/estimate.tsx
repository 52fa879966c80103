import { Badge, Box, Button, Card, Checkbox, Flex, Grid, Heading, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "wouter";
import type { BillingSettings } from "../../../schema/api/billing";
import type { AdminCustomer } from "../../../schema/api/customers";
import {
  type AdminEstimate,
  estimateCreateSchema,
  estimatePatchSchema,
  MAX_OPTIONS,
  optionTotals,
} from "../../../schema/api/estimates";
import { formatPence } from "../../../schema/format";
import { formatDateTime } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { AcceptedQuote } from "../../components/admin/estimates/deposit-money";
import {
  blankLine,
  depositInput,
  type EstimateForm,
  formOf,
  type LineForm,
  newEstimateForm,
  type OptionForm,
  optionsInput,
  pricedOptions,
} from "../../components/admin/estimates/estimate-form-state";
import { estimateStatusLabels } from "../../components/admin/estimates/estimate-labels";
import { JobBooking } from "../../components/admin/estimates/job-booking";
import { CataloguePicker, LineEditor } from "../../components/admin/estimates/line-editor";
import { type FieldErrors, fieldErrorsFrom } from "../../components/admin/form-errors";
import { Field, FieldError, invalidProps } from "../../components/admin/form-field";
import { BackIcon, PlusIcon, TrashIcon } from "../../components/admin/icons";
import { InvoiceFrom } from "../../components/admin/invoices/invoice-from";
import { PageHeader } from "../../components/admin/page-header";
import { RevokeLinks } from "../../components/admin/revoke-links";
import { PropertyField } from "../../components/admin/service-records/property-field";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { customerName, findCustomers } from "../../hooks/admin/use-customers";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import "../../components/admin/estimates/estimates.css";

/** /admin/estimates/new (for ?customerId=, from ?quoteRequestId=) and /admin/estimates/:id: the quote builder. */
export default function EstimatePage() {
  const { id } = useParams<{ id: string }>();
  if (id === "new") return <NewEstimate />;
  return <ExistingEstimate key={id} id={Number(id)} />;
}

function NewEstimate() {
  const [params] = useSearchParams();
  const customerId = Number(params.get("customerId")) || null;
  const quoteRequestId = Number(params.get("quoteRequestId")) || null;
  const customer = useAdminData<AdminCustomer>(customerId ? `/api/admin/customers/${customerId}` : "");
  if (!customerId) return <ChooseCustomer />;
  if (!customer.data)
    return customer.error ? (
      <ErrorState message="There is no customer with this number." onRetry={customer.refresh} />
    ) : (
      <LoadingState label="Loading…" />
    );
  return (
    <Builder
      customer={{ id: customerId, name: customerName(customer.data), email: customer.data.email }}
      quoteRequestId={quoteRequestId}
      initial={newEstimateForm(params.get("title") ?? "")}
    />
  );
}

/** A new quote starts with its customer: found by part of a name, e-mail, phone or postcode. */
function ChooseCustomer() {
  const [text, setText] = useState("");
  const [found, setFound] = useState<AdminCustomer[]>([]);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (text.trim().length < 3) return setFound([]);
    const timer = setTimeout(() => void findCustomers(text.trim()).then(setFound, () => setFound([])), 250);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <PageHeader title="New quote" subtitle="Who is it for?" />
      <Card className="admin-panel">
        <Field id="estimate-customer-search" label="Find the customer" hint="Part of a name, e-mail, phone number or postcode.">
          <TextField.Root
            id="estimate-customer-search"
            size="3"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Flex direction="column" gap="2" mt="3">
          {found.map((c) => (
            <Button key={c.id} variant="soft" onClick={() => navigate(`/estimates/new?customerId=${c.id}`)}>
              {customerName(c)} {c.postcode ? `· ${c.postcode}` : ""}
            </Button>
          ))}
        </Flex>
        <Text as="p" size="2" color="gray" mt="3">
          Someone new? <Link href="/customers">Add them as a customer</Link> first, then start the quote from their page.
        </Text>
      </Card>
    </>
  );
}

function ExistingEstimate({ id }: { id: number }) {
  const { data, error, refresh } = useAdminData<AdminEstimate>(`/api/admin/estimates/${id}`);
  if (!data) {
    if (!error) return <LoadingState label="Loading the quote…" />;
    if (isUnauthorized(error)) return null;
    const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <ErrorState
        message={missing ? "There is no quote with this number." : errorMessage(error, "Failed to load the quote.")}
        onRetry={refresh}
      />
    );
  }
  return (
    <Builder
      key={`${data.id}-${data.updatedAt}`}
      estimate={data}
      customer={{ id: data.customerId, name: data.customerName, email: data.customerEmail }}
      quoteRequestId={data.quoteRequestId}
      initial={formOf(data)}
      onSaved={refresh}
    />
  );
}

const depositLabels = { none: "No deposit", percent: "A percentage", fixed: "A fixed sum" } as const;

function Builder({
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
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const billing = useAdminData<BillingSettings>("/api/admin/settings/billing");
  const vatRegistered = estimate?.vatRegistered ?? billing.data?.vatRegistered ?? false;
  const fixed = estimate?.status === "accepted" || estimate?.status === "cancelled";
  const set = <K extends keyof EstimateForm>(key: K, value: EstimateForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };
  const setOption = (index: number, option: OptionForm) =>
    set(
      "options",
      form.options.map((o, i) => (i === index ? option : o)),
    );
  const priced = useMemo(() => pricedOptions(form), [form]);
  // Stable, so the property field's default (the customer's only property) is set once.
  const setProperty = useCallback((propertyId: number) => {
    setForm((f) => ({ ...f, propertyId }));
    setErrors((e) => (e.propertyId ? { ...e, propertyId: undefined } : e));
  }, []);

  function body() {
    return {
      title: form.title,
      introduction: form.introduction.trim() || null,
      options: optionsInput(form),
      ...(form.validUntil ? { validUntil: form.validUntil } : {}),
      terms: form.terms.trim() || (estimate ? null : undefined),
      deposit: depositInput(form),
      followUps: form.followUps,
      propertyId: form.propertyId,
    };
  }

  /** Saves what changed (or the whole quote when new); answers the saved quote's id, null when refused. */
  async function save(): Promise<number | null> {
    const input = body();
    // The whole quote each time: a sent quote's change becomes its next version on the server.
    const parsed = estimate
      ? estimatePatchSchema.safeParse(input)
      : estimateCreateSchema.safeParse({ ...input, customerId: customer.id, quoteRequestId });
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error.issues));
      notify({ title: "Not saved", description: parsed.error.issues[0]?.message, variant: "destructive" });
      return null;
    }
    setBusy(true);
    try {
      if (estimate) {
        await adminChange("PATCH", `/api/admin/estimates/${estimate.id}`, input);
        return estimate.id;
      }
      const created = await adminApi<AdminEstimate>("/api/admin/estimates", {
        json: { ...input, customerId: customer.id, quoteRequestId },
      });
      return created.id;
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e))
        notify({ title: "Not saved", description: errorMessage(e, "Please try again."), variant: "destructive" });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function saveOnly() {
    const id = await save();
    if (id === null) return;
    notify({ title: "Quote saved", variant: "success" });
    if (!estimate) navigate(`/estimates/${id}`, { replace: true });
    else await onSaved?.();
  }

  async function send() {
    // Asked here first: the job made when it is accepted goes to this property (the server checks it too).
    if (form.propertyId === null) {
      const message = "Choose the property the work is at";
      setErrors((e) => ({ ...e, propertyId: message }));
      notify({ title: "Not sent", description: `${message} before sending the quote`, variant: "destructive" });
      return;
    }
    const id = await save();
    if (id === null) return;
    setBusy(true);
    try {
      const sent = await adminApi<AdminEstimate>(`/api/admin/estimates/${id}/send`, { method: "POST" });
      notify({ title: `Sent ${sent.number}`, description: `E-mailed to ${customer.email}.`, variant: "success" });
      if (!estimate) navigate(`/estimates/${id}`, { replace: true });
      else await onSaved?.();
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e))
        notify({ title: "Not sent", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
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
      {estimate ? (
        <Flex gap="2" align="center" wrap="wrap" mb="4">
          <Badge
            size="2"
            variant="soft"
            highContrast
            color={
              estimate.status === "accepted"
                ? "green"
                : estimate.status === "declined" || estimate.status === "expired"
                  ? "red"
                  : "gray"
            }
          >
            {estimateStatusLabels[estimate.status]}
          </Badge>
          {estimate.unsentChanges ? (
            <Text size="2" color="amber">
              Changes not sent yet (version {estimate.version})
            </Text>
          ) : null}
          {estimate.jobId ? (
            <Link className="admin-muted-link" href={`/service-records?record=${estimate.jobId}`}>
              Open the job's visit
            </Link>
          ) : null}
          {estimate.customerUrl ? (
            <a className="admin-muted-link" href={estimate.customerUrl} target="_blank" rel="noopener">
              Open the customer's view
            </a>
          ) : null}
          {estimate.sentVersion !== null ? (
            <RevokeLinks<AdminEstimate>
              path={`/api/admin/estimates/${estimate.id}/revoke-links`}
              title={`Revoke the links to quote ${estimate.number}?`}
              description={
                estimate.acceptance
                  ? "Every link sent so far stops working at once: the accepted quote's page (where the customer pays the deposit or cancels) and its PDF, in every e-mail already sent. Send the customer the new link shown here."
                  : 'Every link sent so far stops working at once: the quote\'s page (where the customer accepts or declines it), in every e-mail already sent, follow-ups included. "Send again" e-mails the customer the new link.'
              }
              newLink={(answer) => answer.customerUrl}
              onRevoked={() => onSaved?.()}
            />
          ) : null}
        </Flex>
      ) : null}
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
                value={form.title}
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
                value={form.introduction}
                maxLength={2000}
                onChange={(e) => set("introduction", e.target.value)}
              />
            </Field>
            <PropertyField
              id="estimate-propertyId"
              customerId={customer.id}
              value={form.propertyId}
              onChange={setProperty}
              error={errors.propertyId}
              required
            />
          </Grid>
        </Card>
        {form.options.map((option, index) => (
          <OptionEditor
            key={option.id ?? `new-${index}`}
            index={index}
            option={option}
            errors={errors}
            totals={priced[index] ? optionTotals(priced[index]!, depositInputSafe(form), vatRegistered) : null}
            vatRegistered={vatRegistered}
            canRemove={form.options.length > 1}
            canDuplicate={form.options.length < MAX_OPTIONS}
            onChange={(o) => setOption(index, o)}
            onRemove={() =>
              set(
                "options",
                form.options.filter((_, i) => i !== index),
              )
            }
            onDuplicate={() =>
              set("options", [
                ...form.options,
                { name: `${option.name} (copy)`, lines: option.lines.map(({ id: _, ...l }) => ({ ...l })) },
              ])
            }
          />
        ))}
        {form.options.length < MAX_OPTIONS ? (
          <Button
            variant="soft"
            type="button"
            onClick={() => set("options", [...form.options, { name: `Option ${form.options.length + 1}`, lines: [blankLine()] }])}
          >
            <PlusIcon /> Add an option
          </Button>
        ) : null}
        <Card className="admin-panel">
          <Grid gap="4" columns={{ initial: "1", sm: "2" }}>
            <Field
              id="estimate-validUntil"
              label="Valid until"
              error={errors.validUntil}
              hint={form.validUntil ? undefined : `Left empty: ${billing.data?.quoteValidDays ?? 30} days from today.`}
            >
              <TextField.Root
                id="estimate-validUntil"
                size="3"
                type="date"
                value={form.validUntil}
                onChange={(e) => set("validUntil", e.target.value)}
                {...invalidProps("estimate-validUntil", errors.validUntil)}
              />
            </Field>
            <Field
              id="estimate-deposit"
              label="Deposit"
              error={errors.deposit ?? errors["deposit.percent"] ?? errors["deposit.pence"]}
            >
              <Flex gap="2" className="estimate-deposit">
                <Select.Root value={form.depositKind} onValueChange={(v) => set("depositKind", v as EstimateForm["depositKind"])}>
                  <Select.Trigger id="estimate-deposit" className="admin-select" />
                  <Select.Content position="popper">
                    {(Object.keys(depositLabels) as EstimateForm["depositKind"][]).map((k) => (
                      <Select.Item key={k} value={k}>
                        {depositLabels[k]}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                {form.depositKind === "none" ? null : (
                  <TextField.Root
                    size="3"
                    aria-label={form.depositKind === "percent" ? "Deposit (%)" : "Deposit (£)"}
                    inputMode="decimal"
                    value={form.depositValue}
                    onChange={(e) => set("depositValue", e.target.value)}
                  >
                    <TextField.Slot side="right">{form.depositKind === "percent" ? "%" : "£"}</TextField.Slot>
                  </TextField.Root>
                )}
              </Flex>
            </Field>
          </Grid>
          <Box mt="4">
            <Field
              id="estimate-terms"
              label="Terms"
              error={errors.terms}
              hint={estimate ? undefined : "Left empty: your default terms from the billing settings."}
            >
              <TextArea
                id="estimate-terms"
                size="3"
                rows={4}
                value={form.terms}
                maxLength={5000}
                onChange={(e) => set("terms", e.target.value)}
              />
            </Field>
          </Box>
          <Text as="label" size="2" mt="4" className="estimate-check">
            <Checkbox checked={form.followUps} onCheckedChange={(on) => set("followUps", on === true)} /> Send follow-up e-mails 3
            and 7 days after sending if not answered
          </Text>
        </Card>
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
      {estimate ? <History estimate={estimate} /> : null}
    </div>
  );
}

function depositInputSafe(form: EstimateForm) {
  const d = depositInput(form);
  if (!d) return null;
  if (d.kind === "percent") return Number.isFinite(d.percent) ? d : null;
  return Number.isFinite(d.pence) ? d : null;
}

function OptionEditor({
  index,
  option,
  errors,
  totals,
  vatRegistered,
  canRemove,
  canDuplicate,
  onChange,
  onRemove,
  onDuplicate,
}: {
  index: number;
  option: OptionForm;
  errors: FieldErrors;
  totals: ReturnType<typeof optionTotals> | null;
  vatRegistered: boolean;
  canRemove: boolean;
  canDuplicate: boolean;
  onChange: (o: OptionForm) => void;
  onRemove: () => void;
  onDuplicate: () => void;
}) {
  const id = (field: string) => `estimate-option-${index}-${field}`;
  const err = (field: string) => errors[`options.${index}.${field}`];
  const setLine = (j: number, line: LineForm) => onChange({ ...option, lines: option.lines.map((l, k) => (k === j ? line : l)) });
  return (
    <Card className="admin-panel estimate-option" aria-label={`Option: ${option.name || `${index + 1}`}`} role="group">
      <Flex gap="2" align="end" wrap="wrap" justify="between">
        <Box flexGrow="1">
          <Field id={id("name")} label="Option name" error={err("name")}>
            <TextField.Root
              id={id("name")}
              size="3"
              value={option.name}
              maxLength={60}
              onChange={(e) => onChange({ ...option, name: e.target.value })}
            />
          </Field>
        </Box>
        <Flex gap="2">
          {canDuplicate ? (
            <Button type="button" variant="soft" color="gray" onClick={onDuplicate}>
              Duplicate
            </Button>
          ) : null}
          {canRemove ? (
            <Button type="button" variant="soft" color="red" onClick={onRemove} aria-label={`Remove ${option.name}`}>
              <TrashIcon />
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <FieldError id={id("lines")} error={err("lines")} />
      <div className="estimate-lines">
        {option.lines.map((line, j) => (
          <LineEditor
            key={line.id ?? `new-${j}`}
            id={(field) => `${id("line")}-${j}-${field}`}
            line={line}
            error={(field) => err(`lines.${j}.${field}`)}
            vatRegistered={vatRegistered}
            onChange={(l) => setLine(j, l)}
            onRemove={
              option.lines.length > 1 ? () => onChange({ ...option, lines: option.lines.filter((_, k) => k !== j) }) : undefined
            }
          />
        ))}
      </div>
      <Flex gap="2" wrap="wrap" mt="3">
        <Button type="button" variant="soft" onClick={() => onChange({ ...option, lines: [...option.lines, blankLine()] })}>
          <PlusIcon /> Add a line
        </Button>
        <CataloguePicker
          onPick={(l) => onChange({ ...option, lines: [...option.lines.filter((x) => x.description || x.unitPrice), l] })}
        />
      </Flex>
      {totals ? (
        <dl className="estimate-totals" aria-label={`${option.name} totals`}>
          {vatRegistered ? (
            <>
              <dt>Net</dt>
              <dd>{formatPence(totals.netPence)}</dd>
              <dt>VAT</dt>
              <dd>{formatPence(totals.vatPence)}</dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd className="estimate-total">{formatPence(totals.grossPence)}</dd>
          {totals.depositPence > 0 ? (
            <>
              <dt>Deposit</dt>
              <dd>{formatPence(totals.depositPence)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}

function History({ estimate }: { estimate: AdminEstimate }): ReactNode {
  return (
    <Card className="admin-panel" mt="5">
      <Heading as="h2" size="4" mb="2">
        History
      </Heading>
      <ol className="estimate-history">
        {estimate.events.map((ev) => (
          <li key={`${ev.at}-${ev.kind}`}>
            <Text weight="medium">{estimateStatusLabels[ev.kind as keyof typeof estimateStatusLabels] ?? ev.kind}</Text>{" "}
            {formatDateTime(ev.at)}
            {ev.detail ? <Text color="gray"> · {ev.detail}</Text> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
