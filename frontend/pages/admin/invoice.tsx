import { Badge, Box, Button, Card, Flex, Grid, Heading, Switch, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "wouter";
import type { BillingSettings } from "../../../schema/api/billing";
import type { AdminCustomer } from "../../../schema/api/customers";
import {
  type AdminInvoice,
  type InvoiceLine,
  invoicePatchSchema,
  invoiceTotals,
  paymentMethodLabels,
} from "../../../schema/api/invoices";
import { formatPence, parsePriceToPence, penceToDecimal } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { formatDate, formatDateTime, formatFullDate } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { blankLine, type LineForm } from "../../components/admin/estimates/estimate-form-state";
import { CataloguePicker, LineEditor } from "../../components/admin/estimates/line-editor";
import { type FieldErrors, fieldErrorsFrom } from "../../components/admin/form-errors";
import { Field, FieldError, invalidProps } from "../../components/admin/form-field";
import { BackIcon, PlusIcon } from "../../components/admin/icons";
import { CreditNoteForm } from "../../components/admin/invoices/credit-note-form";
import { invoiceStateLabels } from "../../components/admin/invoices/invoice-labels";
import { RecordPayment } from "../../components/admin/invoices/record-payment";
import { PageHeader } from "../../components/admin/page-header";
import { RevokeLinks } from "../../components/admin/revoke-links";
import { useAdminData } from "../../hooks/admin/use-admin-data";
import { customerName } from "../../hooks/admin/use-customers";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import "../../components/admin/estimates/estimates.css";

/** /admin/invoices/new?customerId= and /admin/invoices/:id: a draft to edit and issue, or an issued invoice. */
export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  if (id === "new") return <NewInvoice />;
  return <ExistingInvoice key={id} id={Number(id)} />;
}

const failed = (e: unknown, fallback: string) => {
  if (!isUnauthorized(e)) notify({ title: "Error", description: errorMessage(e, fallback), variant: "destructive" });
};

function NewInvoice() {
  const [params] = useSearchParams();
  const customerId = Number(params.get("customerId")) || null;
  const customer = useAdminData<AdminCustomer>(customerId ? `/api/admin/customers/${customerId}` : "");
  if (!customerId) {
    return (
      <>
        <PageHeader title="New invoice" />
        <Card className="admin-panel">
          <Text as="p">
            Start an invoice from a <Link href="/service-records">completed visit</Link>, an accepted{" "}
            <Link href="/estimates?status=accepted">priced quote</Link>, or a <Link href="/customers">customer's page</Link>.
          </Text>
        </Card>
      </>
    );
  }
  if (!customer.data)
    return customer.error ? (
      <ErrorState message="There is no customer with this number." onRetry={customer.refresh} />
    ) : (
      <LoadingState label="Loading…" />
    );
  return <DraftEditor customer={{ id: customerId, name: customerName(customer.data) }} />;
}

function ExistingInvoice({ id }: { id: number }) {
  const { data, error, refresh } = useAdminData<AdminInvoice>(`/api/admin/invoices/${id}`);
  if (!data) {
    if (!error) return <LoadingState label="Loading the invoice…" />;
    if (isUnauthorized(error)) return null;
    const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
    return (
      <ErrorState
        message={missing ? "There is no invoice with this number." : errorMessage(error, "Failed to load the invoice.")}
        onRetry={refresh}
      />
    );
  }
  if (data.state === "draft") {
    return (
      <DraftEditor
        key={data.updatedAt}
        invoice={data}
        customer={{ id: data.customerId ?? 0, name: data.customerName }}
        onSaved={refresh}
      />
    );
  }
  return <Issued invoice={data} onChanged={refresh} />;
}

const linesForm = (lines: InvoiceLine[]): LineForm[] =>
  lines.map((l) => ({
    id: l.id,
    description: l.description,
    quantity: String(l.quantity),
    unitPrice: penceToDecimal(l.unitPence),
    vatRate: l.vatRate,
    optional: false,
    productId: l.productId,
  }));

const linesInput = (lines: LineForm[]) =>
  lines.map((l) => ({
    ...(l.id ? { id: l.id } : {}),
    description: l.description,
    quantity: l.quantity.trim() === "" ? Number.NaN : Number(l.quantity.replace(",", ".")),
    unitPence: parsePriceToPence(l.unitPrice) ?? Number.NaN,
    vatRate: l.vatRate,
    productId: l.productId,
  }));

/** A draft: lines typed or picked from the catalogue, the date of the work, notes; saved, then issued. */
function DraftEditor({
  invoice,
  customer,
  onSaved,
}: {
  invoice?: AdminInvoice;
  customer: { id: number; name: string };
  onSaved?: () => unknown;
}) {
  const [, navigate] = useLocation();
  const billing = useAdminData<BillingSettings>("/api/admin/settings/billing");
  const vatRegistered = billing.data?.vatRegistered ?? invoice?.vatRegistered ?? false;
  const [lines, setLines] = useState<LineForm[]>(invoice ? linesForm(invoice.lines) : [blankLine()]);
  const [supplyDate, setSupplyDate] = useState(invoice?.supplyDate ?? londonToday());
  const [notes, setNotes] = useState(invoice?.notes ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const input = { lines: linesInput(lines), supplyDate, notes: notes.trim() || null };
  const priced = input.lines
    .map((l, i) => ({ ...l, id: l.id ?? `new-${i}` }))
    .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0 && Number.isFinite(l.unitPence));
  const totals = invoiceTotals(priced as InvoiceLine[], vatRegistered);

  async function save(): Promise<number | null> {
    const checked = invoicePatchSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrorsFrom(checked.error.issues));
      return null;
    }
    setBusy(true);
    try {
      const saved = invoice
        ? await adminApi<AdminInvoice>(`/api/admin/invoices/${invoice.id}`, { method: "PATCH", json: input })
        : await adminApi<AdminInvoice>("/api/admin/invoices", { json: { ...input, customerId: customer.id } });
      setErrors({});
      return saved.id;
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      failed(e, "The invoice was not saved");
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function saveDraft() {
    const id = await save();
    if (id === null) return;
    notify({ title: "Draft saved", description: "Issue it when it is ready." });
    if (!invoice) navigate(`/invoices/${id}`);
    else onSaved?.();
  }

  async function issue() {
    const id = await save();
    if (id === null) return;
    setBusy(true);
    try {
      const issued = await adminApi<AdminInvoice>(`/api/admin/invoices/${id}/issue`, { method: "POST" });
      notify({
        title: `Issued ${issued.number}`,
        description: issued.customerEmail
          ? `E-mailed to ${issued.customerEmail} with a link to pay.`
          : "No e-mail on file: print it or send the link.",
      });
      if (!invoice) navigate(`/invoices/${id}`);
      else onSaved?.();
    } catch (e) {
      failed(e, "The invoice was not issued");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!invoice) return;
    try {
      await adminApi(`/api/admin/invoices/${invoice.id}`, { method: "DELETE" });
      notify({ title: "Draft deleted" });
      navigate("/invoices");
    } catch (e) {
      failed(e, "The draft was not deleted");
    }
  }

  return (
    <div className="estimate-builder">
      <PageHeader
        title={invoice ? "Draft invoice" : "New invoice"}
        subtitle={`For ${customer.name}`}
        actions={
          <Button asChild variant="soft" color="gray">
            <Link href={`/customers/${customer.id}`}>
              <BackIcon /> {customer.name}
            </Link>
          </Button>
        }
      />
      <Card className="admin-panel" mb="4">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="invoice-supplyDate" label="Date of the work" error={errors.supplyDate}>
            <TextField.Root
              id="invoice-supplyDate"
              size="3"
              type="date"
              max={londonToday()}
              value={supplyDate}
              onChange={(e) => setSupplyDate(e.target.value)}
              {...invalidProps("invoice-supplyDate", errors.supplyDate)}
            />
          </Field>
        </Grid>
      </Card>
      <Card className="admin-panel estimate-option" role="group" aria-label="Lines">
        <FieldError id="invoice-lines" error={errors.lines} />
        <div className="estimate-lines">
          {lines.map((line, j) => (
            <LineEditor
              key={line.id ?? `new-${j}`}
              id={(field) => `invoice-line-${j}-${field}`}
              line={line}
              error={(field) => errors[`lines.${j}.${field}`]}
              vatRegistered={vatRegistered}
              canBeOptional={false}
              onChange={(l) => setLines((all) => all.map((x, k) => (k === j ? l : x)))}
              onRemove={lines.length > 1 ? () => setLines((all) => all.filter((_, k) => k !== j)) : undefined}
            />
          ))}
        </div>
        <Flex gap="2" wrap="wrap" mt="3">
          <Button type="button" variant="soft" onClick={() => setLines((all) => [...all, blankLine()])}>
            <PlusIcon /> Add a line
          </Button>
          <CataloguePicker onPick={(l) => setLines((all) => [...all.filter((x) => x.description || x.unitPrice), l])} />
        </Flex>
        <Totals invoice={{ totals, vatRegistered, depositPence: invoice?.depositPence ?? 0 }} />
      </Card>
      <Card className="admin-panel" mt="4">
        <Field id="invoice-notes" label="Notes (optional)" error={errors.notes} hint="Printed under the lines.">
          <TextArea id="invoice-notes" rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field>
      </Card>
      <Flex gap="2" justify="end" wrap="wrap" mt="4">
        {invoice ? (
          <ConfirmButton
            variant="soft"
            color="red"
            highContrast
            title="Delete this draft?"
            description="It has no number yet, so nothing is left behind."
            confirmLabel="Delete draft"
            onConfirm={remove}
          >
            Delete draft
          </ConfirmButton>
        ) : null}
        <Button size="3" variant="soft" onClick={saveDraft} disabled={busy}>
          Save draft
        </Button>
        <Button size="3" onClick={issue} disabled={busy}>
          Issue and send
        </Button>
      </Flex>
    </div>
  );
}

function Totals({
  invoice,
}: {
  invoice: Pick<AdminInvoice, "totals" | "vatRegistered" | "depositPence"> &
    Partial<Pick<AdminInvoice, "creditedPence" | "paidPence" | "balancePence">>;
}) {
  const { totals } = invoice;
  return (
    <dl className="estimate-totals" aria-label="Totals">
      {invoice.vatRegistered ? (
        <>
          <dt>Net</dt>
          <dd>{formatPence(totals.netPence)}</dd>
          <dt>VAT</dt>
          <dd>{formatPence(totals.vatPence)}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd className="estimate-total">{formatPence(totals.grossPence)}</dd>
      {invoice.depositPence > 0 ? (
        <>
          <dt>Deposit paid</dt>
          <dd>− {formatPence(invoice.depositPence)}</dd>
        </>
      ) : null}
      {invoice.creditedPence ? (
        <>
          <dt>Credited</dt>
          <dd>− {formatPence(invoice.creditedPence)}</dd>
        </>
      ) : null}
      {invoice.paidPence ? (
        <>
          <dt>Paid</dt>
          <dd>− {formatPence(invoice.paidPence)}</dd>
        </>
      ) : null}
      {invoice.balancePence === undefined ? null : invoice.balancePence < 0 ? (
        // Paid twice over (a card payment that crossed one taken in the office): the history says which.
        <>
          <dt>Paid over, to refund</dt>
          <dd className="estimate-total">{formatPence(-invoice.balancePence)}</dd>
        </>
      ) : (
        <>
          <dt>Left to pay</dt>
          <dd className="estimate-total">{formatPence(invoice.balancePence)}</dd>
        </>
      )}
    </dl>
  );
}

/** An issued invoice: what is owed, the payments and credit notes, and what the owner can do next. */
function Issued({ invoice, onChanged }: { invoice: AdminInvoice; onChanged: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [voidReason, setVoidReason] = useState("");
  const open = invoice.state !== "void" && invoice.state !== "paid";

  async function act<T>(run: () => Promise<T>, done: string, fallback: string): Promise<boolean> {
    setBusy(true);
    try {
      await run();
      notify({ title: done });
      await onChanged();
      return true;
    } catch (e) {
      failed(e, fallback);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const badge: ReactNode = (
    <Badge
      size="2"
      variant="soft"
      highContrast
      color={invoice.state === "paid" ? "green" : invoice.overdue ? "red" : invoice.state === "void" ? "gray" : "amber"}
    >
      {invoice.overdue ? "Overdue" : invoiceStateLabels[invoice.state]}
    </Badge>
  );
  return (
    <div className="estimate-builder">
      <PageHeader
        title={`Invoice ${invoice.number}`}
        subtitle={`For ${invoice.customerName}`}
        actions={
          invoice.customerId ? (
            <Button asChild variant="soft" color="gray">
              <Link href={`/customers/${invoice.customerId}`}>
                <BackIcon /> {invoice.customerName}
              </Link>
            </Button>
          ) : null
        }
      />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        {badge}
        <a className="admin-muted-link" href={invoice.pdfUrl!} target="_blank" rel="noopener">
          Open the PDF
        </a>
        <a className="admin-muted-link" href={invoice.payLink!} target="_blank" rel="noopener">
          Open the customer's page
        </a>
        <RevokeLinks<AdminInvoice>
          path={`/api/admin/invoices/${invoice.id}/revoke-links`}
          title={`Revoke the links to ${invoice.number}?`}
          description={`Every link sent so far stops working at once: the invoice's page (where it is paid), its PDF${invoice.creditNotes.length ? " and its credit notes' PDFs" : ""}. The e-mails already sent (the invoice, its reminders, the receipt) lead nowhere; the customer needs the new link.`}
          newLink={(answer) => answer.payLink}
          onRevoked={onChanged}
        />
      </Flex>
      <Card className="admin-panel" mb="4">
        <Text as="p" size="2">
          Issued {formatFullDate(invoice.issueDate!)} · due {formatFullDate(invoice.dueDate!)} · work on{" "}
          {formatDate(invoice.supplyDate)}
          {invoice.state === "void" ? ` · void: ${invoice.voidReason}` : ""}
        </Text>
        <ul className="estimate-history">
          {invoice.lines.map((l) => (
            <li key={l.id}>
              {l.quantity} × {l.description} · {formatPence(l.unitPence)}
              {invoice.vatRegistered ? ` · VAT ${l.vatRate} %` : ""}
            </li>
          ))}
        </ul>
        <Totals invoice={invoice} />
        {invoice.state !== "void" ? (
          <Flex gap="2" wrap="wrap" mt="3">
            {open ? (
              <RecordPayment
                number={invoice.number!}
                mostPence={invoice.balancePence}
                busy={busy}
                onRecord={({ on, ...payment }) =>
                  act(
                    () => adminApi(`/api/admin/invoices/${invoice.id}/payments`, { json: { ...payment, paidOn: on } }),
                    `Payment of ${formatPence(payment.amountPence)} recorded`,
                    "The payment was not recorded",
                  )
                }
              />
            ) : null}
            {invoice.balancePence < 0 ? (
              // Paid over (a credit note after payment, or two payments that crossed): give it back.
              <RecordPayment
                kind="refund"
                number={invoice.number!}
                mostPence={-invoice.balancePence}
                defaultMethod={invoice.payments.some((p) => p.method === "card") ? "card" : "bank"}
                busy={busy}
                onRecord={({ on, ...refund }) =>
                  act(
                    () => adminApi(`/api/admin/invoices/${invoice.id}/refunds`, { json: { ...refund, refundedOn: on } }),
                    `${formatPence(refund.amountPence)} refunded`,
                    "Nothing was refunded",
                  )
                }
              />
            ) : null}
            <Button variant="soft" disabled={busy} onClick={() => setCrediting(true)}>
              Credit note
            </Button>
          </Flex>
        ) : null}
        {invoice.state !== "void" ? (
          <Text as="label" size="2" className="admin-check" mt="3">
            <Switch
              checked={invoice.chase}
              disabled={busy || !open}
              onCheckedChange={(chase) =>
                act(
                  () => adminApi(`/api/admin/invoices/${invoice.id}/chasing`, { json: { chase } }),
                  chase ? "Reminders on" : "Reminders paused",
                  "Could not change the reminders",
                )
              }
            />{" "}
            Remind the customer by e-mail (3 days before the due date, on it, 7 and 14 days late)
          </Text>
        ) : null}
      </Card>
      {crediting ? (
        <CreditNoteForm
          lines={invoice.lines}
          busy={busy}
          onCancel={() => setCrediting(false)}
          onCredit={(input) =>
            act(
              () => adminApi(`/api/admin/invoices/${invoice.id}/credit-notes`, { json: input }),
              "Credit note issued",
              "The credit note was not issued",
            )
          }
        />
      ) : null}
      {invoice.payments.length || invoice.creditNotes.length ? (
        <Card className="admin-panel" mt="4">
          <Heading as="h2" size="4" mb="2">
            {invoice.refunds.length ? "Payments, refunds and credit notes" : "Payments and credit notes"}
          </Heading>
          <ul className="estimate-history">
            {invoice.payments.map((p) => (
              <li key={`p${p.id}`}>
                {formatPence(p.amountPence)} by {paymentMethodLabels[p.method].toLowerCase()} on {formatDate(p.paidOn)}
                {p.reference && p.method !== "card" ? ` · ${p.reference}` : ""}
              </li>
            ))}
            {invoice.refunds.map((r) => (
              <li key={`r${r.id}`}>
                {formatPence(r.amountPence)} refunded by {paymentMethodLabels[r.method].toLowerCase()} on{" "}
                {formatDate(r.refundedOn)}
                {/* A card refund's reference is Stripe's id, unless it went back by itself: then it says why. */}
                {r.reference && !r.reference.startsWith("re_") ? ` · ${r.reference}` : ""}
              </li>
            ))}
            {invoice.creditNotes.map((n) => (
              <li key={`c${n.id}`}>
                <a href={n.pdfUrl} target="_blank" rel="noopener">
                  {n.number}
                </a>{" "}
                · {formatPence(n.grossPence)} credited on {formatDate(n.issueDate)} · {n.reason}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {invoice.state === "issued" && invoice.paidPence === 0 ? (
        <Card className="admin-panel" mt="4">
          <Heading as="h2" size="4" mb="2">
            Void this invoice
          </Heading>
          <Text as="p" size="2" mb="2">
            For an invoice that should never have been issued. It keeps its number and is owed no more.
          </Text>
          <Box maxWidth="420px">
            <Field id="invoice-void-reason" label="Why">
              <TextField.Root
                id="invoice-void-reason"
                value={voidReason}
                maxLength={500}
                onChange={(e) => setVoidReason(e.target.value)}
              />
            </Field>
          </Box>
          <Flex mt="2">
            <ConfirmButton
              variant="soft"
              color="red"
              highContrast
              disabled={busy || voidReason.trim().length < 3}
              title={`Void ${invoice.number}?`}
              description="The customer's link will show it void, and it takes no payments."
              confirmLabel="Void it"
              onConfirm={() =>
                act(
                  () => adminApi(`/api/admin/invoices/${invoice.id}/void`, { json: { reason: voidReason.trim() } }),
                  `${invoice.number} is void`,
                  "The invoice was not voided",
                )
              }
            >
              Void
            </ConfirmButton>
          </Flex>
        </Card>
      ) : null}
      <Card className="admin-panel" mt="4">
        <Heading as="h2" size="4" mb="2">
          History
        </Heading>
        <ol className="estimate-history">
          {invoice.events.map((ev) => (
            <li key={`${ev.at}-${ev.kind}-${ev.detail}`}>
              <Text weight="medium">{invoiceEventLabels[ev.kind] ?? ev.kind}</Text> {formatDateTime(ev.at)}
              {ev.detail ? <Text color="gray"> · {ev.detail}</Text> : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

const invoiceEventLabels: Record<string, string> = {
  created: "Created",
  issued: "Issued",
  sent: "E-mailed",
  viewed: "Opened by the customer",
  reminded: "Reminded",
  paid: "Paid",
  refunded: "Refunded",
  credited: "Credited",
  voided: "Voided",
  chasing: "Reminders",
};
