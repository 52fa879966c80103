import { Button, Checkbox, Flex, Grid, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import type { FormEvent } from "react";
import { type BillingSettings, billingPatchSchema, VAT_STAGGERS, vatStaggerLabels } from "../../../../schema/api/billing";
import { parsePriceToPence, penceToDecimal } from "../../../../schema/format";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { changedFields, invalidProps, useForm } from "../../../lib/use-form";
import { ErrorState, LoadingState } from "../admin-states";
import { Field } from "../form-field";
import { SettingsSection } from "./settings-fields";

/** The form's text boxes: every value as typed; numbers and empty boxes are read on saving. */
type Form = Record<Exclude<keyof BillingSettings, "vatRegistered">, string> & { vatRegistered: boolean };

const formOf = (b: BillingSettings): Form => ({
  vatRegistered: b.vatRegistered,
  vatNumber: b.vatNumber ?? "",
  legalName: b.legalName ?? "",
  ownerName: b.ownerName ?? "",
  paymentTermsDays: String(b.paymentTermsDays),
  bankAccountName: b.bankAccountName ?? "",
  bankSortCode: b.bankSortCode ?? "",
  bankAccountNumber: b.bankAccountNumber ?? "",
  invoiceFooter: b.invoiceFooter,
  quoteTerms: b.quoteTerms,
  quoteValidDays: String(b.quoteValidDays),
  // Pounds, as typed ("60" or "60.00").
  labourRatePence: b.labourRatePence === null ? "" : penceToDecimal(b.labourRatePence),
  vatStagger: String(b.vatStagger),
});

const numberOrText = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : v);

/** The changed values as the API takes them. */
function patchOf(before: Form, after: Form): Record<string, unknown> {
  const changed = changedFields(before, after) as Partial<Form>;
  const patch: Record<string, unknown> = { ...changed };
  if (changed.paymentTermsDays !== undefined) patch.paymentTermsDays = numberOrText(changed.paymentTermsDays);
  if (changed.quoteValidDays !== undefined) patch.quoteValidDays = numberOrText(changed.quoteValidDays);
  if (changed.vatStagger !== undefined) patch.vatStagger = Number(changed.vatStagger);
  if (changed.labourRatePence !== undefined) {
    // Empty: priced per visit. Not a price: sent as typed, so the check names what is wrong.
    const typed = changed.labourRatePence.trim();
    patch.labourRatePence = typed === "" ? null : (parsePriceToPence(typed) ?? typed);
  }
  return patch;
}

/**
 * Billing (under Business Settings): VAT registration, the names and bank details invoices carry,
 * payment terms, and a quote's default terms and validity. Live on the next document, no rebuild.
 */
export function BillingSettingsForm() {
  const { data, error, refresh } = useAdminData<BillingSettings>("/api/admin/settings/billing");
  if (error) {
    return isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the billing settings.")} onRetry={refresh} />
    );
  }
  if (!data) return <LoadingState label="Loading the billing settings…" />;
  return <Loaded settings={data} onSaved={refresh} />;
}

function Loaded({ settings, onSaved }: { settings: BillingSettings; onSaved: () => unknown }) {
  const form = useForm<Form>({
    initial: () => formOf(settings),
    schema: billingPatchSchema,
    input: (values, initial) => patchOf(initial, values),
  });
  const { values, errors, set, busy } = form;
  const dirty = Object.keys(patchOf(form.initial, values)).length > 0;

  async function save(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async (_data, patch) => {
        const saved = await adminApi<BillingSettings>("/api/admin/settings/billing", { method: "PATCH", json: patch });
        form.reset(formOf(saved));
        notify({ title: "Billing settings saved", description: "The next quote or invoice uses them." });
        onSaved();
      },
      { onError: toastFailure("Not saved", "The billing settings were not saved") },
    );
  }

  const text = (key: Exclude<keyof Form, "vatRegistered" | "vatStagger">, label: string, hint?: string, extra?: object) => (
    <Field id={`billing-${key}`} label={label} error={errors[key]} hint={hint}>
      <TextField.Root
        id={`billing-${key}`}
        size="3"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        {...invalidProps(`billing-${key}`, errors[key])}
        {...extra}
      />
    </Field>
  );

  return (
    <form onSubmit={save} noValidate aria-label="Billing settings" className="settings-sections">
      <SettingsSection
        id="billing-vat"
        title="VAT and names"
        description="What every quote and invoice says about the business. VAT shows only when you are registered."
      >
        <Grid gap="3">
          <Text as="label" size="2" className="admin-check">
            <Checkbox checked={values.vatRegistered} onCheckedChange={(v) => set("vatRegistered", v === true)} /> Registered for
            VAT (quotes and invoices add VAT per line)
          </Text>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            {text("vatNumber", "VAT number", "Like GB 123 4567 89.", { autoComplete: "off" })}
            {text("legalName", "Legal name (optional)", "A company's registered name, when it differs from the trading name.")}
            {text("ownerName", "Your name, as a sole trader (optional)", "Shown as “<name> trading as <business>”.")}
            <Field
              id="billing-vatStagger"
              label="VAT quarters"
              error={errors.vatStagger}
              hint="As on your VAT registration certificate: the VAT report adds up these quarters."
            >
              <Select.Root value={values.vatStagger} onValueChange={(v) => set("vatStagger", v)}>
                <Select.Trigger id="billing-vatStagger" className="admin-select" />
                <Select.Content position="popper">
                  {VAT_STAGGERS.map((s) => (
                    <Select.Item key={s} value={String(s)}>
                      {vatStaggerLabels[s]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Field>
          </Grid>
        </Grid>
      </SettingsSection>
      <SettingsSection id="billing-invoices" title="Invoices" description="Payment terms and where to pay by bank transfer.">
        <Grid gap="3">
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            {text("paymentTermsDays", "Payment due after (days)", "0 means due on receipt.", { inputMode: "numeric" })}
            {text(
              "labourRatePence",
              "Labour rate, £ an hour before VAT (optional)",
              "A visit invoiced without its own price charges its job sheet's time at this rate.",
              { inputMode: "decimal" },
            )}
            {text("bankAccountName", "Account name")}
            {text("bankSortCode", "Sort code", undefined, { inputMode: "numeric", autoComplete: "off" })}
            {text("bankAccountNumber", "Account number", undefined, { inputMode: "numeric", autoComplete: "off" })}
          </Grid>
          <Field id="billing-invoiceFooter" label="Invoice footer" error={errors.invoiceFooter}>
            <TextArea
              id="billing-invoiceFooter"
              rows={2}
              value={values.invoiceFooter}
              onChange={(e) => set("invoiceFooter", e.target.value)}
              {...invalidProps("billing-invoiceFooter", errors.invoiceFooter)}
            />
          </Field>
        </Grid>
      </SettingsSection>
      <SettingsSection id="billing-quotes" title="Quotes" description="What a new quote starts with; each quote can change them.">
        <Grid gap="3">
          {text("quoteValidDays", "A quote is valid for (days)", undefined, { inputMode: "numeric" })}
          <Field id="billing-quoteTerms" label="Terms" error={errors.quoteTerms}>
            <TextArea
              id="billing-quoteTerms"
              rows={4}
              value={values.quoteTerms}
              onChange={(e) => set("quoteTerms", e.target.value)}
              {...invalidProps("billing-quoteTerms", errors.quoteTerms)}
            />
          </Field>
        </Grid>
      </SettingsSection>
      <Flex justify="end" gap="2" wrap="wrap">
        <Button type="button" variant="soft" color="gray" disabled={!dirty || busy} onClick={() => form.reset()}>
          Undo billing changes
        </Button>
        <Button type="submit" size="3" disabled={!dirty || busy}>
          {busy ? "Saving…" : "Save billing settings"}
        </Button>
      </Flex>
    </form>
  );
}
